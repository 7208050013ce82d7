import Foundation
import Testing

/// Runs `cascade layout ARGS` with `input` on standard input.
func layout(_ arguments: [String], input: String) throws -> Run {
    try Binary.run(["layout"] + arguments, input: input)
}

@Test func layoutWritesFramesInInputOrder() throws {
    // 3 columns of 200 with 10 px gaps (620 = 3·200 + 2·10). Heights 100 and 300, then
    // a two-column square (410 wide): windows 0–1 and 1–2 both start at 310 (the tallest
    // column they cover), so the leftmost wins. The last line's display size (400×100)
    // wins over width/height: 50 px tall, in the empty column 2.
    let input = """
    400x200
    200x300

    {"width": 100, "height": 100, "span": 2}
    {"displayWidth": 400, "displayHeight": 100, "width": 1, "height": 9, "path": "a.jpg"}
    """
    let run = try layout(["--columns", "3", "--width", "620", "--gap", "10"], input: input)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == """
    {"contentHeight":720,"items":[
    {"x":0,"y":0,"width":200,"height":100,"column":0},
    {"x":210,"y":0,"width":200,"height":300,"column":1},
    {"x":0,"y":310,"width":410,"height":410,"column":0},
    {"x":420,"y":0,"width":200,"height":50,"column":2}
    ]}

    """)
}

@Test func layoutOptionsInsetsOrdersAndFullWidth() throws {
    let input = "100x100\n100x100\n100x100\n{\"width\":4,\"height\":1,\"span\":\"full\"}\n"
    // Width 320, insets 10 all round, 3 columns, gap 5 → w = (300 − 10) / 3 = 96.666… → 96.65625.
    let run = try layout(["--columns=3", "--width", "320", "--gap", "5", "--row-gap", "7", "--inset", "10",
                          "--order", "right-to-left"], input: input)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines[1] == #"{"x":213.3125,"y":10,"width":96.65625,"height":96.65625,"column":2},"#)
    #expect(lines[3] == #"{"x":10,"y":10,"width":96.65625,"height":96.65625,"column":0},"#)
    // Full width: x at the left inset, below the tallest column + row gap, 3w + 2·gap wide.
    #expect(lines[4] == #"{"x":10,"y":113.65625,"width":299.96875,"height":75,"column":0}"#)
    // 299.96875 · 0.25 = 74.9921875 = 4799.5/64 px, rounded half up to 75.
    #expect(lines[0] == #"{"contentHeight":198.65625,"items":["#)
}

@Test func layoutIsDeterministicAndPipesScanJSON() throws {
    var lines: [String] = []
    var state: UInt64 = 7
    for index in 0..<500 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        let w = 100 + Int(state >> 54), h = 100 + Int((state >> 40) & 1023)
        lines.append(index % 2 == 0 ? "\(w)x\(h)" : #"{"path":"p\#(index).jpg","displayWidth":\#(w),"displayHeight":\#(h)}"#)
    }
    let input = lines.joined(separator: "\n")
    for order in ["shortest", "lanes", "left-to-right"] {
        let a = try layout(["--min-column-width", "180", "--order", order], input: input)
        let b = try layout(["--min-column-width", "180", "--order", order], input: input)
        #expect(a.status == 0 && a.stdout == b.stdout)
        #expect(a.stdout.split(separator: "\n").count == 502)
    }
}

struct BadLayoutInput: Sendable, CustomTestStringConvertible {
    var input: String
    var line: Int
    var mentions: String
    var testDescription: String { input }
}

@Test(arguments: [
    BadLayoutInput(input: "100x100\nbanana\n", line: 2, mentions: "WIDTHxHEIGHT"),
    BadLayoutInput(input: "0x100\n", line: 1, mentions: "WIDTHxHEIGHT"),
    BadLayoutInput(input: "100x-5\n", line: 1, mentions: "WIDTHxHEIGHT"),
    BadLayoutInput(input: "99999999999999999999x1\n", line: 1, mentions: "WIDTHxHEIGHT"),
    BadLayoutInput(input: "\n\n{\"width\": 1}\n", line: 3, mentions: "needs width and height"),
    BadLayoutInput(input: "{\"width\": true, \"height\": 2}\n", line: 1, mentions: "needs width and height"),
    BadLayoutInput(input: "{\"width\": 1.5, \"height\": 2}\n", line: 1, mentions: "needs width and height"),
    BadLayoutInput(input: "{\"displayWidth\": 10, \"width\": 5, \"height\": 5}\n", line: 1, mentions: "displayHeight"),
    BadLayoutInput(input: "{\"width\": 1, \"height\": 2, \"span\": 0}\n", line: 1, mentions: "span"),
    BadLayoutInput(input: "{\"width\": 1, \"height\": 2, \"extraHeight\": -1}\n", line: 1, mentions: "extraHeight"),
    BadLayoutInput(input: "{not json\n", line: 1, mentions: "not a JSON object"),
    BadLayoutInput(input: "[1, 2]\n", line: 1, mentions: "WIDTHxHEIGHT"),
])
func badInputLinesExit1NamingTheLine(_ c: BadLayoutInput) throws {
    let run = try layout([], input: c.input)
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("line \(c.line):"), "\(run.stderr)")
    #expect(run.stderr.contains(c.mentions), "\(run.stderr)")
}

@Test(arguments: [
    UsageCase(arguments: ["--columns", "0"], mentions: "--columns"),
    UsageCase(arguments: ["--columns", "3", "--min-column-width", "100"], mentions: "not both"),
    UsageCase(arguments: ["--width", "-5"], mentions: "--width"),
    UsageCase(arguments: ["--width", "nan"], mentions: "--width"),
    UsageCase(arguments: ["--gap", "1e400"], mentions: "--gap"),
    UsageCase(arguments: ["--inset", "1,2,3"], mentions: "--inset"),
    UsageCase(arguments: ["--order", "random"], mentions: "--order"),
    UsageCase(arguments: ["--tolerance", "5"], mentions: "only to --order lanes"),
    UsageCase(arguments: ["--order", "lanes", "--tolerance", "x"], mentions: "--tolerance"),
    UsageCase(arguments: ["items.txt"], mentions: "unexpected argument"),
    UsageCase(arguments: ["--bogus"], mentions: "unknown option '--bogus'"),
])
func layoutUsageErrorsExit2WithOneLine(_ c: UsageCase) throws {
    let run = try layout(c.arguments, input: "1x1\n")
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    #expect(run.stderr.contains(c.mentions), "\(run.stderr)")
}

/// The child exits on the usage error without reading its input. Fed
/// through a pipe, 4 MiB of input could not be written before it exited,
/// and the write raised SIGPIPE in the test process; from a file it cannot.
@Test func aUsageErrorWithLargeUnreadInputFailsCleanly() throws {
    let input = String(repeating: "400x300\n", count: 4 << 17)
    for _ in 0..<3 {
        let run = try layout(["--bogus"], input: input)
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option '--bogus'"), "\(run.stderr)")
    }
}
