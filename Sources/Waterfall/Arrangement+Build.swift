extension Arrangement {
    /// Lays out `sections` one below the other in a container `containerWidth` px wide.
    ///
    /// Per section (CHT's `prepareLayout`): header top inset, header, header
    /// bottom inset; the section's top inset; the tiles, each placed by the
    /// section's `order`; then the section's bottom inset below the *tallest*
    /// column, footer insets and footer. The next section starts there, with all
    /// its columns level. A full-width item likewise starts below the tallest
    /// column; a spanning item starts at the lowest position that clears every
    /// column it covers. Lengths that are negative or not finite count as 0.
    public init(sections: [Section], containerWidth: Double) {
        layOut(sections: sections, containerWidth: containerWidth)
    }

    /// Lays out again (new items or a new width), reusing this arrangement's
    /// storage when the item count is unchanged — what a window resize does.
    /// Gives exactly what `init(sections:containerWidth:)` gives.
    public mutating func layOut(sections: [Section], containerWidth: Double) {
        let width = FixedPoint.length(containerWidth)
        let total = sections.reduce(0) { $0 + $1.items.count }
        var tops = self.tops, columns = self.firstColumns
        self.tops = []  // release our references so the arrays below are unique (no copy on write)
        self.firstColumns = []
        if tops.count != total {
            // Every slot is written by the placement loops, so skip zero-filling 12 bytes per item.
            tops = [Int64](unsafeUninitializedCapacity: total) { $1 = total }
            columns = [Int32](unsafeUninitializedCapacity: total) { $1 = total }
        }
        var geometries: [SectionGeometry] = []
        var units: [SectionUnits] = []
        var y: Int64 = 0
        var first = 0
        for section in sections {
            let top = y
            let header = Self.band(section.header, width: width, y: &y)
            y += FixedPoint.length(section.insets.top)
            let left = FixedPoint.length(section.insets.left)
            let room = max(0, width - left - FixedPoint.length(section.insets.right))
            var gap = FixedPoint.length(section.columnGap)
            let k = section.columns.resolve(room: FixedPoint.toDouble(room), columnGap: FixedPoint.toDouble(gap))
            // Gaps wider than the room would push columns past the right inset:
            // shrink them so k columns of width 0 still fit.
            if k > 1 { gap = min(gap, room / Int64(k - 1)) }
            let columnWidth = max(0, (room - Int64(k - 1) * gap) / Int64(k))
            let geometry = SectionUnits(firstItem: first, columnCount: k, columnWidth: columnWidth, columnGap: gap, left: left)
            let columnsTop = y
            tops.withUnsafeMutableBufferPointer { tops in
                columns.withUnsafeMutableBufferPointer { columns in
                    let output = PlacementOutput(tops: tops, columns: columns, first: first)
                    y = Self.place(section, geometry: geometry, top: columnsTop, into: output)
                }
            }
            y += FixedPoint.length(section.insets.bottom)
            let footer = Self.band(section.footer, width: width, y: &y)
            units.append(geometry)
            geometries.append(SectionGeometry(
                items: first..<(first + section.items.count),
                columnCount: k,
                columnWidth: FixedPoint.toDouble(columnWidth),
                columnGap: FixedPoint.toDouble(gap),
                rowGap: FixedPoint.toDouble(FixedPoint.length(section.rowGap)),
                left: FixedPoint.toDouble(left),
                top: FixedPoint.toDouble(top),
                columnsTop: FixedPoint.toDouble(columnsTop),
                bottom: FixedPoint.toDouble(y),
                header: header,
                footer: footer))
            first += section.items.count
        }
        self.containerWidth = FixedPoint.toDouble(width)
        self.sections = geometries
        self.contentHeight = FixedPoint.toDouble(y)
        self.input = sections
        self.units = units
        self.tops = tops
        self.firstColumns = columns
    }

    /// Lays out a header or footer band at `y` (moving `y` past it); nil unless its height is > 0.
    static func band(_ band: Band?, width: Int64, y: inout Int64) -> Frame? {
        guard let band else { return nil }
        let height = FixedPoint.length(band.height)
        guard height > 0 else { return nil }
        let left = FixedPoint.length(band.insets.left)
        let bandWidth = max(0, width - left - FixedPoint.length(band.insets.right))
        y += FixedPoint.length(band.insets.top)
        let frame = Frame(x: FixedPoint.toDouble(left), y: FixedPoint.toDouble(y),
                          width: FixedPoint.toDouble(bandWidth), height: FixedPoint.toDouble(height))
        y += height + FixedPoint.length(band.insets.bottom)
        return frame
    }

    /// Places one section's items from `top`; returns the lowest tile bottom (`top` when empty).
    static func place(_ section: Section, geometry: SectionUnits, top: Int64, into output: PlacementOutput) -> Int64 {
        let gap = FixedPoint.length(section.rowGap)
        let k = geometry.columnCount
        var placer = Placer(columnCount: k, order: section.order, rowGap: gap, top: top)
        // `balanced` decides its last items together, after the others.
        let end = placer.tailStart(count: section.items.count)
        var start = 0
        if placer.rule == .shortest {
            start = section.items.withUnsafeBufferPointer { items in
                shortestSingleColumn(UnsafeBufferPointer(rebasing: items[..<end]), columnWidth: geometry.columnWidth,
                                     placer: &placer, into: output)
            }
        }
        var offset = start
        while offset < end {
            let item = section.items[offset]
            let span = item.spanCount(in: k)
            let height = tileHeight(ratio: item.clampedRatio, width: geometry.width(span: span),
                                    extra: FixedPoint.length(item.extraHeight))
            let (column, y) = placer.place(span: span, height: height)
            output.write(first: offset, top: y, column: column)
            offset += 1
            if placer.rule == .shortest, offset < end, section.items[offset].spanCode == 1 {
                // Back to the fast path until the next spanning item.
                offset += section.items.withUnsafeBufferPointer { items in
                    shortestSingleColumn(UnsafeBufferPointer(rebasing: items[offset..<end]),
                                         columnWidth: geometry.columnWidth, placer: &placer,
                                         into: output.shifted(by: offset))
                }
            }
        }
        if end < section.items.count {
            let tail = section.items[end...]
            let spans = tail.map { $0.spanCount(in: k) }
            let heights = zip(tail, spans).map { item, span in
                tileHeight(ratio: item.clampedRatio, width: geometry.width(span: span),
                           extra: FixedPoint.length(item.extraHeight))
            }
            for (index, placed) in placer.placeTail(heights: heights, spans: spans).enumerated() {
                output.write(first: end + index, top: placed.y, column: placed.column)
            }
        }
        return placer.lowest
    }
}

/// Where the placement loops write (the arrangement's arrays, from `first`).
struct PlacementOutput {
    let tops: UnsafeMutableBufferPointer<Int64>
    let columns: UnsafeMutableBufferPointer<Int32>
    let first: Int

    func shifted(by offset: Int) -> PlacementOutput {
        PlacementOutput(tops: tops, columns: columns, first: first + offset)
    }

    @inline(__always)
    func write(first offset: Int, top: Int64, column: Int) {
        tops[first + offset] = top
        columns[first + offset] = Int32(truncatingIfNeeded: column)
    }
}
