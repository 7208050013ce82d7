/// The `Content-Type` for a file name, by extension (case-insensitive):
/// every kind Cascade writes or publishes (pages, styles, scripts, images,
/// originals, videos, feeds, fonts), `application/octet-stream` otherwise.
public enum MediaType {
    public static func of(fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fallback }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        return table[ext] ?? fallback
    }

    static let fallback = "application/octet-stream"

    static let table: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "xml": "application/xml", "atom": "application/atom+xml", "rss": "application/rss+xml",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp", "avif": "image/avif",
        "gif": "image/gif", "svg": "image/svg+xml", "ico": "image/x-icon", "bmp": "image/bmp",
        "tif": "image/tiff", "tiff": "image/tiff", "heic": "image/heic", "heif": "image/heif", "jxl": "image/jxl",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime",
        "ogv": "video/ogg", "mkv": "video/x-matroska",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "ogg": "audio/ogg", "oga": "audio/ogg", "wav": "audio/wav",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "wasm": "application/wasm", "gpx": "application/gpx+xml", "zip": "application/zip",
    ]
}
