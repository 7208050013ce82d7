/// The text a render produced plus what `RenderOptions` asked it to record.
public struct RenderResult: Sendable {
    /// The rendered output.
    public var text: String
    /// With `.reportMissingVariables`: each missing variable once, in the
    /// order first met.
    public var missingVariables: [MissingVariable]
    /// With `.traceOrigins`: the stretches of `text`, in order.
    public var origins: [OutputOrigin]

    /// Creates a result.
    public init(text: String, missingVariables: [MissingVariable] = [], origins: [OutputOrigin] = []) {
        self.text = text
        self.missingVariables = missingVariables
        self.origins = origins
    }
}
