import Testing
@testable import Waterfall

// Properties over thousands of seeded random galleries (RandomGallery).

let propertySeeds: [ClosedRange<UInt64>] = [1...500, 501...1000, 1001...1500, 1501...2000]

@Test(arguments: propertySeeds)
func noOverlapAndInsideTheContentBox(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed)
        let arrangement = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        let frames = arrangement.frames
        var boxes = frames
        for geometry in arrangement.sections {
            boxes += [geometry.header, geometry.footer].compactMap { $0 }
            let right = arrangement.containerWidth - gallery.sections[arrangement.sections.firstIndex(of: geometry)!].insets.right
            for index in geometry.items {
                let frame = frames[index]
                #expect(frame.x >= geometry.left && frame.maxX <= right, "seed \(seed) item \(index)")
                #expect(frame.y >= geometry.columnsTop && frame.maxY <= geometry.bottom, "seed \(seed) item \(index)")
            }
        }
        #expect(arrangement.contentHeight == (arrangement.sections.last?.bottom ?? 0))
        for (i, a) in boxes.enumerated() where a.width > 0 && a.height > 0 {
            for b in boxes[(i + 1)...] where a.overlaps(b) {
                Issue.record("seed \(seed): \(a) overlaps \(b)")
            }
        }
    }
}

@Test(arguments: propertySeeds)
func eachTileStartsAtTheLowestClearPositionWithExactlyTheRowGap(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed)
        let arrangement = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        for (s, geometry) in arrangement.sections.enumerated() {
            let section = gallery.sections[s]
            let k = geometry.columnCount
            // Replays the columns from the frames: where the next tile in each column may start.
            var next = [Double](repeating: geometry.columnsTop, count: k)
            for index in geometry.items {
                let frame = arrangement.frame(at: index)
                let start = arrangement.column(at: index)
                let span = arrangement.span(at: index)
                let covered = next[start..<(start + span)]
                #expect(frame.y == covered.max()!, "seed \(seed) item \(index)")
                #expect(frame.x == geometry.x(ofColumn: start) && frame.width == geometry.width(span: span))
                if section.order == .shortest {
                    // The lowest window of `span` columns, leftmost on ties.
                    let tops = (0...(k - span)).map { next[$0..<($0 + span)].max()! }
                    #expect(start == tops.firstIndex(of: tops.min()!)!, "seed \(seed) item \(index)")
                }
                for c in start..<(start + span) { next[c] = frame.maxY + geometry.rowGap }
            }
        }
    }
}

@Test(arguments: propertySeeds)
func spreadIsAtMostTheTallestTilePlusAGapPlusTheTolerance(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed, spans: false, orders: [.shortest, .lanes(tolerance: 16), .lanes(tolerance: 0), .lanes(tolerance: 40)])
        let arrangement = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        for (s, geometry) in arrangement.sections.enumerated() where !geometry.items.isEmpty {
            var tolerance = 0.0
            if case .lanes(let t) = gallery.sections[s].order { tolerance = t }
            var next = [Double](repeating: geometry.columnsTop, count: geometry.columnCount)
            var tallest = 0.0
            for index in geometry.items {
                let frame = arrangement.frame(at: index)
                next[arrangement.column(at: index)] = frame.maxY + geometry.rowGap
                tallest = max(tallest, frame.height)
            }
            let spread = next.max()! - next.min()!
            #expect(spread <= tallest + geometry.rowGap + tolerance, "seed \(seed) section \(s)")
        }
    }
}

@Test(arguments: propertySeeds)
func appendingItemsNeverMovesEarlierOnes(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        // `balanced` decides a section's last items together: not prefix-stable by design.
        let gallery = RandomGallery(seed: seed, maxItems: 60,
                                    orders: [.shortest, .leftToRight, .rightToLeft, .lanes(tolerance: Double(seed % 48))],
                                    sectionCount: 1)
        let whole = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        var prefix = gallery.sections[0]
        let cut = Int(seed % UInt64(prefix.items.count + 1))
        prefix.items = Array(prefix.items.prefix(cut))
        let part = Arrangement(sections: [prefix], containerWidth: gallery.width)
        #expect(part.frames == Array(whole.frames.prefix(cut)), "seed \(seed)")
    }
}

@Test(arguments: propertySeeds)
func rightToLeftMirrorsLeftToRight(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed, orders: [.leftToRight])
        let rtl = gallery.sections.map { section -> Section in
            var mirrored = section
            mirrored.order = .rightToLeft
            return mirrored
        }
        let forward = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        let backward = Arrangement(sections: rtl, containerWidth: gallery.width)
        #expect(forward.contentHeight == backward.contentHeight)
        for geometry in forward.sections {
            // The mirror axis: the middle of the columns' span.
            let axisTwice = 2 * geometry.left + geometry.width(span: geometry.columnCount)
            for index in geometry.items {
                let a = forward.frame(at: index), b = backward.frame(at: index)
                #expect(b.y == a.y && b.width == a.width && b.height == a.height, "seed \(seed) item \(index)")
                #expect(b.x == axisTwice - a.x - a.width, "seed \(seed) item \(index)")
                #expect(backward.column(at: index) == geometry.columnCount - forward.span(at: index) - forward.column(at: index))
            }
        }
    }
}

@Test(arguments: propertySeeds)
func lanesWithAHugeToleranceIsLeftToRightAndWithNoneKeepsShortestHeights(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed, orders: [.leftToRight])
        let lanes = gallery.sections.map { section -> Section in
            var copy = section
            copy.order = .lanes(tolerance: 1e9)
            return copy
        }
        #expect(Arrangement(sections: lanes, containerWidth: gallery.width).frames
                == Arrangement(sections: gallery.sections, containerWidth: gallery.width).frames, "seed \(seed)")
    }
}

@Test func roundRobinFollowsItemIndexAndLanesFollowsTheCursor() {
    let items = [Item](repeating: Item(width: 3, height: 2), count: 7)
    let ltr = Arrangement(sections: [Section(items: items, columns: .fixed(3), order: .leftToRight)], containerWidth: 300)
    #expect(ltr.columns == [0, 1, 2, 0, 1, 2, 0])
    let rtl = Arrangement(sections: [Section(items: items, columns: .fixed(3), order: .rightToLeft)], containerWidth: 300)
    #expect(rtl.columns == [2, 1, 0, 2, 1, 0, 2])
    // w = 100, heights 50, 100, 100, 50 → all columns at 100 after four items.
    // `shortest` snaps back to column 0; grid-lanes (tolerance 0) continues at
    // the cursor, column 1, "like text".
    let half = Item(width: 2, height: 1), square = Item(width: 1, height: 1)
    let varied = [half, square, square, half, square]
    let shortest = Arrangement(sections: [Section(items: varied, columns: .fixed(3))], containerWidth: 300)
    #expect(shortest.columns == [0, 1, 2, 0, 0])
    let lanes = Arrangement(sections: [Section(items: varied, columns: .fixed(3), order: .lanes(tolerance: 0))], containerWidth: 300)
    #expect(lanes.columns == [0, 1, 2, 0, 1])
    // A tolerance of 60 px makes column 2 (100) eligible next to column 0 (50)
    // for the fourth item, and the cursor (3, past the end) falls back to the first: 0.
    let tolerant = Arrangement(sections: [Section(items: varied, columns: .fixed(3), order: .lanes(tolerance: 60))], containerWidth: 300)
    #expect(tolerant.columns == [0, 1, 2, 0, 1])
}

@Test(arguments: 0..<200)
func layoutIsBitIdenticalOnEveryRun(_ seed: UInt64) {
    let gallery = RandomGallery(seed: 10_000 + seed)
    let a = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
    var b = Arrangement(sections: [], containerWidth: 0)
    b.layOut(sections: gallery.sections, containerWidth: gallery.width)
    #expect(a.frames == b.frames && a.contentHeight == b.contentHeight && a.sections == b.sections)
    // Every coordinate is a multiple of 1/64 px.
    for frame in a.frames {
        for value in [frame.x, frame.y, frame.width, frame.height] {
            #expect((value * 64).rounded() == value * 64)
        }
    }
}
