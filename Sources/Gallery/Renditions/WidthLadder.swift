/// The shared set of rendition widths, and which of them each photo gets.
///
/// Every tile of one column count is equally wide, so the widths a tile can be
/// shown at are known from the grid geometry alone: for each breakpoint, the
/// column width at its narrowest and widest container, at 1x and 2x pixel
/// density. Mapping those onto a short shared ladder keeps the number of files
/// small and lets browsers and CDNs cache well, while the `srcset` lets the
/// browser fetch the smallest file that is sharp at its real width.
public struct WidthLadder: Sendable, Equatable {
    /// Candidate widths, ascending, in pixels.
    var rungs: [Int]
    /// The width of the large rendition for the full view (photo page, viewer).
    public var large: Int

    public init(rungs: [Int], large: Int) {
        self.rungs = rungs.sorted()
        self.large = large
    }

    public static let standard = WidthLadder(rungs: [320, 480, 640, 960, 1280, 1920, 2560], large: 2048)

    /// The tile widths a photo must be sharp at: the smallest rung at or above
    /// each breakpoint's widest column at 1x and 2x density (and the narrowest,
    /// so small screens get small files).
    func tileWidths(for geometry: GridGeometry, densities: [Double] = [1, 2]) -> [Int] {
        var chosen = Set<Int>()
        for breakpoint in geometry.breakpoints {
            for container in [max(breakpoint.minWidth, 320), breakpoint.maxWidth] {
                let column = geometry.columnWidth(containerWidth: container, columns: breakpoint.columns)
                for density in densities {
                    let needed = Int((column * density).rounded(.up))
                    chosen.insert(rungs.first { $0 >= needed } ?? rungs.last ?? needed)
                }
            }
        }
        return chosen.sorted()
    }

    /// The widths to make for one photo of `displayWidth` × `displayHeight`
    /// pixels: the tile widths and the large width, none above the original.
    /// The large image fits a `large` × `large` box (as photo sites size their
    /// "large" images), so a portrait one is no taller than a landscape one is
    /// wide: a screen shows it whole at that height, and a 2048 px wide
    /// portrait would cost half again the pixels to make and to download.
    /// When the original is narrower than a needed width, the original width
    /// itself is used once, so even a small photo gets an upright,
    /// metadata-free rendition.
    func widths(forDisplayWidth displayWidth: Int, displayHeight: Int, tileWidths: [Int]) -> [Int] {
        guard displayWidth > 0 else { return [] }
        var result = Set<Int>()
        for width in tileWidths + [largeWidth(forDisplayWidth: displayWidth, displayHeight: displayHeight)] {
            result.insert(min(width, displayWidth))
        }
        return result.sorted()
    }

    /// The height of the large image of a `displayWidth` × `displayHeight`
    /// photo when the box bounds its height (a portrait taller than `large`):
    /// exactly `large`. Its width is rounded down to a whole pixel, and the
    /// height that width alone gives can land a pixel short of the box
    /// (1641 of a 1728 × 2156 photo is 2047.4 px tall), so the height is
    /// given, not derived. Nil when the height follows from the width.
    func largeHeight(forDisplayWidth displayWidth: Int, displayHeight: Int) -> Int? {
        displayHeight > displayWidth && displayHeight > large ? large : nil
    }

    /// The width of the large image of a `displayWidth` × `displayHeight` photo: the
    /// `large` × `large` box, never wider than the photo.
    func largeWidth(forDisplayWidth displayWidth: Int, displayHeight: Int) -> Int {
        let width = displayHeight > displayWidth
            ? max(1, Int((Double(large) * Double(displayWidth) / Double(displayHeight)).rounded(.down)))
            : large
        return min(width, max(displayWidth, 1))
    }
}
