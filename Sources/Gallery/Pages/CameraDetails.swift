import ImageHeaders
import Mustache

/// A photo's camera details as a page shows them: the camera's name, the
/// lens, and the exposure formatted in the page's language (`1/250 s`,
/// `f/2.8`, `50 mm`, `ISO 200`; `f/2,8` where the decimal separator is a
/// comma). Only what the photo's details give: never a serial number or a
/// position, which ``PhotoDetails`` does not hold.
struct CameraDetails: Equatable {
    var camera: String?
    var lens: String?
    var focalLength: String?
    var aperture: String?
    var shutter: String?
    var iso: String?
    /// The ISO figure alone: the item under the label `ISO` would otherwise say it twice.
    var isoFigure: String?

    /// Exposures shorter than this are written as a fraction, `1/n s`.
    static let fractionBelow = 0.3

    /// The details of `details` in `strings`' language; nil when none is known.
    init?(_ details: PhotoDetails, strings: LanguageStrings) {
        camera = details.camera
        if let exposure = details.exposure {
            lens = Self.lens(make: exposure.lensMake, model: exposure.lensModel)
            focalLength = exposure.focalLength.map { Self.focalLength($0, equivalent: exposure.focalLength35mm, strings) }
            aperture = exposure.fNumber.map { strings.format("cameraAperture", ["value": Self.decimal($0, strings)]) }
            shutter = exposure.exposureTime.map { Self.shutter($0, strings) }
            isoFigure = exposure.iso.map { String($0) }
            iso = isoFigure.map { strings.format("cameraISO", ["value": $0]) }
        }
        if items(strings).isEmpty { return nil }
    }

    /// The known fields as label and value, in a fixed order, for themes
    /// that list them; the ISO value is the bare figure (`ISO` / `200`).
    func items(_ strings: LanguageStrings) -> [(label: String, value: String)] {
        [("cameraLabel", camera), ("lensLabel", lens), ("focalLengthLabel", focalLength), ("apertureLabel", aperture),
         ("shutterLabel", shutter), ("isoLabel", isoFigure)].compactMap { key, value in
            value.map { (strings.text(key), $0) }
        }
    }

    /// The template object: each field by name (`camera` is always present,
    /// null when unknown, so `{{camera}}` inside `{{#camera}}` never finds the
    /// object itself) and `items`.
    func value(_ strings: LanguageStrings) -> Value {
        var fields: [String: Value] = ["camera": camera.map(Value.string) ?? .null]
        for (name, text) in [("lens", lens), ("focalLength", focalLength), ("aperture", aperture), ("shutter", shutter),
                             ("iso", iso)] {
            if let text { fields[name] = .string(text) }
        }
        fields["items"] = .list(items(strings).map { .object(["label": .string($0.label), "value": .string($0.value)]) })
        return .object(fields)
    }

    /// `1/250 s` below ``fractionBelow`` (n rounded to a whole number), else
    /// seconds with at most one decimal: `0.5 s`, `2 s`, `30 s`.
    static func shutter(_ seconds: Double, _ strings: LanguageStrings) -> String {
        if seconds < fractionBelow {
            let denominator = Int((1 / seconds).rounded())
            return strings.format("cameraShutterFraction", ["n": String(denominator)])
        }
        return strings.format("cameraShutterSeconds", ["seconds": decimal(seconds, strings)])
    }

    /// `50 mm`, or `50 mm (75 mm in 35 mm terms)` when the 35 mm figure differs.
    static func focalLength(_ millimetres: Double, equivalent: Int?, _ strings: LanguageStrings) -> String {
        let shown = decimal(millimetres, strings)
        if let equivalent, shown != decimal(Double(equivalent), strings) {
            return strings.format("cameraFocalLengthEquivalent", ["mm": shown, "equivalent": String(equivalent)])
        }
        return strings.format("cameraFocalLength", ["mm": shown])
    }

    /// The lens as one name: the model, with the make before it unless the
    /// model already starts with it.
    static func lens(make: String?, model: String?) -> String? {
        guard let model else { return nil }
        guard let make, !model.lowercased().hasPrefix(make.lowercased()) else { return model }
        return make + " " + model
    }

    /// `value` with at most one decimal, `.0` dropped, in the language's
    /// decimal separator: `2.8`, `8`, `2,8` (fr).
    static func decimal(_ value: Double, _ strings: LanguageStrings) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = tenths / 10, fraction = tenths % 10
        guard fraction != 0 else { return String(whole) }
        let separator = strings.text("decimalSeparator")
        return String(whole) + (separator.isEmpty ? "." : separator) + String(fraction)
    }
}
