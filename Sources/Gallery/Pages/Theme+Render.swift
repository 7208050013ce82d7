import Mustache
import Parallel
import Synchronization

/// One file `Theme.render` writes: one of a model's album pages, an asset, or a photo page.
private enum RenderJob: Sendable {
    case album(Int, Int)
    case asset(String)
    case photo(Int, Int)
    case extra(Int)

    /// The model whose data the job renders.
    var model: Int? {
        switch self {
        case .album(let number, _), .photo(let number, _): number
        case .asset: 0
        case .extra: nil
        }
    }

    var isAsset: Bool {
        if case .asset = self { return true }
        return false
    }
}

/// A file rendered from data made outside the page models (a feed, the
/// sitemap): always rendered, never kept from the last build.
struct ExtraFile: Sendable {
    var path: String
    var template: String
    var value: Value
}

extension Theme {
    /// Renders every album's page and photo pages, and the assets (with the
    /// first model, the home page's, data). With `strictTemplates`, a
    /// variable the data lacks anywhere fails the build, listing each once.
    /// `rendered` hears of each file rendered (done, total), from any thread.
    /// The pages and assets `keep` names are not rendered: each comes back
    /// ``RenderedFile/kept``, without text. `extras` are rendered after them
    /// all, every time.
    func render(_ models: [PageModel], generator: String, strictTemplates: Bool, keep: KeptPages = KeptPages(),
                extras: [ExtraFile] = [],
                rendered: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws(BuildError) -> [RenderedFile] {
        let assets = assetNames
        let hasPhotoPages = library["photo"] != nil
        // One job per page or asset: (model, photo index or -1 for the album page, or asset name).
        var planned: [RenderJob] = []
        for (number, model) in models.enumerated() {
            planned += (0..<model.albumPageCount).map { .album(number, $0) }
            if number == 0 { planned += assets.map(RenderJob.asset) }
            if hasPhotoPages { planned += model.photos.indices.map { .photo(number, $0) } }
        }
        planned += extras.indices.map(RenderJob.extra)
        let jobs = planned
        let library = library
        let options: RenderOptions = strictTemplates ? .reportMissingVariables : []
        let remakeRoot: @Sendable () -> Value = {
            models.first.map { $0.value(generator: generator, fields: $0.allPhotoFields()) } ?? .null
        }
        let done = Atomic<Int>(0)
        var outcomes: [Result<(RenderedFile, [MissingVariable]), TemplateError>] = []
        outcomes.reserveCapacity(jobs.count)
        // Rendered in batches, one after another, so only one batch's photo
        // fields (and, in the first, the home page's data for the assets)
        // are alive at a time: made for all 100,000 photos of one album at
        // once they were the largest share of a cold build's memory.
        for batch in Self.batches(jobs, models: models) {
            // The assets take the home page's data, made only when one of them or the home page is rendered.
            let needsRoot = jobs[batch].contains { job in
                switch job {
                case .album(0, 0): !keep.keepsAlbum(0, page: 0)
                case .asset(let name): !keep.keepsAsset(name)
                default: false
                }
            }
            // Each model's own jobs, so a batch of many small albums asks each of its own jobs alone.
            var grouped: [Int: [RenderJob]] = [:]
            for job in jobs[batch] { if let number = job.model { grouped[number, default: []].append(job) } }
            let jobsOf = grouped
            let numbers = jobsOf.keys.sorted()
            let needed = ParallelWork.map(count: numbers.count) { position -> [Bool] in
                let number = numbers[position]
                guard !keep.keepsAll(of: number) else { return [] }
                return Self.photosNeeded(jobsOf[number] ?? [], of: number, model: models[number], keep: keep,
                                         root: needsRoot && number == 0, photoPages: hasPhotoPages)
            }
            // Made in runs of photos on every core, not a model a core: an
            // album page of 2,000 tiles is one model's work.
            let run = 256
            let parts = zip(numbers, needed).flatMap { number, needed in
                stride(from: 0, to: needed.count, by: run).map { (number, $0..<min(needed.count, $0 + run)) }
            }
            let neededOf = Dictionary(uniqueKeysWithValues: zip(numbers, needed))
            let made = ParallelWork.map(count: parts.count) { position -> [[String: Value]] in
                let (number, range) = parts[position]
                let model = models[number], needed = neededOf[number] ?? []
                return range.map { needed[$0] ? model.photoFields($0) : [:] }
            }
            var fields: [Int: [[String: Value]]] = [:]
            for (number, needed) in zip(numbers, needed) where needed.isEmpty { fields[number] = [] }
            for ((number, _), part) in zip(parts, made) { fields[number, default: []] += part }
            let rootValue: Value = !needsRoot ? .null
                : models.first.map { $0.value(generator: generator, fields: fields[0] ?? $0.allPhotoFields()) } ?? .null
            outcomes += Self.render(jobs[batch], models: models, keep: keep, fields: fields, rootValue: rootValue,
                                    remakeRoot: remakeRoot, extras: extras, library: library, options: options,
                                    generator: generator) {
                rendered(done.add(1, ordering: .relaxed).newValue, jobs.count)
            }
        }
        var files: [RenderedFile] = []
        var misses: [MissingVariable] = []
        var seen: Set<MissingVariable> = []
        for outcome in outcomes {
            switch outcome {
            case .success(let (file, missing)):
                for miss in missing where seen.insert(miss).inserted {
                    misses.append(miss)
                }
                files.append(file)
            case .failure(let error):
                throw .template(error)
            }
        }
        if !misses.isEmpty { throw .missingVariables(misses) }
        return files
    }

    /// Renders one batch of jobs on every core; the results keep job order,
    /// so output and the list of misses are deterministic.
    private static func render(_ jobs: ArraySlice<RenderJob>, models: [PageModel], keep: KeptPages,
                               fields: [Int: [[String: Value]]], rootValue: Value,
                               remakeRoot: @escaping @Sendable () -> Value, extras: [ExtraFile],
                               library: TemplateLibrary, options: RenderOptions, generator: String,
                               rendered: @Sendable () -> Void)
        -> [Result<(RenderedFile, [MissingVariable]), TemplateError>] {
        let source = RemakeSource(models: models, generator: generator)
        // A kept photo page's path from its model's folder and slug, taken
        // out of the models here: asked of the model in the loop, each of
        // 100,000 kept pages copied the whole model (tens of references).
        let folders = models.map { $0.outputPath("") }
        let slugs = models.map(\.slugs)
        return ParallelWork.map(count: jobs.count) {
            position -> Result<(RenderedFile, [MissingVariable]), TemplateError> in
            let index = jobs.startIndex + position
            let job: (path: String, template: String, value: Value)
            let remake: @Sendable () -> Value
            switch jobs[index] {
            case .album(let number, let page) where keep.keepsAlbum(number, page: page):
                let model = models[number]
                rendered()
                return .success((RenderedFile(path: model.outputPath(model.albumPageName(page)), text: "", template: "page",
                                              value: source.albumValue(number, page: page),
                                              kept: true), []))
            case .asset(let name) where keep.keepsAsset(name):
                rendered()
                return .success((RenderedFile(path: name, text: "", template: name, value: remakeRoot, kept: true), []))
            case .photo(let number, let photo) where keep.keepsPhoto(number, photo):
                rendered()
                return .success((RenderedFile(path: folders[number] + slugs[number][photo] + ".html", text: "", template: "photo",
                                              value: source.photoValue(number, photo), kept: true), []))
            case .album(let number, let page):
                let model = models[number]
                let isRoot = number == 0 && page == 0
                job = (model.outputPath(model.albumPageName(page)), "page",
                       isRoot ? rootValue : model.value(generator: generator, fields: fields[number] ?? [], page: page))
                remake = isRoot ? remakeRoot : source.albumValue(number, page: page)
            case .asset(let name):
                job = (name, name, rootValue)
                remake = remakeRoot
            case .photo(let number, let photo):
                let model = models[number]
                job = (model.outputPath(model.pagePath(photo)), "photo",
                       model.photoPageValue(photo, generator: generator, fields: fields[number] ?? []))
                remake = source.photoValue(number, photo)
            case .extra(let number):
                let extra = extras[number]
                job = (extra.path, extra.template, extra.value)
                remake = { extra.value }
            }
            defer { rendered() }
            return Result { () throws(TemplateError) in
                let result = try library.render(job.template, job.value, options: options)
                return (RenderedFile(path: job.path, text: result.text, template: job.template, value: remake),
                        result.missingVariables)
            }
        }
    }

    /// Consecutive runs of jobs of a few thousand photos' fields each (an
    /// album page counts its tiles, any other job one), so every core stays
    /// busy and no batch needs the fields of a whole long album; the rest last.
    private static func batches(_ jobs: [RenderJob], models: [PageModel], size: Int = 4096) -> [Range<Int>] {
        var batches: [Range<Int>] = []
        var start = 0, weight = 0
        for (index, job) in jobs.enumerated() {
            if case .album(let number, let page) = job {
                weight += models[number].photoRange(onPage: page).count
            } else {
                weight += 1
            }
            if weight >= size {
                batches.append(start..<index + 1)
                start = index + 1
                weight = 0
            }
        }
        if start < jobs.count { batches.append(start..<jobs.count) }
        return batches
    }

    /// Which of model `number`'s photos its jobs in one batch need the
    /// fields of (``PageModel/photoFields(_:)``): the tiles of each album
    /// page it renders (and of the home page's first when `root`: the
    /// assets take its data), each photo page it renders with those either
    /// side of it. So a photo added to an album of 100,000 makes the fields
    /// of a page of tiles and a few photos, and a cold build a batch's at a time.
    private static func photosNeeded(_ jobs: [RenderJob], of number: Int, model: PageModel, keep: KeptPages,
                                     root: Bool, photoPages: Bool) -> [Bool] {
        var needed = [Bool](repeating: false, count: model.photos.count)
        if root {
            for index in model.photoRange(onPage: 0) { needed[index] = true }
        }
        for job in jobs {
            switch job {
            case .album(number, let page) where !keep.keepsAlbum(number, page: page):
                for index in model.photoRange(onPage: page) { needed[index] = true }
            case .photo(number, let index) where photoPages && !keep.keepsPhoto(number, index):
                for neighbour in max(0, index - 1)...min(model.photos.count - 1, index + 1) { needed[neighbour] = true }
            default:
                break
            }
        }
        return needed
    }
}

/// The models a page's data is made again from (``Theme/RenderedFile/value``),
/// shared by reference: each page's closure holds it and two numbers. A
/// closure holding its model held a copy of it, 56 MB for 100,000 pages
/// alive to the build's end.
private final class RemakeSource: Sendable {
    let models: [PageModel]
    let generator: String

    init(models: [PageModel], generator: String) {
        self.models = models
        self.generator = generator
    }

    /// Album page `page`'s data, made again from model `number` alone.
    func albumValue(_ number: Int, page: Int) -> @Sendable () -> Value {
        { [self] in
            let model = models[number]
            return model.value(generator: generator, fields: model.allPhotoFields(), page: page)
        }
    }

    /// Photo `photo`'s page data, made again from model `number` alone.
    func photoValue(_ number: Int, _ photo: Int) -> @Sendable () -> Value {
        { [self] in models[number].photoPageValue(photo, generator: generator) }
    }
}
