import ImageHeaders

extension PhotoDetails {
    /// The details EXIF gives for `header`: ImageDescription as the caption
    /// (camera placeholders dropped), DateTimeOriginal, make and model,
    /// exposure and lens.
    /// `album.json` overrides each field.
    public init(exifOf header: ImageHeader) {
        guard let exif = header.metadata else {
            self.init()
            return
        }
        var date = exif.dateTimeOriginal.flatMap(PhotoDate.init(parsing:))
        if date?.hour != nil { date?.offsetMinutes = exif.offsetTimeOriginal.flatMap(PhotoDate.offsetMinutes(parsing:)) }
        self.init(caption: Self.caption(fromEXIFDescription: exif.imageDescription),
                  date: date, dateSource: .exif,
                  camera: Self.camera(make: exif.make, model: exif.model),
                  exposure: Self.exposure(exif.exposure))
    }

    /// `exposure` with its lens names cleaned like every shown text; nil when nothing is left.
    static func exposure(_ exposure: CameraExposure?) -> CameraExposure? {
        guard var exposure else { return nil }
        exposure.lensMake = cleaned(exposure.lensMake)
        exposure.lensModel = cleaned(exposure.lensModel)
        return exposure.isEmpty ? nil : exposure
    }

    /// Make and model as one name, without repeating the make
    /// (`Canon` + `Canon EOS 5D` → `Canon EOS 5D`; `FUJIFILM` + `X-T4` →
    /// `FUJIFILM X-T4`); nil when both are empty.
    public static func camera(make: String?, model: String?) -> String? {
        let make = cleaned(make), model = cleaned(model)
        switch (make, model) {
        case (nil, nil): return nil
        case (let make?, nil): return make
        case (nil, let model?): return model
        case (let make?, let model?):
            let firstWord = make.split(separator: " ").first.map(String.init) ?? make
            if model.lowercased().hasPrefix(firstWord.lowercased()) { return model }
            return make + " " + model
        }
    }

    /// A caption from EXIF `ImageDescription`, dropping the placeholders
    /// cameras write when the user wrote nothing.
    public static func caption(fromEXIFDescription text: String?) -> String? {
        guard let text = cleaned(text) else { return nil }
        let placeholders: Set<String> = [
            "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "KODAK CSC", "DCIM", "MINOLTA DIGITAL CAMERA",
            "CAMERA", "IMAGE", "DEFAULT", "<KENOX S630 / SAMSUNG S630>", "SAMSUNG DIGITAL CAMERA",
        ]
        return placeholders.contains(text.uppercased()) ? nil : text
    }
}
