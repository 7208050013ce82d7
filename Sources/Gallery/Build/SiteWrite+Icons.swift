extension SiteWrite {
    /// The icons stage (``SiteIcons``): after the manifest lists them and
    /// the renditions they are made from are written.
    func writeIcons(_ final: SitePages.Result) throws(BuildError) {
        try final.models.first?.icons?.make(in: output)
    }
}
