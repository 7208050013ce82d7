import Foundation

/// A path the user typed (a command-line argument, a `cascade.json` value),
/// as a file URL taken literally.
///
/// Foundation's `URL(fileURLWithPath:)` expands a leading `~` to the home
/// folder. A shell has already expanded every `~` the user meant, so one
/// that reaches Cascade is a folder named `~` (`--output '~'`), and taking
/// it for the home folder would write the site among the user's files.
public enum UserPath {
    /// `text` as a file URL, `~` left as a name.
    public static func url(_ text: String) -> URL {
        URL(fileURLWithPath: text.hasPrefix("~") ? "./" + text : text)
    }
}
