import Foundation
import Thumbnails

extension Gallery {
    /// Decides, for every photo, which renditions an earlier build left that
    /// are still right (same content, same settings) and which must be made.
    /// Reads only what the size-and-time check cannot vouch for; writes nothing.
    static func planRenditions(
        for photos: [Photo], album: URL, albumName: String, output: OutputFolder,
        settings: RenditionSettings, geometry: GridGeometry,
        fingerprints: inout SourceFingerprints, index: RenditionIndex,
        warn: (BuildWarning) -> Void
    ) -> [RenditionPlan] {
        let tileWidths = settings.ladder.tileWidths(for: geometry)
        var plans: [RenditionPlan] = []
        // Plain path strings: building a URL per photo showed in rebuild profiles.
        let albumPath = album.path
        for photo in photos {
            let source = AlbumListing.join(albumPath, photo.fileName)
            let hash: ContentHash
            do {
                hash = try fingerprints.hash(ofFileAt: source, name: photo.fileName)
            } catch {
                warn(BuildWarning(path: AlbumListing.join(albumName, photo.fileName), reason: "cannot be read (\(error))"))
                continue
            }
            var plan = RenditionPlan(photo: photo, source: source, hash: hash, quality: settings.quality,
                                     space: settings.space)
            plan.largeWidth = settings.ladder.largeWidth(forDisplayWidth: photo.displayWidth, displayHeight: photo.displayHeight)
            for width in settings.ladder.widths(forDisplayWidth: photo.displayWidth, displayHeight: photo.displayHeight,
                                                       tileWidths: tileWidths) {
                if let file = index.existing(hash: hash, space: settings.space, width: width, quality: settings.quality), output.holds(file.path) {
                    plan.kept.append(file)
                } else {
                    plan.missing.append(width)
                }
            }
            plans.append(plan)
        }
        return plans
    }

    /// Makes every missing rendition (in parallel, `settings.jobs` at a time)
    /// and returns the photos with their renditions attached.
    ///
    /// A photo whose pixels cannot be decoded is dropped with a warning, like a
    /// file whose header cannot be read. Every path is checked against files
    /// Cascade did not make, and recorded as Cascade's, before anything is written.
    static func makeRenditions(
        _ plans: [RenditionPlan], albumName: String,
        output: inout OutputFolder, outputName: String,
        settings: RenditionSettings, index: inout RenditionIndex,
        warn: (BuildWarning) -> Void
    ) throws(BuildError) -> [Photo] {
        // Where new files may land, whatever format the decoder picks.
        let candidates = plans.flatMap { plan in
            plan.missing.flatMap { width in
                [RenditionIndex.path(hash: plan.hash, space: plan.space, width: width, quality: settings.quality,
                                     fileExtension: "jpg"),
                 RenditionIndex.path(hash: plan.hash, space: plan.space, width: width, quality: nil, fileExtension: "png")]
            }
        }
        try output.checkWritable(candidates, displayRoot: outputName)
        try output.recordIntent(candidates, displayRoot: outputName)

        // Biggest photos first, so the last ones to finish are small and no core
        // idles through a long tail; results are put back in album order below.
        func pixels(_ index: Int) -> Int { plans[index].photo.displayWidth * plans[index].photo.displayHeight }
        let work = plans.indices.filter { !plans[$0].missing.isEmpty }
            .sorted { pixels($0) != pixels($1) ? pixels($0) > pixels($1) : $0 < $1 }
        let folder = output
        let renderer = Renderer(limits: settings.limits)
        let outcomes = ParallelWork.run(count: work.count, jobs: settings.jobs) { position in
            make(plans[work[position]], renderer: renderer, into: folder, outputName: outputName)
        }
        var made: [Int: [(RenditionFile, lossless: Bool)]] = [:]
        for (position, outcome) in outcomes.enumerated().sorted(by: { work[$0.offset] < work[$1.offset] }) {
            switch outcome {
            case .success(let files)?:
                made[work[position]] = files
            case .failure(let reason)?:
                warn(BuildWarning(path: AlbumListing.join(albumName, plans[work[position]].photo.fileName), reason: reason))
            case nil:
                break
            }
        }

        var result: [Photo] = []
        for (planIndex, plan) in plans.enumerated() {
            if !plan.missing.isEmpty && made[planIndex] == nil { continue }
            let fresh = made[planIndex] ?? []
            for file in plan.kept {
                index.use(file, hash: plan.hash, space: plan.space,
                          quality: file.path.hasSuffix(".png") ? nil : settings.quality)
            }
            for (file, lossless) in fresh {
                index.use(file, hash: plan.hash, space: plan.space, quality: lossless ? nil : settings.quality)
            }
            var photo = plan.photo
            photo.renditions = (plan.kept + fresh.map(\.0)).sorted { $0.width < $1.width }
            result.append(photo)
        }
        return result
    }

    /// One photo's work: what it needs, what it can keep.
    struct RenditionPlan: Sendable {
        var photo: Photo
        var source: String
        var hash: ContentHash
        var quality: Int
        var space: ResamplingSpace
        /// The width of the large image (photo page, viewer) among the widths.
        var largeWidth: Int? = nil
        var kept: [RenditionFile] = []
        var missing: [Int] = []

        /// The photo as the pages will show it if every missing rendition comes
        /// out as a JPEG — exact but for that guess, so pages can be rendered
        /// and checked before any image work is spent or any file is written.
        var provisionalPhoto: Photo {
            var photo = self.photo
            let planned = missing.map { width in
                RenditionFile(width: width,
                              height: Renderer.height(forWidth: width, displayWidth: photo.displayWidth,
                                                      displayHeight: photo.displayHeight),
                              path: RenditionIndex.path(hash: hash, space: space, width: width, quality: quality,
                                                        fileExtension: "jpg"))
            }
            photo.renditions = (kept + planned).sorted { $0.width < $1.width }
            return photo
        }
    }

    enum RenditionOutcome: Sendable {
        case success([(RenditionFile, lossless: Bool)])
        case failure(String)
    }

    /// Decodes once, makes every missing width, writes the files.
    static func make(_ plan: RenditionPlan, renderer: Renderer,
                     into output: OutputFolder, outputName: String) -> RenditionOutcome {
        let quality = plan.quality
        let request = RenditionRequest(widths: plan.missing, orientation: Int(plan.photo.header.orientation.rawValue),
                                       quality: quality, space: plan.space, fullViewWidth: plan.largeWidth)
        do {
            let renditions = try renderer.render(request, contentsOf: plan.source)
            var files: [(RenditionFile, lossless: Bool)] = []
            for rendition in renditions {
                let lossless = rendition.format == .png
                let path = RenditionIndex.path(hash: plan.hash, space: plan.space, width: rendition.width,
                                               quality: lossless ? nil : quality,
                                               fileExtension: rendition.format.fileExtension)
                try output.write(Data(rendition.data), to: path, displayRoot: outputName)
                files.append((RenditionFile(width: rendition.width, height: rendition.height, path: path), lossless))
            }
            return .success(files)
        } catch let error as ThumbnailError {
            return .failure(error.reason.description)
        } catch {
            return .failure(String(describing: error))
        }
    }
}
