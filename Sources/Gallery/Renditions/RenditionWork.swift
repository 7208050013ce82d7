import Foundation
import ImageHeaders
import Parallel
import Synchronization
import Thumbnails

/// Makes every missing rendition, `settings.jobs` photos at a time.
enum RenditionWork {
    /// Makes what `plans` miss and returns the photos with their renditions
    /// attached, in album order (``Made``).
    ///
    /// A photo whose pixels cannot be decoded is dropped with a warning, like a
    /// file whose header cannot be read; so is a video ffmpeg (`videoTool`)
    /// fails on. Every path is checked against files
    /// Cascade did not make, and recorded as Cascade's, before anything is written.
    static func run(_ plans: [RenditionPlan], album: AlbumFolder, output: inout OutputFolder,
                    settings: RenditionSettings, index: inout RenditionIndex, log: inout WarningLog,
                    videoTool: VideoTool? = nil, cancellation: BuildCancellation = BuildCancellation(),
                    progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildError) -> Made {
        let candidates = plans.flatMap(\.candidatePaths)
        try output.checkWritable(candidates)
        try output.recordIntent(candidates)

        // Biggest photos first, so the last ones to finish are small and no core
        // idles through a long tail; results are put back in album order below.
        func pixels(_ index: Int) -> Int { plans[index].photo.displayWidth * plans[index].photo.displayHeight }
        // The same bytes in two albums (a copy, a hard link) are decoded once:
        // only the first plan of each content hash is worked, the rest share it.
        let firstOfHash = firstPlanOfEachHash(plans)
        let work = firstOfHash.values.sorted { pixels($0) != pixels($1) ? pixels($0) > pixels($1) : $0 < $1 }
        let folder = output
        let maker = RenditionMaker(limits: settings.limits)
        let finished = Atomic<Int>(0)
        let total = work.count
        progress(BuildProgress(stage: "renditions", done: 0, total: total))
        let outcomes = ParallelWork.map(count: work.count, jobs: settings.jobs) { position -> (Result<[MadeRendition], Failure>, MotionOutcome) in
            // Asked to stop: the photos being made finish, no other starts.
            if cancellation.isCancelled { return (.failure(.stopped), MotionOutcome()) }
            let plan = plans[work[position]]
            let outcome = plan.photo.isVideo
                ? makeVideo(plan, maker: maker, into: folder, tool: videoTool, publish: true)
                : plan.missesRenditions ? make(plan, maker: maker, into: folder) : .success([])
            // The still first: without it there is no poster, and no clip is made.
            var motion = MotionOutcome()
            if case .success = outcome { motion = makeMotion(plan, tool: videoTool, into: folder, limits: settings.limits) }
            progress(BuildProgress(stage: "renditions", done: finished.add(1, ordering: .relaxed).newValue, total: total))
            return (outcome, motion)
        }
        try cancellation.check()
        var made: [Int: [MadeRendition]] = [:]
        // The plans whose clip (or its WebM) could not be made: published without it.
        var stillOnly: Set<Int> = [], withoutWebM: Set<Int> = []
        // In album order, by sorting positions: sorting the outcomes themselves copied them all.
        for position in work.indices.sorted(by: { work[$0] < work[$1] }) {
            let (outcome, motion) = outcomes[position]
            // The MP4's failure leaves a still; the WebM's only leaves the MP4 alone.
            for (failure, whole) in [(motion.mp4, true), (motion.webm, false)] {
                switch failure {
                case .videoFailed(let error)?:
                    if whole { stillOnly.insert(work[position]) } else { withoutWebM.insert(work[position]) }
                    log.add(album.display(plans[work[position]].photo.path), .motionNotPublished(error.reason))
                case .notWritten(let error)?: throw error
                default: break
                }
            }
            switch outcome {
            case .success(let files):
                made[work[position]] = files
            case .failure(.notRendered(let error)):
                log.add(album.display(plans[work[position]].photo.path), .notRendered(error))
            case .failure(.videoFailed(let error)):
                log.add(album.display(plans[work[position]].photo.path), .videoNotPublished(error.reason))
            case .failure(.notWritten(let error)):
                throw error
            case .failure(.stopped):
                try cancellation.check()
            }
        }

        // Each plan's photo as made, nil when it was dropped.
        func photoAsMade(_ planIndex: Int) -> Photo? {
            let plan = plans[planIndex]
            // Only a plan with work shares another's: the rest are never in `made` or the sets below.
            let worked = plan.needsWork ? firstOfHash[plan.workKey] ?? planIndex : planIndex
            if plan.needsWork && made[worked] == nil { return nil }
            var photo = photo(of: plan, fresh: plan.missesRenditions ? made[worked] ?? [] : [])
            if stillOnly.contains(worked) { photo.motion = nil; photo.motionWebM = nil }
            if withoutWebM.contains(worked) { photo.motionWebM = nil }
            return photo
        }
        // The photos are kept only once one comes out other than planned:
        // 100,000 copies made to be compared and let go were the largest
        // share of a cold build's memory peak.
        var photos: [Photo]?
        var count = 0
        index.reserveUses(plans.reduce(0) { $0 + $1.kept.count + $1.alternates.reduce(0) { $0 + $1.kept.count } })
        for (planIndex, plan) in plans.enumerated() {
            let worked = plan.needsWork ? firstOfHash[plan.workKey] ?? planIndex : planIndex
            for file in plan.kept {
                index.use(file, hash: plan.hash, space: plan.space,
                          quality: file.path.hasSuffix(".png") ? nil : settings.quality,
                          treatment: plan.treatment(forWidth: file.width))
            }
            for alternate in plan.alternates {
                for file in alternate.kept {
                    index.use(file, hash: plan.hash, space: plan.space, quality: alternate.quality,
                              treatment: plan.treatment(forWidth: file.width))
                }
            }
            for item in plan.missesRenditions ? made[worked] ?? [] : [] {
                index.use(item.file, hash: plan.hash, space: plan.space, quality: item.quality,
                          treatment: plan.treatment(forWidth: item.file.width))
            }
            // A plan without work comes out as planned: its photo is made
            // only once the photos are kept (a rebuild of 100,000 made and
            // dropped one for each just to count it).
            if !plan.needsWork || made[worked] != nil { count += 1 }
            if photos == nil {
                // Only a plan that had work can come out other than planned (as ``SiteWrite/finalPages`` asks).
                guard plan.needsWork, case let photo = photoAsMade(planIndex), photo != plan.provisionalPhoto else { continue }
                var earlier: [Photo] = []
                earlier.reserveCapacity(plans.count)
                for before in 0..<planIndex { if let same = photoAsMade(before) { earlier.append(same) } }
                if let photo { earlier.append(photo) }
                photos = earlier
            } else if let photo = photoAsMade(planIndex) {
                photos?.append(photo)
            }
        }
        return Made(count: count, photos: photos)
    }

    /// What the renditions stage made of the plans.
    struct Made {
        /// How many photos came out (the rest were dropped with a warning).
        let count: Int
        /// The photos as made, in album order; nil when each is its plan's
        /// ``RenditionPlan/provisionalPhoto`` (none dropped, none a PNG
        /// where a JPEG was guessed): the pages as planned stand.
        let photos: [Photo]?

        /// The photos as made, from `plans` when they came out as planned.
        func photos(of plans: [RenditionPlan]) -> [Photo] {
            photos ?? RenditionPlan.provisionalPhotos(of: plans)
        }
    }

    /// The plan's photo with its renditions attached: those kept and those
    /// just made (`fresh`), the fallback's and each alternate format's.
    static func photo(of plan: RenditionPlan, fresh: [MadeRendition]) -> Photo {
        var photo = plan.photo
        photo.renditions = (plan.kept + fresh.filter { $0.format == .jpeg }.map(\.file)).sorted { $0.width < $1.width }
        photo.alternates = plan.alternates.map { alternate in
            AlternateRenditions(format: alternate.format,
                                files: (alternate.kept + fresh.filter { $0.format == alternate.format }.map(\.file))
                                    .sorted { $0.width < $1.width })
        }
        photo.video = plan.videoFile
        photo.motion = plan.motionFile
        photo.motionWebM = plan.motionWebM
        return photo
    }

    /// How many rendition files the plans will make: each content hash's once.
    static func uniqueMissing(_ plans: [RenditionPlan]) -> Int {
        firstPlanOfEachHash(plans).values.reduce(0) { total, index in
            total + plans[index].missing.count + plans[index].alternates.reduce(0) { $0 + $1.missing.count }
        }
    }

    /// The first plan of each source's bytes and watermark (``RenditionPlan/workKey``)
    /// among the plans with work to do. Plans of the same key want the same
    /// files, so they have work or none alike; a rebuild that adds one photo
    /// to 100,000 keys one plan here, not 100,000.
    private static func firstPlanOfEachHash(_ plans: [RenditionPlan]) -> [String: Int] {
        var first: [String: Int] = [:]
        for (index, plan) in plans.enumerated() where plan.needsWork && first[plan.workKey] == nil {
            first[plan.workKey] = index
        }
        return first
    }

    /// Why one photo's work failed: its image (a warning), or the output
    /// folder (fails the build).
    ///
    /// Indirect, so an outcome that holds none (nearly all) is a pointer, not
    /// room for the largest error: with a result and two clip outcomes a
    /// photo, 100,000 photos' outcomes were about 50 MB at a cold build's peak.
    indirect enum Failure: Error {
        case notRendered(ThumbnailError)
        case notWritten(BuildError)
        /// ffmpeg could not make a video's poster or published file (a warning).
        case videoFailed(VideoError)
        /// Not started: the build was asked to stop.
        case stopped
    }

    /// Decodes once, makes every missing width, writes the files.
    static func make(_ plan: RenditionPlan, maker: RenditionMaker,
                     into output: OutputFolder) -> Result<[MadeRendition], Failure> {
        let alternates = plan.alternates.filter { !$0.missing.isEmpty }.map {
            AlternateEncoding(format: $0.format.encodedFormat, quality: $0.quality, widths: $0.missing)
        }
        let request = RenditionRequest(widths: plan.missing, orientation: Int(plan.photo.header.orientation.rawValue),
                                       quality: plan.quality, space: plan.space, fullViewWidth: plan.largeWidth,
                                       fullViewHeight: plan.largeHeight, alternates: alternates,
                                       mark: plan.watermark?.mark)
        let renditions: [Rendition]
        do throws(ThumbnailError) {
            renditions = try maker.make(request, contentsOf: plan.source)
        } catch {
            return .failure(.notRendered(error))
        }
        var files: [MadeRendition] = []
        for rendition in renditions {
            let alternate = plan.alternates.first { $0.format.encodedFormat == rendition.format }
            let quality = rendition.format == .png ? nil : alternate?.quality ?? plan.quality
            let path = RenditionIndex.path(hash: plan.hash, space: plan.space, width: rendition.width,
                                           quality: quality, fileExtension: rendition.format.fileExtension,
                                           treatment: plan.treatment(forWidth: rendition.width))
            do throws(BuildError) {
                try output.write(Data(rendition.data), to: path)
            } catch {
                return .failure(.notWritten(error))
            }
            files.append(MadeRendition(file: RenditionFile(width: rendition.width, height: rendition.height, path: path),
                                       format: alternate?.format ?? .jpeg, quality: quality))
        }
        return .success(files)
    }
}
