import Foundation
import Glibc

/// A test client on a raw socket: sends exactly the bytes given (no
/// normalising of `..`, unlike curl) and reads one response.
final class RawClient {
    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let fd: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port`, from the loopback address `source`
    /// when given (any of 127/8: another client as the server counts them),
    /// with a receive buffer of `receiveBuffer` bytes when given (a client
    /// slow to read).
    init(port: Int, from source: String? = nil, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(fd); throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads more bytes, waiting at most `timeout` seconds; nil on close or timeout.
    func readSome(timeout: Double) -> [UInt8]? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[..<count])
    }

    /// Whether the server closed the connection within `timeout` seconds.
    func isClosed(within timeout: Double) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return true }
        }
        return false
    }

    /// Reads one response; the body by Content-Length (none for HEAD or
    /// 304), else to the close.
    func response(head isHead: Bool = false, timeout: Double = 5) throws -> Reply {
        let end = Date().addingTimeInterval(timeout)
        func more() throws {
            guard let bytes = readSome(timeout: max(0.01, end.timeIntervalSinceNow)) else { throw POSIXError(.ETIMEDOUT) }
            pending += bytes
        }
        var headEnd: Int?
        while headEnd == nil {
            if let range = findBlankLine() { headEnd = range } else { try more() }
        }
        let headText = String(decoding: pending[..<headEnd!], as: UTF8.self)
        pending.removeFirst(headEnd!)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            let parts = line.split(separator: ":", maxSplits: 1)
            headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        let status = Int(statusLine[1]) ?? 0
        let length = isHead || status == 304 ? 0 : Int(headers["content-length"] ?? "") ?? -1
        if length >= 0 {
            while pending.count < length { try more() }
            let body = Array(pending[..<length])
            pending.removeFirst(length)
            return Reply(status: status, headers: headers, body: body)
        }
        while let bytes = readSome(timeout: max(0.01, end.timeIntervalSinceNow)) { pending += bytes }
        defer { pending = [] }
        return Reply(status: status, headers: headers, body: pending)
    }

    /// Sends one request and reads its response.
    func request(_ text: String, head: Bool = false) throws -> Reply {
        send(text)
        return try response(head: head)
    }

    private func findBlankLine() -> Int? {
        guard pending.count >= 4 else { return nil }
        for index in 0...(pending.count - 4)
        where pending[index] == 13 && pending[index + 1] == 10 && pending[index + 2] == 13 && pending[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
