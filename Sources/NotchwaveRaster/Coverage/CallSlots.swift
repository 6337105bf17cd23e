/// What a rasterizer keeps of its render calls from one frame to the next, one slot per
/// kind of call: a frame drawn in several calls (a composition's draw and layer steps, each
/// over each run of rows that changed) finds each of its calls' compiled list and scans
/// where the same call of its previous frame left them, whatever calls came between.
///
/// A call takes the slot of the same rows and canvas width whose last commands share the
/// most commands with its own, counted from the top (those are the layers whose scans
/// `LayerScans` replays); a call that shares none takes the slot used least recently. A
/// call whose commands all equal its slot's, on the same rows, keeps the slot's compiled
/// list as it is: compiling depends on nothing else. Which slot a call takes changes only
/// what is computed again, never a pixel: a slot of other commands or rows starts over.
final class CallSlots {
    /// One kind of call: its last rows, canvas width and commands (the draw list's, before
    /// the compile leaves out those outside the rows), the list compiled from them, and the
    /// scans of their unchanged top layers.
    final class Slot {
        var rows: Range<Int> = 0..<0
        var width = -1
        var commands: [DrawCommand] = []
        var compiled = CompiledDrawList()
        let scans = LayerScans()
        /// The call count when the slot was last taken.
        var used = 0
    }

    /// The most slots kept: more than the calls of one frame of the controls' showcase
    /// (about twenty: up to seven steps over each of three runs of changed rows). A slot
    /// holds its list compiled for its rows; its scans count towards
    /// `LayerScans.entryLimit`, which all the slots share.
    static let limit = 32

    private var slots: [Slot] = []
    private var calls = 0

    /// The slot for a call drawing `commands` on `rows` of a canvas `width` pixels wide,
    /// and whether its compiled list is already that of `commands` on `rows`. The slot's
    /// rows, width and commands are the call's once this returns.
    func take(_ commands: [DrawCommand], rows: Range<Int>, width: Int) -> (slot: Slot, compiled: Bool) {
        calls += 1
        var best: Slot?, bestShared = 0
        for slot in slots where slot.rows == rows && slot.width == width {
            let shared = CallSlots.sharedTop(slot.commands, commands)
            // (A call of no commands takes a slot of none on its rows, if there is one.)
            let same = shared == commands.count && shared == slot.commands.count
            if shared > bestShared || (same && best == nil) {
                best = slot
                bestShared = shared
            }
        }
        let slot: Slot
        if let best {
            slot = best
        } else if slots.count < CallSlots.limit {
            slot = Slot()
            slots.append(slot)
        } else {
            // None shares a layer: the slot of the same rows used least recently starts
            // over (the frame before's call in the same place, when a frame's calls come
            // in the same order), else the slot used least recently.
            var oldest = -1
            for i in slots.indices where slots[i].rows == rows && slots[i].width == width && (oldest < 0 || slots[i].used < slots[oldest].used) { oldest = i }
            if oldest < 0 {
                oldest = 0
                for i in slots.indices where slots[i].used < slots[oldest].used { oldest = i }
            }
            slot = slots[oldest]
        }
        let compiled = slot.rows == rows && bestShared == commands.count && slot.commands.count == commands.count
        slot.used = calls
        if !compiled {
            slot.rows = rows
            slot.width = width
            slot.commands = commands
        }
        return (slot, compiled)
    }

    /// Layer rows the other slots' scans hold (`LayerScans.entryCount`): what is left of
    /// `LayerScans.entryLimit` for `slot`.
    func entryBudget(for slot: Slot) -> Int {
        var held = 0
        for other in slots where other !== slot { held += other.scans.entryCount }
        return Swift.max(LayerScans.entryLimit - held, 0)
    }

    /// How many of `a`'s and `b`'s commands are equal, counted from the last.
    private static func sharedTop(_ a: [DrawCommand], _ b: [DrawCommand]) -> Int {
        let n = Swift.min(a.count, b.count)
        var shared = 0
        while shared < n && a[a.count - 1 - shared] == b[b.count - 1 - shared] { shared += 1 }
        return shared
    }
}
