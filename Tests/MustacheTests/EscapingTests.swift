import Mustache
import Testing

@Test func doubleMustacheEscapesFiveCharactersIncludingApostrophe() throws {
    let value: Value = ["x": "<a href=\"/?a=1&b=2\">it's</a>"]
    #expect(try Template(parsing: "{{x}}").render(value)
        == "&lt;a href=&quot;/?a=1&amp;b=2&quot;&gt;it&#39;s&lt;/a&gt;")
    #expect(try Template(parsing: "{{{x}}}|{{&x}}").render(value)
        == "<a href=\"/?a=1&b=2\">it's</a>|<a href=\"/?a=1&b=2\">it's</a>")
}

@Test func escapingKeepsOtherTextIntact() throws {
    let value: Value = ["x": "Café « 溪流 » 📷 = `ok`", "y": "'", "z": "plain"]
    #expect(try Template(parsing: "{{x}}|{{y}}|{{z}}").render(value) == "Café « 溪流 » 📷 = `ok`|&#39;|plain")
}

@Test func escapedAttributeValueCannotBreakOutOfQuotes() throws {
    let html = try Template(parsing: "<img alt=\"{{alt}}\" title='{{alt}}'>").render(["alt": "\" onload='x'"])
    #expect(html == "<img alt=\"&quot; onload=&#39;x&#39;\" title='&quot; onload=&#39;x&#39;'>")
}
