/// The page every request gets while no build has succeeded: nothing of the
/// folder is served then, only why. Pure.
public enum FailurePage {
    /// The element holding the reason, which the live script updates when
    /// another build fails.
    public static let reasonID = "cascade-build-failure"

    /// The page for `reason`, escaped so nothing in it is markup; with live
    /// reload on, the script that reloads it once a build succeeds.
    public static func html(reason: String, liveReload: Bool) -> [UInt8] {
        let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head>
        <body><h1>The site could not be built</h1>
        <pre id="\(reasonID)">\(escaped(reason))</pre>
        <p>Nothing is served until a build succeeds.\(liveReload ? " This page reloads when one does." : "")</p></body></html>

        """
        let bytes = Array(page.utf8)
        return liveReload ? LiveReloadScript.inject(into: bytes) : bytes
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
