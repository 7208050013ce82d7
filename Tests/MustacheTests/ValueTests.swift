import Foundation
import Mustache
import Testing

@Test(arguments: [
    (Value.int(85), "85"), (.double(85), "85"), (.double(1.21), "1.21"), (.double(-0.0), "0"),
    (.double(-3), "-3"), (.double(0.5), "0.5"), (.double(1e20), "1e+20"), (.bool(true), "true"),
    (.bool(false), "false"), (.null, ""), (.string("s"), "s"), (.list([1, 2]), ""), (.object(["a": 1]), ""),
])
func interpolationText(_ value: Value, _ expected: String) throws {
    #expect(try Template(parsing: "{{v}}").render(["v": value]) == expected)
}

@Test(arguments: [
    (Value.null, false), (.bool(false), false), (.int(0), false), (.double(0), false), (.string(""), false),
    (.list([]), false), (.bool(true), true), (.int(-1), true), (.double(0.1), true), (.string(" "), true),
    (.list([.null]), true), (.object([:]), true),
])
func truthiness(_ value: Value, _ truthy: Bool) throws {
    #expect(try Template(parsing: "{{#v}}yes{{/v}}{{^v}}no{{/v}}").render(["v": value]) == (truthy ? "yes" : "no"))
}

@Test func literalsBuildTheMatchingCases() {
    let value: Value = ["a": [1, 2.5, "s", true, nil], "b": [:]]
    #expect(value == .object(["a": .list([.int(1), .double(2.5), .string("s"), .bool(true), .null]),
                              "b": .object([:])]))
}

@Test func jsonDecodesBooleansBeforeNumbersAndIntegersBeforeDoubles() throws {
    let json = Data(#"{"t": true, "f": false, "zero": 0, "one": 1, "half": 1.5, "s": "x", "n": null, "l": [1, "1"]}"#.utf8)
    let value = try JSONDecoder().decode(Value.self, from: json)
    #expect(value == ["t": true, "f": false, "zero": 0, "one": 1, "half": 1.5, "s": "x", "n": nil, "l": [1, "1"]])
    let roundTrip = try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    #expect(roundTrip == value)
}
