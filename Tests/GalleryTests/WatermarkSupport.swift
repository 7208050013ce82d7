import Foundation
@testable import Gallery
import Thumbnails

/// Photos, libraries and rendition look-ups for the watermark tests.
enum WatermarkFixture {
    /// A smooth, dark JPEG `width` × `height` (a white mark shows plainly on
    /// it), drawn from relative coordinates so two sizes show the same scene.
    static func photo(width: Int, height: Int, tint: Int = 0) throws -> Data {
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                samples[offset] = UInt8(30 + 20 * x / width + tint)
                samples[offset + 1] = UInt8(40 + 20 * y / height)
                samples[offset + 2] = 50
            }
        }
        return Data(try ImageEncoder.jpeg(PixelBuffer(width: width, height: height, channels: 3, samples: samples), quality: 90))
    }

    /// An album with `photos` (name → width × height) and `album.json` text (none when nil).
    static func library(in folder: TemporaryFolder, name: String = "album", config: String?,
                        photos: [String: (Int, Int)] = ["wide.jpg": (2048, 1366), "mid.jpg": (1280, 854)]) throws -> URL {
        let album = folder.file(name)
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (index, (file, size)) in photos.sorted(by: { $0.key < $1.key }).enumerated() {
            try photo(width: size.0, height: size.1, tint: index).write(to: album.appendingPathComponent(file))
        }
        if let config { try Data(config.utf8).write(to: album.appendingPathComponent("album.json")) }
        return album
    }

    static func build(_ album: URL, _ output: URL, originals: OriginalsPolicy = .none) throws -> BuildReport {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.originals = originals
        return try Site.build(options)
    }

    /// A rendition file of the site: its source's hash, width and watermark digest ("" for none).
    struct Rendition: Hashable {
        var path: String
        var hash: String
        var width: Int
        var treatment: String
    }

    /// The site's JPEG renditions, read from their names.
    static func renditions(_ site: URL) throws -> [Rendition] {
        try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("renditions").path).sorted().compactMap { name in
            guard name.hasSuffix(".jpg") else { return nil }
            let parts = name.dropLast(4).split(separator: "-")
            guard parts.count >= 2, let width = Int(parts[1].prefix { $0.isNumber }) else { return nil }
            let treatment = parts.count == 3 && parts[2].hasPrefix("w") ? String(parts[2].dropFirst()) : ""
            return Rendition(path: "renditions/" + name, hash: String(parts[0]), width: width, treatment: treatment)
        }
    }

    /// The rendition `width` wide of the source whose largest rendition is `largest` wide.
    static func rendition(_ site: URL, photoWidth largest: Int, width: Int) throws -> Rendition? {
        let all = try renditions(site)
        let hashes = Set(all.filter { $0.width == largest }.map(\.hash))
        let owner = hashes.first { hash in all.filter { $0.hash == hash }.map(\.width).max() == largest }
        return all.first { $0.hash == owner && $0.width == width }
    }

    static func pixels(_ site: URL, _ rendition: Rendition) throws -> PixelBuffer {
        let bytes = try Data(contentsOf: site.appendingPathComponent(rendition.path))
        return try ImageDecoder.decode([UInt8](bytes)).pixels
    }

    /// Pixels whose largest channel difference between `a` and `b` is over
    /// `threshold`, in the region `x`…, `y`… (fractions of the size).
    static func changed(_ a: PixelBuffer, _ b: PixelBuffer, from x: Double = 0, _ y: Double = 0,
                        threshold: Int = 24) -> (count: Int, box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, peak: Int) {
        precondition(a.width == b.width && a.height == b.height && a.channels == b.channels)
        var count = 0, peak = 0
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for row in Int(Double(a.height) * y)..<a.height {
            for column in Int(Double(a.width) * x)..<a.width {
                let offset = (row * a.width + column) * a.channels
                var difference = 0
                for channel in 0..<a.channels {
                    difference = max(difference, abs(Int(a.samples[offset + channel]) - Int(b.samples[offset + channel])))
                }
                peak = max(peak, difference)
                guard difference > threshold else { continue }
                count += 1
                box = (min(box?.minX ?? column, column), min(box?.minY ?? row, row),
                       max(box?.maxX ?? column, column), max(box?.maxY ?? row, row))
            }
        }
        return (count, box, peak)
    }
}
