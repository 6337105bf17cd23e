/// What a rasterizer keeps of its render calls from one frame to the next, one slot per
/// kind of call: a frame drawn in several calls (a composition's steps, each over each run
/// of rows that changed, and the draws its materials and layers make) finds each call's
/// compiled list and scans where the same call of its previous frame left them, whatever
/// calls came between.
///
/// A kind of call is its rows, its canvas width and its place among the draw-list calls of
/// the composition call it belongs to (0 for a draw list rendered on its own): a frame's
/// composition makes its calls in the same order frame after frame. A call whose commands
/// all equal its slot's keeps the slot's compiled list as it is (compiling depends on the
/// commands and the rows alone), and `LayerScans` replays the scans of the top layers its
/// slot's last call shares with it. Which slot a call takes changes only what is computed
/// again, never a pixel: a slot of other commands starts over.
final class CallSlots {
    /// One kind of call: its last commands (the draw list's, before the compile leaves out
    /// those outside the rows), the list compiled from them, and the scans of their
    /// unchanged top layers.
    final class Slot {
        var rows: Range<Int> = 0..<0
        var width = -1
        var place = 0
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
    /// the call at `place` among its composition call's, and whether the slot's compiled
    /// list is already that of `commands` on `rows`. The slot's commands are the call's
    /// once this returns.
    func take(_ commands: [DrawCommand], rows: Range<Int>, width: Int, place: Int) -> (slot: Slot, compiled: Bool) {
        calls += 1
        var found: Slot?, oldest: Slot?
        for slot in slots {
            if slot.rows == rows && slot.width == width && slot.place == place { found = slot; break }
            if slot.used < (oldest?.used ?? .max) { oldest = slot }
        }
        let slot: Slot
        if let found {
            slot = found
        } else if let oldest, slots.count >= CallSlots.limit {
            // A new kind of call takes over the slot used least recently.
            slot = oldest
        } else {
            slot = Slot()
            slots.append(slot)
        }
        if found == nil { (slot.rows, slot.width, slot.place) = (rows, width, place) }
        let compiled = found != nil && slot.commands == commands
        slot.used = calls
        if !compiled { slot.commands = commands }
        return (slot, compiled)
    }

    /// Layer rows the other slots' scans hold (`LayerScans.entryCount`): what is left of
    /// `LayerScans.entryLimit` for `slot`.
    func entryBudget(for slot: Slot) -> Int {
        var held = 0
        for other in slots where other !== slot { held += other.scans.entryCount }
        return Swift.max(LayerScans.entryLimit - held, 0)
    }
}
