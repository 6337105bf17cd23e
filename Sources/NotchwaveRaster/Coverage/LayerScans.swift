/// The scans of the layers at the top of a draw list that are the same as in the previous
/// render call of the same kind (one per `CallSlots` slot): each row's spans and cells,
/// recorded the first time such a layer is scanned and replayed in the calls after, so
/// that frame after frame only the layers that changed are scanned (the notch waves'
/// cutout and corner mask lie over every frame's waves). The SIMD kernel only: the
/// reference scans everything, every time.
///
/// A layer's scan of a row depends on its shape, the canvas width and the opaque runs of
/// the layers above it in that row (the parts it need not compute). When the layer and
/// every layer above it are the commands of the previous call (compared whole: shape,
/// paint, blend), on the same rows of a canvas of the same width, its spans are the same
/// values, and so is what the scan said about rows repeating (`RepeatEffect`, kept with
/// the spans).
final class LayerScans {
    private struct Entry {
        var recorded = false
        /// The layer's spans in the row, in `store`; `count` -1 when the scan had nothing
        /// to paint there (its nil).
        var start: Int32 = 0
        var count: Int32 = 0
        var effect = CoverageScanner.RepeatEffect(repeats: true, limit: .infinity)
    }

    /// The most layer rows recorded, over all of a rasterizer's slots (about 1.5 MB of
    /// entries, and their spans).
    static let entryLimit = 1 << 16

    /// The previous call's layers (bottom first), rows and canvas width.
    private var previous: [DrawCommand] = []
    private var previousRows: Range<Int> = 0..<0
    private var previousWidth = -1
    /// How many layers, from the top, are replayed or recorded in the current call.
    @exclusivity(unchecked) private(set) var stable = 0
    /// How many layers, from the top, have entries belonging to the current commands.
    private var kept = 0
    /// The rows the entries are for; entry `t * window.count + (y - window.lowerBound)`
    /// is layer `t` (from the top) in row `y`.
    private var window: Range<Int> = 0..<0
    @exclusivity(unchecked) private var entries: UnsafeMutablePointer<Entry> = .allocate(capacity: 1)
    private var entryCapacity = 1
    /// The recorded spans and cells.
    private let store = SpanBuffer()

    deinit { entries.deallocate() }

    /// Layer rows the entries are kept for.
    var entryCount: Int { kept * window.count }

    /// Starts a render call of `commands` (the compiled layers, bottom first) on `rows` of
    /// a canvas `width` pixels wide: finds how many top layers are unchanged since the
    /// previous call, and forgets what no longer holds. At most `limit` layer rows are
    /// kept (`entryLimit` less what the rasterizer's other call slots keep).
    func begin(_ commands: [DrawCommand], rows: Range<Int>, width: Int, limit: Int = LayerScans.entryLimit) {
        var unchanged = 0
        if rows == previousRows && width == previousWidth {
            let n = Swift.min(commands.count, previous.count)
            while unchanged < n && commands[commands.count - 1 - unchanged] == previous[previous.count - 1 - unchanged] { unchanged += 1 }
            // At most `limit` layer rows are kept (a scene of hundreds of unchanged glyphs
            // over a whole screen keeps its top ones).
            unchanged = Swift.min(unchanged, limit / Swift.max(rows.count, 1))
        }
        // (Copied element by element: sharing the compiled list's storage would make its
        // next compile allocate anew.)
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: commands)
        previousRows = rows
        previousWidth = width
        if rows != window || unchanged < kept {
            // Other rows, or a recorded layer changed: start over.
            window = rows
            kept = 0
            store.reset()
        }
        if unchanged > kept {
            let needed = unchanged * rows.count
            if needed > entryCapacity {
                entries = entries.grown(keeping: kept * rows.count, capacity: &entryCapacity, needed: needed)
            }
            (entries + kept * rows.count).initialize(repeating: Entry(), count: (unchanged - kept) * rows.count)
            kept = unchanged
        }
        stable = unchanged
    }

    @inline(__always) private func index(_ t: Int, _ y: Int) -> Int { t * window.count + (y - window.lowerBound) }

    /// Whether layer `t` (from the top, below `stable`) has row `y` recorded.
    @inline(__always) func isRecorded(layer t: Int, row y: Int) -> Bool { entries[index(t, y)].recorded }

    /// Layer `t`'s recorded spans of row `y` appended to `out` (nil: nothing to paint),
    /// and the scan's effect on repeating.
    @inline(__always)
    func replay(layer t: Int, row y: Int, into out: SpanBuffer) -> (spans: Range<Int>?, effect: CoverageScanner.RepeatEffect) {
        let entry = entries[index(t, y)]
        guard entry.count >= 0 else { return (nil, entry.effect) }
        let first = out.spanCount
        for k in Int(entry.start)..<Int(entry.start + entry.count) { out.append(store.spans[k], cellsFrom: store.cells) }
        return (first..<out.spanCount, entry.effect)
    }

    /// Records layer `t`'s scan of row `y`: the spans `range` of `out` (nil: nothing to
    /// paint) and its effect on repeating.
    func record(layer t: Int, row y: Int, spans range: Range<Int>?, from out: SpanBuffer, effect: CoverageScanner.RepeatEffect) {
        let start = store.spanCount
        if let range {
            for s in range { store.append(out.spans[s], cellsFrom: out.cells) }
        }
        entries[index(t, y)] = Entry(recorded: true, start: Int32(start), count: range.map { Int32($0.count) } ?? -1, effect: effect)
    }
}
