import ImageHeaders
import PhotoMetadata
import Testing
import XMP

/// Camera exposure from XMP, the fallback for fields the file's Exif lacks.
@Suite struct XMPExposureTests {
    static let packet = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/"
          xmlns:exifEX="http://cipa.jp/exif/1.0/" xmlns:aux="http://ns.adobe.com/exif/1.0/aux/"
          exif:ExposureTime="1/60" exif:FNumber="56/10" exif:FocalLength="350/10" exif:FocalLengthIn35mmFilm="52"
          exifEX:LensModel="XF35mmF1.4 R" aux:SerialNumber="SN-99">
          <exif:ISOSpeedRatings><rdf:Seq><rdf:li>800</rdf:li></rdf:Seq></exif:ISOSpeedRatings>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """

    @Test func xmpGivesEveryField() throws {
        let xmp = try XMPPacket.parse(Array(Self.packet.utf8))
        let exposure = MergedMetadata.exposure(exif: nil, packets: [xmp])
        #expect(exposure == CameraExposure(exposureTime: 1.0 / 60, fNumber: 5.6, iso: 800, focalLength: 35,
                                           focalLength35mm: 52, lensModel: "XF35mmF1.4 R"))
    }

    @Test func exifWinsFieldByField() throws {
        let xmp = try XMPPacket.parse(Array(Self.packet.utf8))
        let exif = CameraExposure(fNumber: 2, iso: 100)
        let exposure = try #require(MergedMetadata.exposure(exif: exif, packets: [xmp]))
        #expect(exposure.fNumber == 2)
        #expect(exposure.iso == 100)
        #expect(exposure.exposureTime == 1.0 / 60)
        #expect(exposure.lensModel == "XF35mmF1.4 R")
    }

    @Test func mergedMetadataCarriesTheExposure() throws {
        let header = ImageMetadata(model: "X-T4", xmpPacket: Array(Self.packet.utf8))
        #expect(MergedMetadata(header: header, sidecar: nil).exposure?.fNumber == 5.6)
        #expect(MergedMetadata(header: ImageMetadata(model: "X-T4"), sidecar: nil).exposure == nil)
    }

    @Test(arguments: [("1/0", nil), ("0", nil), ("-2", nil), ("2e9", nil), ("x/2", nil), ("1/2/3", nil),
                      ("28/10", 2.8), (" 8 ", 8.0), ("1/250", 0.004)] as [(String, Double?)])
    func rationalTextIsChecked(_ text: String, _ expected: Double?) {
        let xmp = XMPPacket(properties: [XMPName(XMPNamespace.exif, "FNumber"): .text(text)])
        #expect(MergedMetadata.exposure(exif: nil, packets: [xmp])?.fNumber == expected)
    }
}
