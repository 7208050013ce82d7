/// The script that makes open pages follow the build, and where it goes.
/// Served only by `cascade serve` at ``path``; the files on disk never hold it.
public enum LiveReloadScript {
    /// Reserved for the preview itself; Cascade writes nothing under it.
    public static let reservedPrefix = "/_cascade/"
    public static let path = "/_cascade/live.js"
    public static let eventsPath = "/_cascade/events"

    /// The tag added to every HTML response in serve mode.
    public static let tag = "<script src=\"\(path)\"></script>"

    /// Listens on the server's event stream: `reload` reloads the page, a
    /// `failure` shows the build error in an overlay (as text, so nothing in
    /// the message can run), removed when the next build succeeds; on the
    /// ``FailurePage`` it replaces the reason shown instead.
    public static let source = """
    (() => {
      "use strict";
      const events = new EventSource("\(eventsPath)");
      let overlay = null;
      events.addEventListener("reload", () => location.reload());
      events.addEventListener("failure", (event) => {
        // The failure page itself (no build has succeeded yet): its reason, updated.
        const reason = document.getElementById("\(FailurePage.reasonID)");
        if (reason) {
          reason.textContent = event.data;
          return;
        }
        if (!overlay) {
          overlay = document.createElement("div");
          overlay.id = "cascade-build-error";
          overlay.setAttribute("role", "alert");
          overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;" +
            "background:rgba(20,20,20,.94);color:#ffd7d7;font:14px/1.5 ui-monospace,monospace;white-space:pre-wrap";
          document.body.appendChild(overlay);
        }
        overlay.textContent = "cascade serve: the last build failed; this page is the last good one.\\n\\n" + event.data;
      });
    })();

    """

    /// `html` with ``tag`` inserted before its last `</body>` (any case), or
    /// appended when it has none. Pure.
    public static func inject(into html: [UInt8]) -> [UInt8] {
        let needle = Array("</body".utf8)
        let tagBytes = Array(tag.utf8)
        var index = html.count - needle.count
        while index >= 0 {
            var matches = true
            for offset in 0..<needle.count where lowercased(html[index + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return Array(html[..<index]) + tagBytes + Array(html[index...]) }
            index -= 1
        }
        return html + tagBytes
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }
}
