import Foundation

/// Standard error output; standard output is plain `print`.
enum Console {
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
