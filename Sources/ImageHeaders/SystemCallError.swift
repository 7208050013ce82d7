#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed POSIX call (`open`, `fstat`, `pread`) and its `errno`.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call that failed, e.g. `open`.
    public var call: String
    /// The `errno` value it left.
    public var code: Int32

    /// Creates an error for `call` with `errno` value `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The system's text for the error, e.g. `No such file or directory`.
    public var description: String {
        String(cString: strerror(code))
    }
}
