import Foundation
import ImageHeaders
import Thumbnails

/// An output encoding: a format renditions are published in (`--formats`,
/// `"formats"` in `cascade.json`), not a format photos are read in (those are
/// ``ImageFormat``s, whose registry says which can be decoded). Each names the
/// ``ImageFormat`` its files are written in (``encodedFormat``). JPEG is always made: it is the `<img>` every browser
/// shows (a PNG when the photo has real transparency). AVIF and WebP are
/// optional alternates offered before it in a `<picture>`, so each browser
/// fetches the smallest file it can read; they are made from the same
/// resampled pixels as the JPEG, so a photo is still decoded once.
public enum RenditionFormat: String, Sendable, CaseIterable, Hashable {
    // In the order a `<picture>` offers them: smallest files first.
    case avif, webp, jpeg

    /// What is made without `--formats`: JPEG alone, chosen by measurement
    /// (Benchmarks/formats/RESULTS.md): at JPEG Q80's fidelity AVIF saves about
    /// 40 % of the bytes and WebP about 25 %, but a cold build took 18× the CPU
    /// time with AVIF (libaom) and 4× with WebP — a cost every build would pay
    /// for bytes only some sites need to save; and a default build's output
    /// stays what it was.
    public static let standard: [RenditionFormat] = [.jpeg]

    /// The names `--formats` accepts.
    public static let names = allCases.map(\.rawValue)

    /// The encoder quality of an alternate, on its own scale: the value whose
    /// mean PSNR against the Lanczos-3 reference matches JPEG quality 80's on
    /// the formats benchmark (Benchmarks/formats, 28 photos at 640 and 1280 px:
    /// WebP 80 within +0.29/−0.20 dB, AVIF 60 within +0.13/−0.33 dB), so every
    /// format of a photo shows the same fidelity and the alternates only save
    /// bytes. Fixed, not derived from `--quality`: the encoders' scales are not
    /// JPEG's, and a mapping would be a guess outside the measured point. Nil
    /// for JPEG, whose quality is `--quality`.
    public var alternateQuality: Int? {
        switch self {
        case .avif: 60
        case .webp: 80
        case .jpeg: nil
        }
    }

    /// The `type` of its `<source>`.
    public var mediaType: String { "image/" + rawValue }

    /// The format Thumbnails encodes it in (the lossy one, for JPEG).
    var encodedFormat: ImageFormat { imageFormat(lossless: false) }

    /// The format a rendition file of it is in (`png` for a lossless fallback).
    func imageFormat(lossless: Bool) -> ImageFormat {
        switch self {
        case .avif: .avif
        case .webp: .webp
        case .jpeg: lossless ? .png : .jpeg
        }
    }

    /// The format a rendition's file name says it is in: `.jpg` and `.png` are the fallback.
    init?(path: String) {
        let named = Self.allCases.first { format in
            [false, true].contains { path.hasSuffix("." + format.imageFormat(lossless: $0).fileExtension) }
        }
        guard let named else { return nil }
        self = named
    }

    /// The formats to make, each once, JPEG always among them, in ``allCases`` order.
    public static func normalized(_ formats: [RenditionFormat]) -> [RenditionFormat] {
        allCases.filter { $0 == .jpeg || formats.contains($0) }
    }

    /// Parses `avif,webp,jpeg` (any order; spaces around names allowed), or
    /// says what is wrong: an empty list or an unknown name, with the nearest
    /// known one when it is close.
    public static func parseList(_ text: String) -> Result<[RenditionFormat], FormatListProblem> {
        parse(text.split(separator: ",", omittingEmptySubsequences: false).map { String($0) })
    }

    /// The list form `cascade.json` holds.
    public static func parse(_ names: [String]) -> Result<[RenditionFormat], FormatListProblem> {
        var formats: [RenditionFormat] = []
        for raw in names {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { return .failure(.empty) }
            let alias = name == "jpg" ? "jpeg" : name
            guard let format = RenditionFormat(rawValue: alias) else {
                return .failure(.unknown(name: raw, suggestion: Suggestion.closest(to: name, among: Self.names)))
            }
            formats.append(format)
        }
        guard !formats.isEmpty else { return .failure(.empty) }
        return .success(normalized(formats))
    }
}

/// Why a list of formats was refused.
public enum FormatListProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// No name, or an empty one between commas.
    case empty
    case unknown(name: String, suggestion: String?)

    public var description: String {
        switch self {
        case .empty:
            "needs formats separated by commas, from " + RenditionFormat.names.joined(separator: ", ")
        case .unknown(let name, let suggestion):
            "does not know the format '\(name)'"
                + (suggestion.map { " (did you mean '\($0)'?)" } ?? "; known: " + RenditionFormat.names.joined(separator: ", "))
        }
    }
}
