import Mustache

extension PageModel {
    /// The `motion` a tile and a photo page show over the still of an
    /// animation or a Live Photo: the clip's URL and type, the still as its
    /// poster, the poster's (the large image's) size and box style, so the
    /// player takes the poster's place with no shift; `live` for a Live Photo
    /// (played on press or hover, with a badge), `animation` for an animated
    /// GIF or APNG (looping, on its own unless the visitor asks for less motion).
    /// Set only when the clip was published.
    func addMotion(of photo: Photo, large: Value?, poster: String, to fields: inout [String: Value]) {
        guard let motion = photo.motion, photo.video == nil, case .object(let box)? = large else { return }
        var sources: [Value] = [.object(["src": .string(renditionURL(motion)), "type": .string("video/mp4")])]
        if let webm = photo.motionWebM {
            sources.append(.object(["src": .string(renditionURL(webm)), "type": .string("video/webm")]))
        }
        fields["motion"] = .object([
            "src": .string(renditionURL(motion)),
            "type": .string("video/mp4"),
            "webm": photo.motionWebM.map { .string(renditionURL($0)) } ?? .bool(false),
            "sources": .list(sources),
            "poster": .string(poster),
            "width": box["width"] ?? .int(photo.displayWidth),
            "height": box["height"] ?? .int(photo.displayHeight),
            "style": box["style"] ?? .string(""),
            "live": .bool(photo.isLivePhoto),
            "animation": .bool(!photo.isLivePhoto),
        ])
    }
}
