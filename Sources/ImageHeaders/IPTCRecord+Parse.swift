extension IPTCRecord {
    /// Reads the IIM datasets in `iimBytes`; `nil` when none of the kept
    /// datasets holds text. Never fails: the datasets before a fault count.
    public init?(iimBytes: [UInt8]) {
        let datasets: [IPTCDataset]
        do {
            datasets = try IPTCDataset.all(in: iimBytes)
        } catch {
            // Keep what came before the fault: parse the prefix up to it.
            guard error.offset > 0, let before = try? IPTCDataset.all(in: Array(iimBytes[..<error.offset])) else {
                return nil
            }
            datasets = before
        }
        self.init(datasets: datasets)
    }

    /// Reads the IIM record in Photoshop image resources (an APP13 payload
    /// after `Photoshop 3.0\0`, or the resources of several APP13 segments
    /// joined); `nil` when there is no readable record.
    public init?(photoshopResources: [UInt8]) {
        guard let iim = try? PhotoshopResources.data(of: PhotoshopResources.iptcResource, in: photoshopResources) else {
            return nil
        }
        self.init(iimBytes: iim)
    }

    private init?(datasets: [IPTCDataset]) {
        // 1:90 Coded Character Set: `ESC % G` declares UTF-8.
        let declaresUTF8 = datasets.contains { $0.record == 1 && $0.number == 90 && Array($0.data) == [0x1B, 0x25, 0x47] }
        self.init()
        for dataset in datasets where dataset.record == 2 {
            let kept: WritableKeyPath<IPTCRecord, String?>?
            switch dataset.number {
            case 25:
                if let text = Self.text(dataset.data, utf8: declaresUTF8) { keywords.append(text) }
                continue
            case 80:
                if let text = Self.text(dataset.data, utf8: declaresUTF8) { byline.append(text) }
                continue
            case 5: kept = \.objectName
            case 105: kept = \.headline
            case 120: kept = \.caption
            case 116: kept = \.copyrightNotice
            case 90: kept = \.city
            case 92: kept = \.subLocation
            case 95: kept = \.provinceState
            case 100: kept = \.countryCode
            case 101: kept = \.country
            default: kept = nil
            }
            // Non-repeatable datasets: the first one counts.
            if let kept, self[keyPath: kept] == nil {
                self[keyPath: kept] = Self.text(dataset.data, utf8: declaresUTF8)
            }
        }
        guard self != IPTCRecord() else { return nil }
    }

    /// Decodes one dataset's text: UTF-8 when declared or valid, else Latin-1; cleaned.
    static func text(_ data: ArraySlice<UInt8>, utf8 declared: Bool) -> String? {
        var bytes = Array(data)
        // Some writers NUL-terminate IIM strings.
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        let decoded: String
        if declared {
            decoded = String(decoding: bytes, as: UTF8.self)
        } else if let valid = String(validating: bytes, as: UTF8.self) {
            decoded = valid
        } else {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            decoded = String(scalars)
        }
        return ImageMetadata.cleanedText(decoded)
    }
}
