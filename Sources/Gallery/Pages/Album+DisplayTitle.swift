extension Album {
    /// The title pages show: the album's own title as written, else its
    /// folder name made readable (`Keck_Observatory-2007` → `Keck
    /// Observatory 2007`), so a long folder name wraps between words.
    var displayTitle: String { ownTitle ?? PhotoText.readable(name) ?? name }
}
