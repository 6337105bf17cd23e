/// The colours of the layers whose paint is the same in every row (a linear gradient
/// along x only, such as the notch waves' closing wave), shaded across the whole canvas
/// width once per render call, on first use. The SIMD kernel's rows then copy or blend
/// these colours instead of splitting each run into the gradient's clamped parts and
/// shading what lies between them again, row after row.
///
/// The colours are the ones shading each row gives, byte for byte. With a direction along
/// x (`dirY == 0`) a pixel's gradient location is `dx * dirX + dy * 0`, and `dy * 0` is a
/// zero whose sign follows the row. Adding it can change only the sign of a location
/// that is zero. The clamps keep that sign and nothing else; the comparisons with the
/// stops treat both zeros alike; and each stop's `a + (b - a) * local` then gives the same
/// value, or (for a component that is itself -0: an OKLab channel times a zero alpha) a
/// zero of the other sign, which packs to the same byte. So any row's colours serve every
/// row.
final class RowShadings {
    @exclusivity(unchecked) private var colors: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    private var colorCapacity = 1
    /// Per layer of the call: the index of its row of colours, or -1 when its paint
    /// varies from row to row.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<Int32> = .allocate(capacity: 1)
    /// Per layer: whether its row of colours is computed in this call.
    @exclusivity(unchecked) private var shaded: UnsafeMutablePointer<Bool> = .allocate(capacity: 1)
    private var layerCapacity = 1
    /// The canvas width, and that rounded up to whole lane groups (what `shadeRow`
    /// writes).
    private var width = 0
    private var shadedWidth = 0
    /// Elements per row of colours: `shadedWidth` plus a lane group for the tail loads of
    /// a span ending at the right edge.
    private var stride = 0

    deinit {
        colors.deallocate()
        slots.deallocate()
        shaded.deallocate()
    }

    /// Starts a render call of `paints` (one per layer) on a canvas `width` pixels wide:
    /// every row-invariant paint gets a row of colours, none computed yet.
    func prepare(_ paints: UnsafeBufferPointer<PaintEvaluator>, width: Int) {
        if paints.count > layerCapacity {
            slots.deallocate()
            shaded.deallocate()
            layerCapacity = paints.count
            slots = .allocate(capacity: layerCapacity)
            shaded = .allocate(capacity: layerCapacity)
        }
        self.width = width
        shadedWidth = (width + Lanes.width - 1) / Lanes.width * Lanes.width
        stride = shadedWidth + Lanes.width
        var count = 0
        for (i, paint) in paints.enumerated() {
            slots[i] = paint.isRowInvariant ? Int32(count) : -1
            shaded[i] = false
            if paint.isRowInvariant { count += 1 }
        }
        if count * stride > colorCapacity {
            colors.deallocate()
            colorCapacity = count * stride
            colors = .allocate(capacity: colorCapacity)
        }
    }

    /// The colours of layer `layer` across the row (its paint `paint`, reached in row
    /// `y`), or nil when that paint varies from row to row.
    @inline(__always)
    func row(layer: Int, paint: UnsafePointer<PaintEvaluator>, y: Int) -> UnsafePointer<UInt32>? {
        let slot = slots[layer]
        guard slot >= 0 else { return nil }
        let row = colors + Int(slot) * stride
        if !shaded[layer] {
            paint.pointee.shadeRow(x0: 0, count: width, y: y, into: row)
            // The lane group past the shaded ones, which the tail of a span ending at the
            // right edge loads (and discards), holds zeros rather than anything.
            (row + shadedWidth).update(repeating: 0, count: stride - shadedWidth)
            shaded[layer] = true
        }
        return UnsafePointer(row)
    }
}
