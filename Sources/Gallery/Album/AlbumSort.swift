/// How an album orders its photos and sub-albums (`"sort"` in `album.json`).
///
/// A sub-album inherits its parent's sort unless its own `album.json` says
/// otherwise; the root defaults to ``name``. An explicit `"order"` list puts
/// the names it lists first, in its order, and the rest follow by this sort.
public enum AlbumSort: String, Sendable, Equatable, CaseIterable {
    /// Natural name order: `img2` before `img10`.
    case name
    case nameDescending = "name-desc"
    /// Oldest first by capture time (its UTC offset applied when known);
    /// undated photos after the dated ones, by name.
    case date
    /// Newest first; undated photos still last, by name.
    case dateDescending = "date-desc"

    /// Orders `items` (already in natural name order) by this sort: `date`
    /// gives each item's time key, nil for undated. Stable.
    func ordered<Item>(_ items: [Item], date: (Item) -> PhotoDate.SortKey?) -> [Item] {
        switch self {
        case .name: return items
        case .nameDescending: return items.reversed()
        case .date, .dateDescending:
            let keyed = items.enumerated().map { (offset: $0.offset, item: $0.element, key: date($0.element)) }
            let dated = keyed.filter { $0.key != nil }.sorted { lhs, rhs in
                if lhs.key! != rhs.key! { return self == .date ? lhs.key! < rhs.key! : lhs.key! > rhs.key! }
                return lhs.offset < rhs.offset
            }
            return (dated + keyed.filter { $0.key == nil }).map(\.item)
        }
    }

    /// `items` with the names `order` lists first, in that order, then the rest as they were.
    static func applying<Item>(order: [String], to items: [Item], name: (Item) -> String) -> [Item] {
        guard !order.isEmpty else { return items }
        var position: [String: Int] = [:]
        for (index, entry) in order.enumerated() where position[NameKey.of(entry)] == nil {
            position[NameKey.of(entry)] = index
        }
        let listed = items.filter { position[NameKey.of(name($0))] != nil }
            .sorted { position[NameKey.of(name($0))]! < position[NameKey.of(name($1))]! }
        return listed + items.filter { position[NameKey.of(name($0))] == nil }
    }
}

/// File and folder names as `album.json` keys compare them: as Unicode text
/// in NFC, so a name typed on macOS (NFD) matches the same name from Linux.
enum NameKey {
    static func of(_ name: String) -> String { name.nfc }
}
