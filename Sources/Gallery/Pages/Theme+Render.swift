import Mustache
import Parallel

extension Theme {
    /// Renders every page and asset. With `strictTemplates`, a variable the
    /// data lacks anywhere fails the build, listing each once.
    func render(_ model: PageModel, generator: String, strictTemplates: Bool) throws(BuildError) -> [RenderedFile] {
        let fields = model.allPhotoFields()
        let album = model.value(generator: generator, fields: fields)
        let assets = assetNames
        let photoPages = library["photo"] != nil ? model.photos.count : 0
        let library = library
        let options: RenderOptions = strictTemplates ? .reportMissingVariables : []
        // Pages are independent, so they render on every core; the results
        // keep job order, so output and the list of misses are deterministic.
        let outcomes = ParallelWork.map(count: 1 + assets.count + photoPages) {
            index -> Result<(RenderedFile, [MissingVariable]), TemplateError> in
            let job: (path: String, template: String, value: Value)
            switch index {
            case 0: job = ("index.html", "page", album)
            case 1...assets.count: job = (assets[index - 1], assets[index - 1], album)
            default:
                let photo = index - 1 - assets.count
                job = (model.pagePath(photo), "photo", model.photoPageValue(photo, generator: generator, fields: fields))
            }
            return Result { () throws(TemplateError) in
                let result = try library.render(job.template, job.value, options: options)
                return (RenderedFile(path: job.path, text: result.text, template: job.template, value: job.value),
                        result.missingVariables)
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
}
