import ImageHeaders

extension PhotoDetails {
    // MARK: - EXIF mapping point
    //
    // This is the one place EXIF metadata becomes photo details. ImageHeaders
    // is gaining an optional `metadata: ImageMetadata?` on `ImageHeader`
    // (imageDescription, artist, copyright, make, model, dateTimeOriginal).
    // When it lands, fill this in:
    //
    //     guard let exif = header.metadata else { self.init(); return }
    //     self.init(caption: Self.caption(fromEXIFDescription: exif.imageDescription),
    //               date: exif.dateTimeOriginal.flatMap(PhotoDate.init(parsing:)),
    //               camera: Self.camera(make: exif.make, model: exif.model))
    //
    // The helpers below are ready and tested; album.json still overrides.

    /// The details EXIF gives for `header`.
    public init(exifOf header: ImageHeader) {
        self.init()
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
