import Testing
@testable import Gallery

@Test(arguments: [
    (["img10.jpg", "img2.jpg", "img1.jpg"], ["img1.jpg", "img2.jpg", "img10.jpg"]),
    (["b.jpg", "A.jpg", "a.jpg"], ["A.jpg", "a.jpg", "b.jpg"]),
    (["x01.jpg", "x1.jpg", "x001.jpg"], ["x1.jpg", "x01.jpg", "x001.jpg"]),
    (["2024-10-3.jpg", "2024-9-30.jpg"], ["2024-9-30.jpg", "2024-10-3.jpg"]),
    (["café.jpg", "cafe.jpg", "溪流.jpg", "Z.jpg"], ["cafe.jpg", "café.jpg", "Z.jpg", "溪流.jpg"]),
    // Case folding beyond ASCII: É and é share a key, the raw bytes break the tie.
    (["ébène.jpg", "Ébène.jpg", "ébène1.jpg"], ["ébène1.jpg", "Ébène.jpg", "ébène.jpg"]),
    (["photo 99999999999999999999999.jpg", "photo 100000000000000000000000.jpg"],
     ["photo 99999999999999999999999.jpg", "photo 100000000000000000000000.jpg"]),
])
func naturalOrder(_ input: [String], _ expected: [String]) {
    #expect(input.sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
    #expect(input.reversed().sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
}

@Test(arguments: [
    ("a.jpg", "a.jpg"),
    ("Picos de Europa.jpg", "Picos%20de%20Europa.jpg"),
    ("café.jpg", "caf%C3%A9.jpg"),
    ("img-09:10#1?.jpg", "img-09%3A10%231%3F.jpg"),
    ("100%.jpg", "100%25.jpg"),
    ("a&b'c\".jpg", "a%26b%27c%22.jpg"),
])
func urlSegmentsArePercentEncoded(_ name: String, _ encoded: String) {
    #expect(URLPath.relative(["photos", name]) == "photos/" + encoded)
}

@Test func sortedIndicesAgreeWithTheComparison() {
    let names = ["b10", "B2", "a", "ä", "10", "9", "x01", "x1"]
    #expect(NaturalOrder.sortedIndices(names).map { names[$0] } == names.sorted(by: NaturalOrder.areInIncreasingOrder))
    // No collation: letters beyond ASCII sort by code point, after `z`.
    #expect(NaturalOrder.sorted(names) == ["9", "10", "a", "B2", "b10", "x1", "x01", "ä"])
}

/// Names alike in their first 16 key bytes, and names that are prefixes of
/// each other, sort as the comparison orders them.
@Test func sortedIndicesAgreeOnLongAndPrefixNames() {
    let names = ["IMG_20240501_120000001.jpg", "IMG_20240501_120000002.jpg", "img_20240501_12000000.jpg",
                 "IMG_20240501_120000001.JPG", "IMG_2024", "IMG_2024.", "IMG_202", "IMG_20240501_1200000010.jpg",
                 "photo-album-export-0001.jpg", "photo-album-export-001.jpg", "photo-album-export-1.jpg",
                 "photo-album-export", "a\u{0}b", "a", "ä-long-name-beyond-sixteen-bytes", "ä-long-name-beyond-sixteen"]
    let expected = names.sorted(by: NaturalOrder.areInIncreasingOrder)
    #expect(NaturalOrder.sortedIndices(names).map { names[$0] } == expected)
    #expect(NaturalOrder.sortedIndices(names.reversed()).map { names.reversed()[$0] } == expected)
}
