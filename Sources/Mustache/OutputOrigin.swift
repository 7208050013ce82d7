/// Where one stretch of rendered output came from: a template's own text, or
/// a variable and the data it was given.
///
/// Recorded with `RenderOptions.traceOrigins`, so a page that fails a check
/// can name the template line and the data behind the failing position.
public struct OutputOrigin: Sendable, Equatable {
    /// UTF-8 byte offsets in the output.
    public var range: Range<Int>
    /// The template that wrote it, e.g. `Templates/tile.mustache`.
    public var template: String
    /// Where in that template: the text's first byte or the tag's opening delimiter.
    public var location: SourceLocation
    /// The variable's name for interpolated data; nil for template text.
    public var variable: String?
    /// The data as given (before escaping), for interpolated data.
    public var value: String?

    /// Creates an origin record.
    public init(range: Range<Int>, template: String, location: SourceLocation,
                variable: String? = nil, value: String? = nil) {
        self.range = range
        self.template = template
        self.location = location
        self.variable = variable
        self.value = value
    }
}

extension Array where Element == OutputOrigin {
    /// The origin of the byte at `offset`, if any stretch covers it; else the
    /// last stretch that ends at or before it (a check often reports the
    /// position just after the culprit).
    public func origin(at offset: Int) -> OutputOrigin? {
        // Stretches are in output order and do not overlap.
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].range.lowerBound <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        return self[low - 1]
    }
}
