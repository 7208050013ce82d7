/// What an image's header says about its size and orientation: everything a
/// layout needs without decoding pixels, plus descriptive ``metadata``.
public struct ImageHeader: Sendable, Equatable, CustomStringConvertible {
    /// The format recognised from the file's signature.
    public var format: ImageFormat
    /// The coded size (JPEG SOFn, PNG IHDR, HEIF `ispe`, …) before any crop or
    /// orientation is applied.
    public var storedSize: PixelSize
    /// How to turn the stored pixels for display; ``Orientation/up`` when the
    /// file has no valid orientation (see ``orientationSource``).
    public var orientation: Orientation
    /// Whether ``orientation`` was read from the file or implied.
    public var orientationSource: OrientationSource
    /// Whether the image is animated (APNG `acTL` before `IDAT`, WebP `ANIM` flag,
    /// AVIF/HEIF image sequence brand).
    public var isAnimated: Bool
    /// The HEIF/AVIF clean aperture (`clap`) of the primary item: the size left
    /// after the crop, before orientation. `nil` when the image is not cropped.
    public var cleanAperture: PixelSize?
    /// Date, authorship, camera, GPS and ICC flags from the same header pass;
    /// `nil` when the header holds none of them.
    public var metadata: ImageMetadata?
    /// Duration, recording date, codecs and location flag of a video; `nil`
    /// for images.
    public var video: VideoInfo?

    /// Creates a header; ``orientationSource`` defaults to ``OrientationSource/exif``
    /// when an orientation other than ``Orientation/up`` is given.
    public init(
        format: ImageFormat,
        storedSize: PixelSize,
        orientation: Orientation = .up,
        orientationSource: OrientationSource? = nil,
        isAnimated: Bool = false,
        cleanAperture: PixelSize? = nil,
        metadata: ImageMetadata? = nil
    ) {
        self.format = format
        self.storedSize = storedSize
        self.orientation = orientation
        self.orientationSource = orientationSource ?? (orientation == .up ? .none : .exif)
        self.isAnimated = isAnimated
        self.cleanAperture = cleanAperture
        self.metadata = metadata
    }

    /// The size as displayed: the stored size, cropped to the clean aperture
    /// when there is one, with width and height exchanged for orientations 5–8.
    /// Layout uses only this.
    public var displaySize: PixelSize {
        let cropped = cleanAperture ?? storedSize
        return orientation.swapsDimensions ? cropped.transposed : cropped
    }

    /// A one-line summary, e.g. `jpeg 1200x1800 orientation 6 (exif) -> 1800x1200`.
    public var description: String {
        var text = "\(format.rawValue) \(storedSize)"
        if let cleanAperture {
            text += " clap \(cleanAperture)"
        }
        if orientationSource != .none {
            text += " orientation \(orientation) (\(orientationSource))"
        }
        if isAnimated {
            text += " animated"
        }
        if let video {
            if let seconds = video.durationSeconds { text += " " + VideoInfo.durationText(seconds) }
            if let codec = video.videoCodec { text += " " + codec }
        }
        if displaySize != storedSize {
            text += " -> \(displaySize)"
        }
        return text
    }
}
