/// A planned response with where its body comes from.
struct Response {
    /// The body's bytes: in memory (pages with the live script, messages)
    /// or a range of a file opened for this response (images, videos), streamed.
    enum Body {
        case none
        case bytes([UInt8])
        case file(OpenFile, range: Range<Int>)
    }

    var plan: ResponsePlan
    var body: Body
    /// The request is the live-reload event stream: the connection is
    /// handed to the hub instead of answered.
    var isEventStream = false
}
