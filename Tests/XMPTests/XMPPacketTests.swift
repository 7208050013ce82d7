import Testing
import XMP

/// RDF forms XMP writers use: element and attribute form, Alt/Bag/Seq,
/// structures, wrappers, prefixes other than the conventional ones.
@Suite struct XMPPacketTests {
    static func packet(_ body: String, wrapped: Bool = true) -> [UInt8] {
        let rdf = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\(body)</rdf:RDF>
            """
        let meta = wrapped ? "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\(rdf)</x:xmpmeta>" : rdf
        return Array("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\(meta)\n<?xpacket end=\"w\"?>".utf8)
    }

    static let dc = "xmlns:dc=\"http://purl.org/dc/elements/1.1/\""

    @Test(arguments: [true, false])
    func elementForm(wrapped: Bool) throws {
        let xmp = try XMPPacket.parse(Self.packet("""
            <rdf:Description rdf:about="" \(Self.dc)>
              <dc:title><rdf:Alt><rdf:li xml:lang="de">Hafen</rdf:li><rdf:li xml:lang="x-default">Harbour</rdf:li></rdf:Alt></dc:title>
              <dc:description><rdf:Alt><rdf:li xml:lang="en">Boats&#xA;at dawn</rdf:li></rdf:Alt></dc:description>
              <dc:subject><rdf:Bag><rdf:li>boats</rdf:li><rdf:li> </rdf:li><rdf:li>dawn</rdf:li></rdf:Bag></dc:subject>
              <dc:creator><rdf:Seq><rdf:li>Ada</rdf:li><rdf:li>Bob</rdf:li></rdf:Seq></dc:creator>
            </rdf:Description>
            """, wrapped: wrapped))
        #expect(xmp.title == "Harbour")
        #expect(xmp.descriptionText == "Boats at dawn")
        #expect(xmp.keywords == ["boats", "dawn"])
        #expect(xmp.creators == ["Ada", "Bob"])
    }

    @Test func attributeFormAndOtherPrefixes() throws {
        let xmp = try XMPPacket.parse(Self.packet("""
            <rdf:Description rdf:about="" xmlns:p="http://ns.adobe.com/photoshop/1.0/" xmlns:q="http://ns.adobe.com/xap/1.0/"
               xmlns:e="http://ns.adobe.com/exif/1.0/" p:Headline="Big news" q:Rating="4" e:DateTimeOriginal="2024-05-01T14:03:59+02:00"
               q:CreateDate="2024-05-01"/>
            """))
        #expect(xmp.headline == "Big news")
        #expect(xmp.rating == 4)
        #expect(xmp.dateTimeOriginal == "2024-05-01T14:03:59+02:00")
        #expect(xmp.createDate == "2024-05-01")
    }

    @Test func firstDescriptionWinsAndWrongNamespaceIsIgnored() throws {
        let xmp = try XMPPacket.parse(Self.packet("""
            <rdf:Description rdf:about="" xmlns:dc="http://example.com/not-dc/"><dc:title>Fake</dc:title></rdf:Description>
            <rdf:Description rdf:about="" \(Self.dc)><dc:title>First</dc:title></rdf:Description>
            <rdf:Description rdf:about="" \(Self.dc)><dc:title>Second</dc:title></rdf:Description>
            """))
        #expect(xmp.title == "First")
    }

    @Test(arguments: [
        ("<rdf:li xml:lang=\"fr\">Port</rdf:li><rdf:li xml:lang=\"de\">Hafen</rdf:li>", "Port"),
        ("<rdf:li xml:lang=\"fr\">Port</rdf:li><rdf:li xml:lang=\"x-default\">Harbour</rdf:li>", "Harbour"),
        ("<rdf:li>Untagged</rdf:li>", "Untagged"),
    ])
    func languageAlternatives(items: String, expected: String) throws {
        let xmp = try XMPPacket.parse(Self.packet(
            "<rdf:Description \(Self.dc)><dc:title><rdf:Alt>\(items)</rdf:Alt></dc:title></rdf:Description>"))
        #expect(xmp.title == expected)
    }

    @Test func structuresAndPrivacyFields() throws {
        let xmp = try XMPPacket.parse(Self.packet("""
            <rdf:Description xmlns:ext="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:exif="http://ns.adobe.com/exif/1.0/"
                xmlns:aux="http://ns.adobe.com/exif/1.0/aux/" xmlns:ex="http://cipa.jp/exif/1.0/"
                xmlns:core="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
                exif:GPSLatitude="54,18.0N" aux:SerialNumber="123" ex:CameraOwnerName="Ada">
              <ext:LocationShown><rdf:Bag><rdf:li rdf:parseType="Resource"><ext:City>Kiel</ext:City></rdf:li></rdf:Bag></ext:LocationShown>
              <ext:LocationCreated rdf:parseType="Resource"></ext:LocationCreated>
              <core:AltTextAccessibility><rdf:Alt><rdf:li xml:lang="x-default">A harbour</rdf:li></rdf:Alt></core:AltTextAccessibility>
            </rdf:Description>
            """))
        #expect(xmp.locationFields == ["exif:GPSLatitude", "Iptc4xmpExt:LocationShown"])
        #expect(xmp.hasGPS)
        #expect(xmp.serialNumberFields == ["aux:SerialNumber"])
        #expect(xmp.ownerFields == ["exifEX:CameraOwnerName"])
        #expect(xmp.altText == "A harbour")
    }

    @Test func trailingNULPaddingIsAccepted() throws {
        let bytes = Self.packet("<rdf:Description \(Self.dc) dc:rights=\"© Ada\"/>") + [0, 0, 0x20, 0x0A, 0]
        #expect(try XMPPacket.parse(bytes).rights == "© Ada")
    }
}
