/// Turns a parsed request into a response: the host check, methods, the
/// reserved live-reload paths, then one of the files the last good build
/// published (a ``ServedFiles`` snapshot), or the failure page while there
/// is none.
struct Responder: Sendable {
    let hosts: HostPolicy
    /// Serve mode: inject the live-reload script into HTML and answer its paths.
    let liveReload: Bool

    /// The answer to `request` from what `served` held when it arrived.
    func respond(to request: RequestHead, served: ServedFiles.Snapshot) -> Response {
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
        switch served {
        case .unavailable(let reason):
            let page = FailurePage.html(reason: reason, liveReload: liveReload)
            return Response(plan: .message(.serviceUnavailable, body: page, contentType: "text/html; charset=utf-8", isHead: isHead),
                            body: isHead ? .none : .bytes(page))
        case .published(let published, let root):
            return respond(to: request, lookup: published.lookup(path), in: root)
        }
    }

    private func respond(to request: RequestHead, lookup: PublishedSet.Lookup, in root: ServedRoot) -> Response {
        let isHead = request.method == "HEAD"
        switch lookup {
        case .notFound:
            return notFound(isHead: isHead)
        case .redirect(let location):
            return message(.movedPermanently, "Moved to \(location)", extra: [("Location", location)], isHead: isHead)
        case .file(let relative):
            // Listed, but it must still be a regular file beneath the folder,
            // reached without a link: a file swapped for one is not found.
            guard let file = root.openFile(relative) else { return notFound(isHead: isHead) }
            let info = file.info
            let type = MediaType.of(fileName: relative)
            if liveReload, type.hasPrefix("text/html"), let page = file.readAll() {
                return bytes(LiveReloadScript.inject(into: page), type: type, modified: info.seconds, request: request, tag: info.etag)
            }
            let resource = Resource(size: info.size, modified: info.seconds, etag: info.etag, contentType: type)
            let plan = ResponsePlan.forFile(resource, request: request)
            return Response(plan: plan, body: plan.body.map { .file(file, range: $0) } ?? .none)
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
}
