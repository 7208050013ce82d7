import Testing
@testable import cascade
import Gallery

struct DistanceCase: Sendable, CustomTestStringConvertible {
    var a: String
    var b: String
    var distance: Int
    var testDescription: String { "\(a) → \(b)" }
}

@Test(arguments: [
    DistanceCase(a: "", b: "", distance: 0),
    DistanceCase(a: "", b: "abc", distance: 3),
    DistanceCase(a: "build", b: "build", distance: 0),
    DistanceCase(a: "biuld", b: "build", distance: 1),       // one swap of neighbours
    DistanceCase(a: "--outptu", b: "--output", distance: 1),
    DistanceCase(a: "buld", b: "build", distance: 1),        // one deletion
    DistanceCase(a: "bulid", b: "build", distance: 1),
    DistanceCase(a: "kitten", b: "sitting", distance: 3),
    DistanceCase(a: "ca", b: "abc", distance: 3),            // OSA, not full Damerau (2)
    DistanceCase(a: "scna", b: "scan", distance: 1),
])
func editDistance(_ c: DistanceCase) {
    #expect(EditDistance.between(c.a, c.b) == c.distance)
    #expect(EditDistance.between(c.b, c.a) == c.distance)
}

struct SuggestionCase: Sendable, CustomTestStringConvertible {
    var typed: String
    var candidates: [String]
    var suggestion: String?
    var testDescription: String { typed }
}

let commands = ["build", "init", "check", "scan", "layout", "audit", "help", "version"]

@Test(arguments: [
    SuggestionCase(typed: "biuld", candidates: commands, suggestion: "build"),
    SuggestionCase(typed: "bild", candidates: commands, suggestion: "build"),
    SuggestionCase(typed: "chekc", candidates: commands, suggestion: "check"),
    SuggestionCase(typed: "lay", candidates: commands, suggestion: "layout"),       // unique prefix
    SuggestionCase(typed: "frobnicate", candidates: commands, suggestion: nil),
    SuggestionCase(typed: "xyz", candidates: commands, suggestion: nil),
    SuggestionCase(typed: "--outptu", candidates: ["--output", "-o", "--templates"], suggestion: "--output"),
    SuggestionCase(typed: "--strcit", candidates: ["--strict", "--strict-templates"], suggestion: "--strict"),
    SuggestionCase(typed: "--bogus", candidates: ["--output", "-o", "--strict"], suggestion: nil),
    SuggestionCase(typed: "-x", candidates: ["-o", "-t", "-j"], suggestion: nil),   // a one-letter typo is a guess
    SuggestionCase(typed: "help", candidates: commands, suggestion: nil),           // a known name is no typo
])
func suggestion(_ c: SuggestionCase) {
    #expect(Suggestion.closest(to: c.typed, among: c.candidates) == c.suggestion)
}
