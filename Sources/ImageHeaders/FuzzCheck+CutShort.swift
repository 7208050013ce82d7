extension FuzzCheck {
    /// Traps unless ``VideoCutShort/find(in:length:format:limits:)`` returns
    /// for `bytes` without an error (an array never fails to read) and any
    /// cut it reports names a part that starts inside the input and runs past its end.
    static func checkCutShort(_ bytes: [UInt8], format: ImageFormat) {
        let found: VideoCutShort?
        do {
            found = try VideoCutShort.find(in: bytes, length: bytes.count, format: format)
        } catch {
            preconditionFailure("an array never fails to read: \(error)")
        }
        guard let found else { return }
        precondition(found.fileLength == bytes.count, "the length it was given")
        switch found.reason {
        case .runsPastEnd(_, let start, let declaredEnd):
            precondition(start >= 0 && start < bytes.count && declaredEnd > bytes.count, "a part running past the end")
        case .noEndOfStream(let lastPage):
            precondition(lastPage >= 0 && lastPage < bytes.count, "a last page inside the input")
        }
    }
}
