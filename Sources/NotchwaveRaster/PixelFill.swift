internal import CLaneIntrinsics

extension UnsafeMutablePointer where Pointee == UInt32 {
    /// Sets `count` packed pixels from here on to `value`: the rasterizer's opaque runs and
    /// the base colour. Long runs go through the C library's 32-bit fill (`nw_fill32`, the
    /// widest stores the CPU has), short ones through a plain loop; the pixels are the same.
    @inline(__always)
    func fillPixels(_ value: UInt32, count: Int) {
        guard count > 0 else { return }
        if count < 16 {
            update(repeating: value, count: count)
        } else {
            nw_fill32(self, value, count)
        }
    }
}
