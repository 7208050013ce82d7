import Foundation

/// Finds where a key of a JSON text is written, so an `album.json` problem
/// can name its line and column. Pure, and only run once a problem is found:
/// one pass over the bytes, which are already known to be valid JSON.
enum JSONKeyLocator {
    /// The byte offset of the opening quote of the key at `path` (object keys
    /// from the top level down: `["photos", "a.jpg", "captoin"]`), or nil when
    /// no key has that path (arrays are never looked into).
    static func offset(of path: [String], in bytes: [UInt8]) -> Int? {
        guard !path.isEmpty else { return nil }
        /// One open object or array: an object remembers its current key, and
        /// whether the next string is a key.
        struct Frame {
            var isObject: Bool
            var key: String?
            var expectsKey: Bool
        }
        var stack: [Frame] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): stack.append(Frame(isObject: true, key: nil, expectsKey: true))
            case UInt8(ascii: "["): stack.append(Frame(isObject: false, key: nil, expectsKey: false))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].isObject { stack[last].expectsKey = true }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard let last = stack.indices.last, stack[last].isObject, stack[last].expectsKey else { break }
                let raw = Data(bytes[start...min(index, bytes.count - 1)])
                let key = (try? JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)) as? String
                stack[last].key = key
                stack[last].expectsKey = false
                if stack.count == path.count, key == path.last,
                   zip(stack.dropLast(), path.dropLast()).allSatisfy({ $0.isObject && $0.key == $1 }) {
                    return start
                }
            default: break
            }
            index += 1
        }
        return nil
    }
}
