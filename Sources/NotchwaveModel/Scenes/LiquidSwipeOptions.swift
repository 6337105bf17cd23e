/// The LiquidSwipe scene's options (issue 13, spec section 3), read and checked (the
/// scene module declares them: `LiquidSwipe.options`).
public struct LiquidSwipeOptions: Sendable, Equatable {
    /// The springs of spec 3.6: the repository's head or the article's code.
    public enum Springs: String, Sendable, CaseIterable {
        /// `.spring(dampingFraction: 0.5)` for cancel and re-entry, `Animation.default` for the swipe.
        case head
        /// `.spring()` everywhere.
        case article
    }

    /// The page shown, an index into the colours (after any shuffle).
    public var page = 0
    /// The pages' colours, in order (before any shuffle).
    public var colors: [Color] = LiquidSwipeOptions.currentPalette
    /// When set, the colours are shuffled with this seed (the original shuffles at launch).
    public var seed: UInt64?
    /// Each slider's static pose: progress (0...1) and centre y (points).
    public var left = (progress: 0.0, centerY: LiquidSwipeConfig.leftWaveY)
    public var right = (progress: 0.0, centerY: LiquidSwipeConfig.rightWaveY)
    /// The slider drawn on top.
    public var top = ScreenSide.right
    /// Which springs animate scripted interactions.
    public var springs = Springs.head
    /// A script of interactions, or nil for the static pose.
    public var script: InteractionScript?

    /// The palette at the repository's head (spec 3.1), in its listed order.
    public static let currentPalette = [0xF7A695, 0x8DAEF5, 0x2558D5, 0xECA23F, 0xF47153].map { Color(rgb: UInt32($0)) }
    /// The article-era palette (`palette=2019`).
    public static let palette2019 = [0x0074D9, 0x7FDBFF, 0x39CCCC, 0x3D9970, 0x2ECC40, 0x01FF70, 0xFFDC00, 0xFF851B,
                                     0xFF4136, 0xF012BE, 0xB10DC9, 0xAAAAAA].map { Color(rgb: UInt32($0)) }

    /// Defaults.
    public init() {}

    /// The pages' colours as shown: `colors`, shuffled by `seed` when one is given
    /// (Fisher–Yates driven by SplitMix64, the same order on every machine).
    public var pageColors: [Color] {
        guard let seed else { return colors }
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var shuffled = colors
        var i = shuffled.count - 1
        while i > 0 {
            let j = Int(next() % UInt64(i + 1))
            shuffled.swapAt(i, j)
            i -= 1
        }
        return shuffled
    }

    public static func == (a: LiquidSwipeOptions, b: LiquidSwipeOptions) -> Bool {
        a.page == b.page && a.colors == b.colors && a.seed == b.seed && a.left == b.left && a.right == b.right
            && a.top == b.top && a.springs == b.springs && a.script == b.script
    }
}
