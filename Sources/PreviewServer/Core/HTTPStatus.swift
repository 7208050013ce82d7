/// The statuses the preview server answers with, each with its reason phrase.
public enum HTTPStatus: Int, Sendable, Equatable {
    case ok = 200
    case partialContent = 206
    case movedPermanently = 301
    case notModified = 304
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case requestTimeout = 408
    case payloadTooLarge = 413
    case uriTooLong = 414
    case rangeNotSatisfiable = 416
    case headerFieldsTooLarge = 431
    case internalServerError = 500
    case notImplemented = 501
    case serviceUnavailable = 503
    case versionNotSupported = 505

    /// The reason phrase of the status line.
    public var reason: String {
        switch self {
        case .ok: "OK"
        case .partialContent: "Partial Content"
        case .movedPermanently: "Moved Permanently"
        case .notModified: "Not Modified"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .requestTimeout: "Request Timeout"
        case .payloadTooLarge: "Content Too Large"
        case .uriTooLong: "URI Too Long"
        case .rangeNotSatisfiable: "Range Not Satisfiable"
        case .headerFieldsTooLarge: "Request Header Fields Too Large"
        case .internalServerError: "Internal Server Error"
        case .notImplemented: "Not Implemented"
        case .serviceUnavailable: "Service Unavailable"
        case .versionNotSupported: "HTTP Version Not Supported"
        }
    }
}
