/// Which rows of a frame differ from an earlier frame's: the frame renderer re-renders
/// only those rows of each frame and copies the others from the first frame.
///
/// Every step of a composition writes only inside its commands' rows, except a material,
/// whose blur reads `Material.windowReach` rows beyond its shape's (and whose blur grid
/// starts at its first row): rendering only some rows gives the full render's bytes there
/// when every material those rows reach is rendered whole, with its window. So the changed
/// rows are the rows of the commands and materials that differ, step by step, grown until
/// every material window they touch lies inside them.
/// (A step that changes in kind writes only inside its commands' rows too: filters act on
/// each pixel alone.)
extension Composition {
    /// The rows of `rows` (the rows a canvas holds, as for `Rasterizer.render`) whose
    /// pixels may differ from `earlier`'s, as sorted, disjoint ranges: rendering each of
    /// them into a canvas holding `earlier`'s rows gives, in every row, what rendering
    /// all of `rows` gives. All of `rows` when the bases differ.
    ///
    /// The steps are matched from both ends (a pressed control adds a layer step in the
    /// middle); of the steps between, those in the same place and of the same kind are
    /// compared command by command, the others count with all their rows.
    public func changedRows(since earlier: Composition, within rows: Range<Int>) -> [Range<Int>] {
        guard !rows.isEmpty else { return [] }
        guard base == earlier.base else { return [rows] }
        var changed = RowSet()
        func add(_ commands: [DrawCommand]) {
            for command in commands { changed.insert(command.shape.pixelBounds.rows) }
        }
        func addAll(_ step: CompositionStep) {
            switch step {
            case let .draw(commands), let .layer(commands, _): add(commands)
            case let .material(m): changed.insert(m.shape.pixelBounds.rows)
            }
        }
        let now = steps, then = earlier.steps
        var prefix = 0
        while prefix < Swift.min(now.count, then.count) && now[prefix] == then[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < Swift.min(now.count, then.count) - prefix && now[now.count - 1 - suffix] == then[then.count - 1 - suffix] { suffix += 1 }
        let middleNow = now[prefix..<(now.count - suffix)], middleThen = then[prefix..<(then.count - suffix)]
        if middleNow.count == middleThen.count {
            for (a, b) in zip(middleNow, middleThen) where a != b {
                switch (a, b) {
                case let (.draw(x), .draw(y)):
                    addDifferences(x, y, add)
                case let (.layer(x, fx), .layer(y, fy)) where fx == fy:
                    addDifferences(x, y, add)
                default:
                    addAll(a)
                    addAll(b)
                }
            }
        } else {
            middleNow.forEach(addAll)
            middleThen.forEach(addAll)
        }
        // Every material whose window the changed rows touch is rendered whole.
        let windows: [Range<Int>] = steps.compactMap { step in
            guard case let .material(m) = step else { return nil }
            let band = m.shape.pixelBounds.rows
            return band.isEmpty ? nil : (band.lowerBound - m.windowReach)..<(band.upperBound + m.windowReach)
        }
        var grown = true
        while grown {
            grown = false
            for window in windows where changed.overlaps(window) && !changed.contains(window.clamped(to: rows)) {
                changed.insert(window)
                grown = true
            }
        }
        return changed.ranges.map { $0.clamped(to: rows) }.filter { !$0.isEmpty }
    }

    /// Adds the rows of the commands that differ between `a` and `b`: pair by pair when
    /// there are as many, all of them otherwise.
    private func addDifferences(_ a: [DrawCommand], _ b: [DrawCommand], _ add: ([DrawCommand]) -> Void) {
        guard a.count == b.count else { add(a); add(b); return }
        for (x, y) in zip(a, b) where x != y { add([x, y]) }
    }
}

extension Material {
    /// How many rows beyond its shape's the material's blur reads (`EffectScratch`).
    public var windowReach: Int {
        let k = Swift.max(1, Swift.min(downscale, 64))
        return (blur.reach + (k > 1 ? 1 : 0)) * k + k
    }
}

/// Sorted, disjoint row ranges (touching ones merged).
struct RowSet {
    private(set) var ranges: [Range<Int>] = []

    mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var lo = range.lowerBound, hi = range.upperBound
        var kept: [Range<Int>] = []
        var placed = false
        for r in ranges {
            if r.upperBound < lo {
                kept.append(r)
            } else if r.lowerBound > hi {
                if !placed { kept.append(lo..<hi); placed = true }
                kept.append(r)
            } else {
                lo = Swift.min(lo, r.lowerBound)
                hi = Swift.max(hi, r.upperBound)
            }
        }
        if !placed { kept.append(lo..<hi) }
        ranges = kept
    }

    func overlaps(_ range: Range<Int>) -> Bool { ranges.contains { $0.overlaps(range) } }

    func contains(_ range: Range<Int>) -> Bool {
        range.isEmpty || ranges.contains { $0.lowerBound <= range.lowerBound && $0.upperBound >= range.upperBound }
    }
}
