import Foundation
import Thumbnails

/// An animated WebP made readable for ffmpeg, whose WebP decoder plays no
/// animation: its frames decoded by libwebp (``WebPFrames``), each written as
/// a PNG into a scratch folder outside the album, with an `ffconcat` list
/// giving each its duration — the list is what ffmpeg reads.
enum MotionFrames {
    /// A frame shown for 10 ms or less is shown for 100 ms, as browsers do.
    static func duration(milliseconds: Int) -> Int { milliseconds <= 10 ? 100 : milliseconds }

    /// The `ffconcat` list for frames `f000000.png`… with these durations:
    /// the last file is named twice, as the concat demuxer needs to give the
    /// last frame its duration.
    static func list(durations: [Int]) -> String {
        var text = "ffconcat version 1.0\n"
        for (number, milliseconds) in durations.enumerated() {
            text += "file \(frameName(number))\nduration \(VideoPublishing.seconds(Double(milliseconds) / 1000))\n"
        }
        if !durations.isEmpty { text += "file \(frameName(durations.count - 1))\n" }
        return text
    }

    static func frameName(_ number: Int) -> String {
        let digits = String(number)
        return "f" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    /// Decodes the WebP at `source` into `scratch` and returns the list's path.
    static func prepare(webp source: String, in scratch: String, limits: DecodeLimits, name: String) throws(VideoError) -> String {
        var durations: [Int] = []
        do {
            let bytes = try FileIO.read(source)
            try WebPFrames.forEach(in: bytes, limits: limits) { (frame, milliseconds) throws(ThumbnailError) in
                let png = try ImageEncoder.png(frame)
                let path = scratch + "/" + frameName(durations.count)
                guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
                    throw .encodeFailed("cannot write \(path)")
                }
                durations.append(duration(milliseconds: milliseconds))
            }
        } catch {
            throw VideoError(path: name, reason: .unreadable(detail: "\(error)"))
        }
        let listPath = scratch + "/frames.ffconcat"
        guard FileManager.default.createFile(atPath: listPath, contents: Data(list(durations: durations).utf8)) else {
            throw VideoError(path: name, reason: .notStarted(detail: "cannot write \(listPath)"))
        }
        return listPath
    }

    /// A fresh folder in the system's temporary folder (never the album's).
    static func scratchFolder(for name: String) throws(VideoError) -> String {
        let path = NSTemporaryDirectory() + "/cascade-motion-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw VideoError(path: name, reason: .notStarted(detail: "no temporary folder (\(error))"))
        }
        return path
    }
}
