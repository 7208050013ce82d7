import Testing
import MarkupCheck

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("Checks on several threads give the same results as one by one")
    func parallelChecks() async {
        let pages = [
            TestPages.valid,
            TestPages.gallery(tiles: 50),
            TestPages.page(body: "<p>a &nbsp; b</p>"),
            TestPages.page(body: "<div><p>x</div>"),
            TestPages.page(body: #"<p id="a">x</p><p id="a">y</p><blink />"#),
            TestPages.page(body: #"<img src=a.jpg />"#),
        ]
        let expected = pages.map { PageCheck.check($0) }
        let results = await withTaskGroup(of: (Int, [MarkupIssue]).self) { group in
            for round in 0..<48 {
                let index = round % pages.count
                let page = pages[index]
                group.addTask { (index, PageCheck.check(page)) }
            }
            var results: [(Int, [MarkupIssue])] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 48)
        for (index, issues) in results {
            #expect(issues == expected[index])
        }
    }
}
