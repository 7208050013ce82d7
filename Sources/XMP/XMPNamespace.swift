/// Namespace URIs of the schemas Cascade reads. Matched exactly: XMP names
/// are URIs, prefixes are arbitrary.
public enum XMPNamespace {
    public static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    public static let xml = "http://www.w3.org/XML/1998/namespace"
    public static let dc = "http://purl.org/dc/elements/1.1/"
    public static let xmp = "http://ns.adobe.com/xap/1.0/"
    public static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    public static let exif = "http://ns.adobe.com/exif/1.0/"
    public static let exifEX = "http://cipa.jp/exif/1.0/"
    public static let aux = "http://ns.adobe.com/exif/1.0/aux/"
    public static let iptcCore = "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"
    public static let iptcExt = "http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
}
