import Glibc
import ImageHeaders
import Parallel
import Thumbnails

/// One photo's rendition work: what an earlier build left that is still
/// right (same content, same settings), and which widths must be made.
///
/// Its ``Fields`` are held by reference: a build of 100,000 photos passes
/// its plans from stage to stage, and each copy of a plan made field by
/// field took some twenty references (a tenth of a second of CPU in an add
/// to such an album went to copying and letting go of plans).
struct RenditionPlan: Sendable {
    private let box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    /// Everything the plan says, to plan a variant of it from.
    var fields: Fields { box.fields }
    // Each of ``Fields``, read through the box.
    var photo: Photo { box.fields.photo }
    var source: String { box.fields.source }
    var hash: ContentHash { box.fields.hash }
    var quality: Int { box.fields.quality }
    var space: ResamplingSpace { box.fields.space }
    var largeWidth: Int? { box.fields.largeWidth }
    var largeHeight: Int? { box.fields.largeHeight }
    var kept: [RenditionFile] { box.fields.kept }
    var missing: [Int] { box.fields.missing }
    var alternates: [AlternatePlan] { box.fields.alternates }
    var videoRoute: VideoPublishing.Route? { box.fields.videoRoute }
    var videoFile: RenditionFile? { box.fields.videoFile }
    var videoMissing: Bool { box.fields.videoMissing }
    var motionSource: String? { box.fields.motionSource }
    var motionFile: RenditionFile? { box.fields.motionFile }
    var motionMissing: Bool { box.fields.motionMissing }
    var motionWebM: RenditionFile? { box.fields.motionWebM }
    var motionWebMMissing: Bool { box.fields.motionWebMMissing }
    var watermark: Watermark? { box.fields.watermark }

    /// Plans every photo. Reads only what the size-and-time check of
    /// `fingerprints` cannot vouch for (to hash it); writes nothing. `seen`
    /// are the photos' `stat`s taken earlier in the build, by path.
    /// `trusted` are paths checked to hold the rendition the index says
    /// although the manifest does not list them (a shard's, ``ShardAdoption``).
    /// `motion`: animations and Live Photos get their clips planned (ffmpeg
    /// is there to make them), with a WebM beside the MP4 when `webm`; else
    /// they are planned as stills.
    static func plans(
        for photos: [Photo], album: AlbumFolder, output: OutputFolder, settings: RenditionSettings,
        geometry: GridGeometry, fingerprints: inout SourceFingerprints, index: RenditionIndex,
        trusted: Set<String> = [], motion: Bool = false, webm: Bool = false,
        watermarks: AlbumTreatments = AlbumTreatments(), seen: [String: TreeStamp.FileStat] = [:], log: inout WarningLog
    ) -> [RenditionPlan] {
        let tileWidths = settings.ladder.tileWidths(for: geometry)
        // Every photo is planned on every core (a stat of its source and of
        // each rendition kept: 100,000 photos are hundreds of thousands of
        // system calls); what is recorded and warned of follows album order.
        let known = fingerprints
        let folder = open(album.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        var outcomes = ParallelWork.map(count: photos.count) { number -> Result<(RenditionPlan, SourceFingerprints.Entry, MotionSource?), SystemCallError> in
            let photo = photos[number]
            let source = album.path(of: photo.path)
            do throws(SystemCallError) {
                let entry = try known.fingerprint(ofFileAt: source, name: photo.path, in: folder, seen: seen[photo.path])
                var plan = plan(photo, source: source, hash: entry.hash, output: output, settings: settings,
                                tileWidths: tileWidths, index: index, trusted: trusted,
                                watermark: watermarks.watermark(of: photo))
                let moving = motion ? try plan.planMotion(album: album, fingerprints: known, ownEntry: entry,
                                                          output: output, trusted: trusted, webm: webm) : nil
                return .success((RenditionPlan(plan), entry, moving))
            } catch {
                return .failure(error)
            }
        }
        var plans: [RenditionPlan] = []
        plans.reserveCapacity(photos.count)
        fingerprints.reserveRecords(photos.count)
        // Taken from the end of the reversed list, each plan is moved out
        // rather than copied and its original let go (100,000 of each).
        outcomes.reverse()
        for photo in photos {
            guard let outcome = outcomes.popLast() else { break }
            switch consume outcome {
            case .success(let (plan, entry, moving)):
                fingerprints.record(entry, name: photo.path)
                // A Live Photo's movie is a source too: a rebuild sees it change or go.
                if let moving { fingerprints.record(moving.entry, name: moving.name) }
                plans.append(plan)
            case .failure(let error):
                log.add(album.display(photo.path), .unreadable(error))
            }
        }
        return plans
    }

    /// One photo's plan, its source's content hash known.
    private static func plan(_ photo: Photo, source: String, hash: ContentHash, output: OutputFolder,
                             settings: RenditionSettings, tileWidths: [Int], index: RenditionIndex,
                             trusted: Set<String>, watermark: Watermark?) -> Fields {
        var plan = Fields(photo: photo, source: source, hash: hash, quality: settings.quality, space: settings.space)
        // A video's poster is published as a still: it is marked like one.
        plan.watermark = watermark
        if photo.isVideo {
            let route = VideoPublishing.route(format: photo.header.format, video: photo.header.video)
            let path = RenditionIndex.videoPath(hash: hash, container: VideoPublishing.container(of: route))
            plan.videoRoute = route
            plan.videoFile = RenditionFile(width: photo.displayWidth, height: photo.displayHeight, path: path)
            plan.videoMissing = !(output.holds(path) || trusted.contains(path))
        }
        plan.largeWidth = settings.ladder.largeWidth(forDisplayWidth: photo.displayWidth,
                                                     displayHeight: photo.displayHeight)
        plan.largeHeight = settings.ladder.largeHeight(forDisplayWidth: photo.displayWidth,
                                                       displayHeight: photo.displayHeight)
        plan.alternates = settings.alternateFormats.compactMap { format in
            format.alternateQuality.map { AlternatePlan(format: format, quality: $0) }
        }
        for width in settings.ladder.widths(forDisplayWidth: photo.displayWidth, displayHeight: photo.displayHeight,
                                            tileWidths: tileWidths) {
            let treatment = plan.treatment(forWidth: width)
            if let file = index.existing(hash: hash, space: settings.space, width: width, quality: settings.quality,
                                         treatment: treatment),
               plan.fits(file), output.holds(file.path) || trusted.contains(file.path) {
                plan.kept.append(file)
            } else {
                plan.missing.append(width)
            }
            for position in plan.alternates.indices {
                let alternate = plan.alternates[position]
                if let file = index.existing(hash: hash, space: settings.space, width: width, quality: alternate.quality,
                                             format: alternate.format, treatment: treatment),
                   plan.fits(file), output.holds(file.path) || trusted.contains(file.path) {
                    plan.alternates[position].kept.append(file)
                } else {
                    plan.alternates[position].missing.append(width)
                }
            }
        }
        return plan
    }

    /// Where this plan's new files may land, whatever format the decoder picks.
    var candidatePaths: [String] {
        // Nothing to make, nowhere to land (most of 100,000 plans in a rebuild).
        guard needsWork else { return [] }
        let clips: [String] = [videoMissing ? videoFile?.path : nil, motionMissing ? motionFile?.path : nil,
                               motionWebMMissing ? motionWebM?.path : nil].compactMap { $0 }
        return missing.flatMap { width in
            [RenditionIndex.path(hash: hash, space: space, width: width, quality: quality, fileExtension: "jpg",
                                 treatment: treatment(forWidth: width)),
             RenditionIndex.path(hash: hash, space: space, width: width, quality: nil, fileExtension: "png",
                                 treatment: treatment(forWidth: width))]
        } + alternates.flatMap { alternate in alternate.missing.map { alternatePath(alternate, width: $0) } } + clips
    }

    /// Where an alternate rendition of `width` lands: `<hash>-640q58.avif`.
    func alternatePath(_ alternate: AlternatePlan, width: Int) -> String {
        RenditionIndex.path(hash: hash, space: space, width: width, quality: alternate.quality,
                            fileExtension: alternate.format.encodedFormat.fileExtension, treatment: treatment(forWidth: width))
    }

    /// The watermark digest a rendition `width` wide carries (``Fields/treatment(forWidth:)``).
    func treatment(forWidth width: Int) -> String { box.fields.treatment(forWidth: width) }

    /// What makes two plans' renditions the same files: the source's bytes
    /// and the watermark (the same photo in a marked and a plain album is made twice).
    var workKey: String { hash.description + (watermark?.treatment ?? "") }

    /// The height of the rendition `width` wide: the large image's own when
    /// the box bounds it, else the aspect ratio's at that width.
    func height(forWidth width: Int) -> Int {
        if width == largeWidth, let largeHeight { return largeHeight }
        return RenditionMaker.height(forWidth: width, displayWidth: photo.displayWidth, displayHeight: photo.displayHeight)
    }

    /// Whether any rendition, in any format, must be made.
    var missesRenditions: Bool { !missing.isEmpty || alternates.contains { !$0.missing.isEmpty } }

    /// Whether anything of this plan must be made: a rendition, the published video or the motion clip.
    var needsWork: Bool { missesRenditions || videoMissing || motionMissing || motionWebMMissing }

    /// Each plan's ``provisionalPhoto``, made on every core (a photo with
    /// its renditions attached, 100,000 of them in an add).
    static func provisionalPhotos(of plans: [RenditionPlan]) -> [Photo] {
        ParallelWork.map(count: plans.count, run: 512) { plans[$0].provisionalPhoto }
    }

    /// The photo as the pages will show it if every missing rendition comes
    /// out as a JPEG — exact but for that guess, so pages can be rendered
    /// and checked before any image work is spent or any file is written.
    var provisionalPhoto: Photo {
        var photo = self.photo
        let planned = missing.map { width in
            RenditionFile(width: width, height: height(forWidth: width),
                          path: RenditionIndex.path(hash: hash, space: space, width: width, quality: quality,
                                                    fileExtension: "jpg", treatment: treatment(forWidth: width)))
        }
        photo.renditions = (kept + planned).sorted { $0.width < $1.width }
        photo.alternates = alternates.map { alternate in
            let planned = alternate.missing.map { width in
                RenditionFile(width: width, height: height(forWidth: width), path: alternatePath(alternate, width: width))
            }
            return AlternateRenditions(format: alternate.format, files: (alternate.kept + planned).sorted { $0.width < $1.width })
        }
        photo.video = videoFile
        photo.motion = motionFile
        photo.motionWebM = motionWebM
        return photo
    }
}
