extension Canvas {
    /// Puts `backdrop` under this canvas's rows, source-over: each pixel becomes
    /// `self + backdrop × (1 − alpha(self))` on premultiplied values (opaque pixels stay,
    /// transparent ones become the backdrop's). This canvas's row `r` is the scene's row
    /// `originY + r`, and the backdrop (a whole frame, at least as wide) is indexed by
    /// scene row.
    public func putUnder(_ backdrop: Canvas, originY: Int = 0) {
        putUnder(backdrop, originY: originY, opacity: 1)
    }

    /// `putUnder` with the layer below faded to `opacity` first (0...1, as `fade` takes
    /// it): each of its bytes `c` counts as `round(c × a / 255)`.
    public func putUnder(_ backdrop: Canvas, originY: Int, opacity: Double) {
        precondition(backdrop.width >= width && backdrop.height >= originY + height, "the backdrop is smaller than the frame")
        let a = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        if a < 255 {
            for r in 0..<height {
                let top = UnsafeMutableRawPointer(row(r)).assumingMemoryBound(to: UInt32.self)
                let under = UnsafeRawPointer(backdrop.row(originY + r)).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width where top[x] >> 24 != 255 {
                    top[x] = Canvas.over(top[x], Canvas.faded(under[x], a))
                }
            }
            return
        }
        for r in 0..<height {
            let top = UnsafeMutableRawPointer(row(r)).assumingMemoryBound(to: UInt32.self)
            let under = UnsafeRawPointer(backdrop.row(originY + r)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let word = top[x]
                let alpha = word >> 24
                if alpha == 255 { continue }
                if alpha == 0 && word == 0 { top[x] = under[x]; continue }
                top[x] = Canvas.over(word, under[x])
            }
        }
    }

    /// Multiplies every premultiplied channel of the canvas by `opacity` (0...1, taken as
    /// the nearest 8-bit alpha `a`): each byte `c` becomes `round(c × a / 255)`, a layer's
    /// opacity applied before it is put over the layers below.
    public func fade(by opacity: Double) {
        let a = UInt32((min(max(opacity, 0), 1) * 255).rounded())
        guard a < 255 else { return }
        for r in 0..<height {
            let words = UnsafeMutableRawPointer(row(r)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { words[x] = Canvas.faded(words[x], a) }
        }
    }

    /// Rows `originY...` of `source` (as wide as this canvas or wider) copied over this
    /// canvas's rows, replacing them.
    public func copyRows(of source: Canvas, originY: Int) {
        precondition(source.width >= width && source.height >= originY + height, "the source is smaller than the frame")
        for r in 0..<height {
            row(r).update(from: source.row(originY + r), count: bytesPerRow)
        }
    }

    /// A premultiplied pixel with each byte `c` as `round(c × a / 255)`.
    @inline(__always)
    static func faded(_ word: UInt32, _ a: UInt32) -> UInt32 {
        guard word != 0 else { return 0 }
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            result |= Blend.div255(((word >> shift) & 0xFF) * a) << shift
        }
        return result
    }

    /// `top` over `bottom`, premultiplied, each channel rounded.
    @inline(__always)
    static func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
        let inverse = 255 - (top >> 24)
        var result: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            let t = (top >> shift) & 0xFF, b = (bottom >> shift) & 0xFF
            result |= min(255, t + Blend.div255(b * inverse)) << shift
        }
        return result
    }
}

extension Canvas {
    /// Repeats the picture's last column into the column after it, and its last row into
    /// the row after it, where the canvas has them: the padding that makes an odd-sized
    /// picture even for 4:2:0 video then shares its chroma sample with the picture's own
    /// edge instead of tinting it. Only that one column and row: any wider padding (up to
    /// an encoder's minimum size) keeps what was drawn there. This canvas's row `r` is the
    /// picture's row `originY + r`; a padding row whose source row is not in the canvas
    /// is left as it is (it was extended when the canvas holding both was).
    public func extendEdges(pictureWidth: Int, pictureHeight: Int, originY: Int = 0) {
        if pictureWidth > 0, pictureWidth < width {
            for r in 0..<height {
                let words = UnsafeMutableRawPointer(row(r)).assumingMemoryBound(to: UInt32.self)
                words[pictureWidth] = words[pictureWidth - 1]
            }
        }
        let source = pictureHeight - 1 - originY, target = pictureHeight - originY
        if pictureHeight > 0, source >= 0, target < height {
            row(target).update(from: row(source), count: min(pictureWidth + 1, width) * 4)
        }
    }
}
