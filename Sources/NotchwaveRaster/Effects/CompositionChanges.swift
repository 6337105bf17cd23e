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
/// each pixel alone.) With the backdrops recorded from the earlier frame
/// (`MaterialBackdrops`), a material whose window nothing below it changed needs no
/// window at all: `changes(since:within:)`.
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
        changes(since: earlier, within: rows, reusingBackdrops: false).rows
    }

    /// The rows to re-render (as `changedRows`) when the materials that show what they
    /// showed in `earlier` are given the backdrops recorded from `earlier`
    /// (`MaterialBackdrops`), and which materials those are.
    ///
    /// A material whose window (its rows and the rows its blur reads) no earlier step
    /// changes blurs the same pixels as in `earlier`: it is *settled*, and its recorded
    /// backdrop serves any of its rows, so a change drawn over it (a slider's thumb over
    /// its track) re-renders only the rows of that change. A material that differs, or
    /// whose window a step below it changes, is rendered whole, with its window, and its
    /// rows change.
    public func changes(since earlier: Composition, within rows: Range<Int>) -> CompositionChanges {
        changes(since: earlier, within: rows, reusingBackdrops: true)
    }

    private func changes(since earlier: Composition, within rows: Range<Int>, reusingBackdrops: Bool) -> CompositionChanges {
        guard !rows.isEmpty else { return CompositionChanges(rows: [], settledMaterials: [:]) }
        guard base == earlier.base else { return CompositionChanges(rows: [rows], settledMaterials: [:]) }
        // The rows whose pixels may differ after the steps visited so far, bottom up.
        var changed = RowSet()
        // The windows rendered whole (materials that are not settled).
        var whole: [Range<Int>] = []
        var settled: [Int: Int] = [:]
        func add(_ commands: [DrawCommand]) {
            for command in commands { changed.insert(command.shape.pixelRows) }
        }
        /// A material that differs from `earlier`'s (or has no counterpart there), or whose
        /// window changed below it: its rows change and its window is rendered whole.
        func unsettle(_ material: Material) {
            guard let (band, window) = material.rowsAndWindow else { return }
            changed.insert(band)
            whole.append(window)
        }
        /// A step equal to `earlier`'s step `then`: only a material there can change (when
        /// what lies below it in its window changed).
        func same(_ step: CompositionStep, at index: Int, then: Int) {
            guard case let .material(m) = step, let (_, window) = m.rowsAndWindow else { return }
            if changed.overlaps(window) {
                unsettle(m)
            } else if reusingBackdrops {
                settled[index] = then
            }
        }
        func addAll(_ step: CompositionStep) {
            switch step {
            case let .draw(commands), let .layer(commands, _): add(commands)
            case let .material(m): unsettle(m)
            }
        }
        let now = steps, then = earlier.steps
        var prefix = 0
        while prefix < Swift.min(now.count, then.count) && now[prefix] == then[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < Swift.min(now.count, then.count) - prefix && now[now.count - 1 - suffix] == then[then.count - 1 - suffix] { suffix += 1 }
        for index in 0..<prefix { same(now[index], at: index, then: index) }
        let middleNow = prefix..<(now.count - suffix), middleThen = prefix..<(then.count - suffix)
        if middleNow.count == middleThen.count {
            for (a, b) in zip(middleNow, middleThen) {
                switch (now[a], then[b]) {
                case let (x, y) where x == y:
                    same(x, at: a, then: b)
                case let (.draw(x), .draw(y)):
                    addDifferences(x, y, add)
                case let (.layer(x, fx), .layer(y, fy)) where fx == fy:
                    addDifferences(x, y, add)
                case let (x, y):
                    addAll(x)
                    addAll(y)
                }
            }
        } else {
            // (The steps that are gone count first: they were below the steps above them.)
            middleThen.forEach { addAll(then[$0]) }
            middleNow.forEach { addAll(now[$0]) }
        }
        for index in (now.count - suffix)..<now.count { same(now[index], at: index, then: index - now.count + then.count) }
        if reusingBackdrops {
            for window in whole { changed.insert(window) }
        } else {
            // Every material whose window the changed rows touch is rendered whole.
            let windows: [Range<Int>] = steps.compactMap { step in
                guard case let .material(m) = step else { return nil }
                return m.rowsAndWindow?.window
            }
            var grown = true
            while grown {
                grown = false
                for window in windows where changed.overlaps(window) && !changed.contains(window.clamped(to: rows)) {
                    changed.insert(window)
                    grown = true
                }
            }
        }
        return CompositionChanges(rows: changed.ranges.map { $0.clamped(to: rows) }.filter { !$0.isEmpty }, settledMaterials: settled)
    }

    /// Adds the rows of the commands that differ between `a` and `b`: pair by pair when
    /// there are as many, all of them otherwise.
    private func addDifferences(_ a: [DrawCommand], _ b: [DrawCommand], _ add: ([DrawCommand]) -> Void) {
        guard a.count == b.count else { add(a); add(b); return }
        for (x, y) in zip(a, b) where x != y { add([x, y]) }
    }
}

/// What `Composition.changes(since:within:)` finds.
public struct CompositionChanges: Sendable, Equatable {
    /// The rows to re-render: sorted, disjoint ranges.
    public var rows: [Range<Int>]
    /// The settled materials: step index in the composition → step index in the earlier
    /// composition whose recorded backdrop it shows.
    public var settledMaterials: [Int: Int]
}

extension Material {
    /// The rows the material's shape covers, and its window: those rows and
    /// `windowReach` more on either side (nil for a shape without rows).
    var rowsAndWindow: (rows: Range<Int>, window: Range<Int>)? {
        let band = shape.pixelRows
        guard !band.isEmpty else { return nil }
        return (band, (band.lowerBound - windowReach)..<(band.upperBound + windowReach))
    }

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
