import ImageHeaders
import Thumbnails

extension RenditionPlan {
    /// What one plan says, set while it is planned and fixed after
    /// (``RenditionPlan`` holds it by reference).
    struct Fields: Sendable {
        var photo: Photo
        /// The file-system path of the photo.
        var source: String
        var hash: ContentHash
        var quality: Int
        var space: ResamplingSpace
        /// The width of the large image (photo page, viewer) among the widths.
        var largeWidth: Int? = nil
        /// The large image's height when the box bounds it (``WidthLadder/largeHeight(forDisplayWidth:displayHeight:)``);
        /// nil when it follows from the width.
        var largeHeight: Int? = nil
        var kept: [RenditionFile] = []
        var missing: [Int] = []
        /// The AVIF and WebP renditions (`--formats`), in `<picture>` order.
        var alternates: [AlternatePlan] = []
        /// For a video: how it is published, and its published file.
        var videoRoute: VideoPublishing.Route?
        var videoFile: RenditionFile?
        /// Whether the published video file must be made (no earlier build's is there).
        var videoMissing = false
        /// For an animation or a Live Photo: the motion's source file and its
        /// published clip (``MotionPublishing``); nil for a still.
        var motionSource: String?
        var motionFile: RenditionFile?
        /// Whether the clip must be made (no earlier build's is there).
        var motionMissing = false
        /// The clip in WebM, when ffmpeg can make it; and whether it must be made.
        var motionWebM: RenditionFile?
        var motionWebMMissing = false
        /// The watermark on the renditions at least its `minWidth` wide (``Watermark``); nil for none.
        var watermark: Watermark?

        /// The watermark digest a rendition `width` wide carries: the watermark's
        /// from its `minWidth` up, else none (tiles are never marked).
        func treatment(forWidth width: Int) -> String {
            guard let watermark, width >= watermark.spec.minWidth else { return "" }
            return watermark.treatment
        }

        /// Whether a rendition an earlier build made is the one this plan wants:
        /// a large image the box bounds must have the box's height (one made when
        /// its height was derived from its width, a pixel short, is made again).
        func fits(_ file: RenditionFile) -> Bool {
            guard file.width == largeWidth, let largeHeight else { return true }
            return file.height == largeHeight
        }
    }

    /// ``Fields`` behind one reference, never changed once made.
    final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
