import Glibc

/// Turns a parsed request into a response: the host check, methods, the
/// reserved live-reload paths, then a file from the served folder.
struct Responder: Sendable {
    let files: FileResolver
    let hosts: HostPolicy
    /// Serve mode: inject the live-reload script into HTML and answer its paths.
    let liveReload: Bool

    func respond(to request: RequestHead) -> Response {
        let isHead = request.method == "HEAD"
        if let host = request.header("Host"), !hosts.allows(host) {
            return message(.forbidden, "This preview answers only requests for localhost.", isHead: isHead)
        }
        guard request.method == "GET" || isHead else {
            return message(.methodNotAllowed, "Only GET and HEAD.", extra: [("Allow", "GET, HEAD")], isHead: isHead)
        }
        let path: SafePath
        do {
            path = try SafePath(target: request.target)
        } catch {
            return error.status == .notFound ? notFound(isHead: isHead) : message(error.status, error.status.reason, isHead: isHead)
        }
        let pathText = "/" + path.segments.joined(separator: "/") + (path.endsInSlash && !path.segments.isEmpty ? "/" : "")
        if liveReload, pathText.hasPrefix(LiveReloadScript.reservedPrefix) {
            if pathText == LiveReloadScript.path {
                return bytes(Array(LiveReloadScript.source.utf8), type: "text/javascript; charset=utf-8", modified: 0, request: request)
            }
            if pathText == LiveReloadScript.eventsPath, !isHead {
                return Response(plan: .message(.ok, body: []), body: .none, isEventStream: true)
            }
            return notFound(isHead: isHead)
        }
        switch files.lookup(path) {
        case .notFound:
            return notFound(isHead: isHead)
        case .redirect(let location):
            return message(.movedPermanently, "Moved to \(location)", extra: [("Location", location)], isHead: isHead)
        case .file(let file, let info):
            let type = MediaType.of(fileName: file)
            if liveReload, type.hasPrefix("text/html"), let page = Self.readWhole(file) {
                return bytes(LiveReloadScript.inject(into: page), type: type, modified: info.seconds, request: request,
                             tag: Resource.etag(size: info.size, seconds: info.seconds, nanoseconds: info.nanoseconds, inode: info.inode))
            }
            let resource = Resource(size: info.size, modified: info.seconds,
                                    etag: Resource.etag(size: info.size, seconds: info.seconds,
                                                        nanoseconds: info.nanoseconds, inode: info.inode),
                                    contentType: type)
            let plan = ResponsePlan.forFile(resource, request: request)
            return Response(plan: plan, body: plan.body.map { .file(path: file, range: $0) } ?? .none)
        }
    }

    /// An in-memory body planned like a file (ranges, conditionals); its tag
    /// is the file's, marked so it never matches the file served plain.
    private func bytes(_ body: [UInt8], type: String, modified: Int, request: RequestHead, tag: String? = nil) -> Response {
        let etag = tag.map { "\"live-" + $0.dropFirst() } ?? "\"live-\(body.count)-\(Self.checksum(body))\""
        let plan = ResponsePlan.forFile(Resource(size: body.count, modified: modified, etag: etag, contentType: type), request: request)
        return Response(plan: plan, body: plan.body.map { .bytes(Array(body[$0])) } ?? .none)
    }

    private func message(_ status: HTTPStatus, _ text: String, extra: [(name: String, value: String)] = [],
                         isHead: Bool) -> Response {
        let body = Array((text + "\n").utf8)
        return Response(plan: .message(status, body: body, extra: extra, isHead: isHead), body: isHead ? .none : .bytes(body))
    }

    private func notFound(isHead: Bool) -> Response {
        var page = Array(Self.notFoundPage.utf8)
        if liveReload { page = LiveReloadScript.inject(into: page) }
        return Response(plan: .message(.notFound, body: page, contentType: "text/html; charset=utf-8", isHead: isHead),
                        body: isHead ? .none : .bytes(page))
    }

    static let notFoundPage = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
    <body><h1>Not found</h1><p>Nothing is published at this address. <a href="/">Home</a></p></body></html>

    """

    /// FNV-1a, enough to tell two versions of the script apart.
    private static func checksum(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// A whole (small) page; nil if it cannot be read.
    private static func readWhole(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return result }
            result += chunk[..<count]
        }
    }
}
