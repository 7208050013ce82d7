import MarkupCheck

/// libFuzzer entry for the markup check (libxml2's SAX2 parser through
/// CMarkupCheck, then the vocabulary check): the input as a page and as an
/// XML file, twice each; a different answer the second time or an issue
/// without a position traps. A plain `swift build` links it as a no-op.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let page = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let issues = PageCheck.check(page)
    precondition(issues == PageCheck.check(page), "page check not deterministic")
    precondition(issues.allSatisfy { $0.line >= 1 && $0.column >= 1 }, "issue without a position")
    let outcome = XMLCheck.check(page)
    precondition(outcome == XMLCheck.check(page), "XML check not deterministic")
    return 0
}
