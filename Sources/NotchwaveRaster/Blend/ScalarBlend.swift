/// The scalar reference blend: one pixel at a time, one channel at a time.
enum ScalarBlend {
    /// Composites the premultiplied packed source `src` with 8-bit coverage `cov` onto the
    /// packed destination `dst`.
    @inline(__always)
    static func blend(_ dst: UInt32, _ src: UInt32, coverage cov: UInt32, mode: BlendMode) -> UInt32 {
        var out: UInt32 = 0
        let srcA = Blend.div255((src >> 24) * cov)
        switch mode {
        case .sourceOver, .copy:
            // Source-over keeps what the source's alpha leaves; copy what its coverage leaves.
            let inv = 255 - (mode == .sourceOver ? srcA : cov)
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                let s = Blend.div255(((src >> shift) & 0xFF) * cov)
                let d = Blend.div255(((dst >> shift) & 0xFF) * inv)
                out |= (s + d) << shift
            }
        case .destinationOut:
            let inv = 255 - srcA
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                out |= Blend.div255(((dst >> shift) & 0xFF) * inv) << shift
            }
        }
        return out
    }
}
