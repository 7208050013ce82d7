/// What an IPTC-IIM record (the "IPTC" of older photo tools) says about a
/// photo: title, caption, keywords, creator, copyright and location.
///
/// Read from JPEG APP13 (Photoshop image resource 0x0404) and TIFF tag 33723.
/// Text is decoded as UTF-8 when the record declares it (1:90 `ESC % G`) or
/// when the bytes are valid UTF-8, else as Latin-1 (the IIM default most
/// writers used), then cleaned like Exif text (see ``ImageMetadata``).
/// A malformed record keeps the datasets before the fault; one with none of
/// the kept datasets reads as absent.
public struct IPTCRecord: Sendable, Equatable, Hashable {
    /// 2:05 Object Name: a short title.
    public var objectName: String?
    /// 2:105 Headline: a synopsis, used as a title when there is no other.
    public var headline: String?
    /// 2:120 Caption/Abstract: the description.
    public var caption: String?
    /// 2:25 Keywords, repeatable, in the order written.
    public var keywords: [String]
    /// 2:80 By-line (creator), repeatable, in the order written.
    public var byline: [String]
    /// 2:116 Copyright Notice.
    public var copyrightNotice: String?
    /// 2:90 City.
    public var city: String?
    /// 2:92 Sub-location.
    public var subLocation: String?
    /// 2:95 Province/State.
    public var provinceState: String?
    /// 2:101 Country/Primary Location Name.
    public var country: String?
    /// 2:100 Country/Primary Location Code (ISO 3166, e.g. `FRA`).
    public var countryCode: String?

    /// Creates a record; every field defaults to absent.
    public init(
        objectName: String? = nil, headline: String? = nil, caption: String? = nil, keywords: [String] = [],
        byline: [String] = [], copyrightNotice: String? = nil, city: String? = nil, subLocation: String? = nil,
        provinceState: String? = nil, country: String? = nil, countryCode: String? = nil
    ) {
        self.objectName = objectName
        self.headline = headline
        self.caption = caption
        self.keywords = keywords
        self.byline = byline
        self.copyrightNotice = copyrightNotice
        self.city = city
        self.subLocation = subLocation
        self.provinceState = provinceState
        self.country = country
        self.countryCode = countryCode
    }

    /// Whether any location field (city, sub-location, province/state,
    /// country or its code) is set: a privacy concern when publishing.
    public var hasLocation: Bool {
        [city, subLocation, provinceState, country, countryCode].contains { $0 != nil }
    }

    /// Every text field, for checks that all of them are clean.
    var allText: [String] {
        [objectName, headline, caption, copyrightNotice, city, subLocation, provinceState, country, countryCode]
            .compactMap { $0 } + keywords + byline
    }
}
