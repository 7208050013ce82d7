// rendition-benchmark: makes JPEG renditions of many images with the Thumbnails module, one
// image per job, the way the Gallery pipeline does; for Benchmarks/renditions/speed.sh.
//
//   rendition-benchmark [--jobs N] [--quality Q] [--widths 400,800] [--large W] [--space linear|srgb]
//                       [--webp Q] [--avif Q] [--out DIR] FILE...
//
// `--webp Q` / `--avif Q` also encode every width as WebP / AVIF at that quality, from the same
// resampled pixels (as `cascade build --formats` does), written beside the JPEG as .webp / .avif.
//
// Each rendition is written as OUT/<file name without extension>-<width>.<jpg|png>. Prints one
// line per failed file on stderr and a summary line on stdout.
import Dispatch
import Foundation
import ImageHeaders
import Parallel
import Thumbnails

struct Options {
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var quality = RenditionRequest.defaultQuality
    var widths = [400]
    var output: String?
    var space = ResamplingSpace.linearLight
    /// The width that is the full-view image (as `cascade build` marks its large image).
    var large: Int?
    /// Alternate formats to encode too (`--webp Q`, `--avif Q`).
    var alternates: [(ImageFormat, Int)] = []
    var files: [String] = []
}

func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var index = 0
    func value() -> String? {
        index += 1
        return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
        switch arguments[index] {
        case "--jobs": guard let v = value(), let n = Int(v), n > 0 else { return nil }; options.jobs = n
        case "--quality": guard let v = value(), let q = Int(v) else { return nil }; options.quality = q
        case "--widths":
            guard let v = value() else { return nil }
            let widths = v.split(separator: ",").compactMap { Int($0) }
            guard !widths.isEmpty else { return nil }
            options.widths = widths
        case "--out": options.output = value()
        case "--space": guard let v = value(), let space = ResamplingSpace(rawValue: v) else { return nil }; options.space = space
        case "--webp": guard let v = value(), let q = Int(v) else { return nil }; options.alternates.append((.webp, q))
        case "--avif": guard let v = value(), let q = Int(v) else { return nil }; options.alternates.append((.avif, q))
        case "--large": guard let v = value(), let w = Int(v), w > 0 else { return nil }; options.large = w
        default: options.files.append(arguments[index])
        }
        index += 1
    }
    return options.files.isEmpty ? nil : options
}

guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("usage: rendition-benchmark [--jobs N] [--quality Q] [--widths 400,800] [--large W] [--space linear|srgb] [--webp Q] [--avif Q] [--out DIR] FILE...\n".utf8))
    exit(2)
}
if let output = options.output {
    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
}
let files = options.files
let maker = RenditionMaker()
let start = DispatchTime.now()
let outcomes = ParallelWork.map(count: files.count, jobs: options.jobs) { index -> (failure: String?, written: Int) in
    let path = files[index]
    do {
        let source = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let orientation = JPEGMetadataStripper.orientation(of: source)
        let request = RenditionRequest(widths: options.widths, orientation: orientation, quality: options.quality,
                                       space: options.space, fullViewWidth: options.large,
                                       alternates: options.alternates.map { AlternateEncoding(format: $0.0, quality: $0.1, widths: options.widths) })
        let renditions = try maker.make(request, from: source)
        if let output = options.output {
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            for rendition in renditions {
                let target = "\(output)/\(base)-\(rendition.width).\(rendition.format.fileExtension)"
                try Data(rendition.data).write(to: URL(fileURLWithPath: target))
            }
        }
        return (nil, renditions.count)
    } catch {
        return ("\(path): \(error)", 0)
    }
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
let failures = outcomes.compactMap(\.failure)
for failure in failures.sorted() { FileHandle.standardError.write(Data("failed \(failure)\n".utf8)) }
print(String(format: "%d files, %d renditions, %d failed, %.3f s, %d jobs", files.count,
             outcomes.reduce(0) { $0 + $1.written }, failures.count, seconds, options.jobs))
exit(failures.isEmpty ? 0 : 1)
