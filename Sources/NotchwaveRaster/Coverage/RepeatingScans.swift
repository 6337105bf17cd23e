/// Within one render call, the scans of layers whose rows repeat (`CoverageScanner.scan`,
/// each layer known by the index of its first band): a layer whose every band
/// crossing a row spans the whole row, with only vertical lines crossing it (a page's
/// straight side, a rectangle's middle rows), computes the same spans and cells in the
/// rows below until one of its pieces or bands starts or ends there (`RepeatEffect`).
/// Its scan is kept and replayed in those rows instead of scanned again, even where other
/// layers of the row change (a row then does not repeat as a whole). The SIMD kernel
/// only: the reference scans every row.
///
/// What the layers above cover only decides which parts of a layer are computed, never
/// the values of those that are: a scan kept is one in which nothing was left out as
/// hidden (such a part could show in a later row) and which had something to paint. In a
/// later row it may show parts that are hidden there; those are not painted (the
/// rasterizer paints a layer only where the layers above leave gaps), and its opaque runs
/// add nothing to what the layers above already cover. So the pixels are the ones a fresh
/// scan gives.
final class RepeatingScans {
    private struct Entry {
        /// The row the scan was made in, or `Int.min` for none.
        var row = Int.min
        /// The first y where the scan stops holding (`RepeatEffect.limit`).
        var limit: Float = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    /// The most spans kept in one call: past that, everything kept is dropped and the
    /// keeping starts over (a bound on memory whatever the draw list).
    static let spanLimit = 1 << 16

    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry> = .allocate(capacity: 1)
    private var entryCapacity = 1
    private var layerCount = 0
    /// How many entries hold a scan.
    @exclusivity(unchecked) private var active = 0
    private let store = SpanBuffer()

    deinit { entries.deallocate() }

    /// Starts a render call of `layers` layers (band indices): nothing is kept.
    func begin(layers: Int) {
        if layers > entryCapacity {
            entries.deallocate()
            entryCapacity = layers
            entries = .allocate(capacity: entryCapacity)
        }
        layerCount = layers
        entries.initialize(repeating: Entry(), count: layers)
        active = 0
        store.reset()
    }

    /// Layer `i`'s kept spans for row `y`, appended to `out`, and the y where they stop
    /// holding (the row repeats at most until there), when a scan made in a row above
    /// holds there; nil otherwise.
    @inline(__always)
    func replay(layer i: Int, row y: Int, into out: SpanBuffer) -> (spans: Range<Int>, limit: Float)? {
        guard active > 0 else { return nil }
        return replayKept(layer: i, row: y, into: out)
    }

    private func replayKept(layer i: Int, row y: Int, into out: SpanBuffer) -> (spans: Range<Int>, limit: Float)? {
        let entry = entries[i]
        guard entry.row != Int.min else { return nil }
        guard entry.row < y, Float(y + 1) <= entry.limit else {
            if Float(y + 1) > entry.limit {
                // Expired (rows come top to bottom within a call): forget it.
                entries[i].row = Int.min
                active -= 1
            }
            return nil
        }
        let first = out.spanCount
        for k in Int(entry.start)..<Int(entry.start + entry.count) { out.append(store.spans[k], cellsFrom: store.cells) }
        return (first..<out.spanCount, entry.limit)
    }

    /// Keeps layer `i`'s scan of row `y` (the spans `range` of `out`), which holds in the
    /// rows below until `limit`. (The caller checks that it holds in one row at least and
    /// that it left nothing out as hidden.)
    func keep(layer i: Int, row y: Int, spans range: Range<Int>, from out: SpanBuffer, limit: Float) {
        if store.spanCount + range.count > RepeatingScans.spanLimit {
            entries.update(repeating: Entry(), count: layerCount)
            active = 0
            store.reset()
        }
        let start = store.spanCount
        for s in range { store.append(out.spans[s], cellsFrom: out.cells) }
        if entries[i].row == Int.min { active += 1 }
        entries[i] = Entry(row: y, limit: limit, start: Int32(start), count: Int32(range.count))
    }
}
