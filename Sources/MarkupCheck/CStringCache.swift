/// C strings converted to `String` once per distinct pointer, for strings
/// that are interned on the C side (libxml2's dictionary): equal pointers
/// are equal strings, and every use shares one `String` storage instead of
/// allocating its own.
struct CStringCache {
    private var known: [UnsafePointer<CChar>: String] = [:]

    /// The string at `pointer`, nil for a null pointer.
    mutating func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        if let string = known[pointer] { return string }
        let string = String(cString: pointer)
        known[pointer] = string
        return string
    }
}
