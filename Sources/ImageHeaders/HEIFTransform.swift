/// Composes the HEIF transformative properties `irot` (counter-clockwise
/// quarter turns) and `imir` (axis 0: top and bottom exchanged; axis 1: left
/// and right) in the order they are associated, and names the Exif
/// orientation that does the same. Matches libavif and Pillow.
struct HEIFTransform {
    /// 2×2 integer matrix mapping stored (x, y) to displayed, row-major.
    private var matrix = [1, 0, 0, 1]

    mutating func rotate(quarterTurnsCounterClockwise turns: Int) {
        for _ in 0..<(turns & 3) {
            apply([0, 1, -1, 0])  // (x, y) -> (y, -x)
        }
    }

    mutating func mirror(axis: Int) {
        apply(axis & 1 == 0 ? [1, 0, 0, -1] : [-1, 0, 0, 1])
    }

    /// Left-multiplies: `next` is applied after the transforms so far.
    private mutating func apply(_ next: [Int]) {
        let m = matrix
        matrix = [
            next[0] * m[0] + next[1] * m[2], next[0] * m[1] + next[1] * m[3],
            next[2] * m[0] + next[3] * m[2], next[2] * m[1] + next[3] * m[3],
        ]
    }

    /// The Exif orientation with the same matrix.
    var orientation: Orientation {
        switch matrix {
        case [-1, 0, 0, 1]: .upMirrored
        case [-1, 0, 0, -1]: .down
        case [1, 0, 0, -1]: .downMirrored
        case [0, 1, 1, 0]: .leftMirrored
        case [0, -1, 1, 0]: .right
        case [0, -1, -1, 0]: .rightMirrored
        case [0, 1, -1, 0]: .left
        default: .up
        }
    }
}
