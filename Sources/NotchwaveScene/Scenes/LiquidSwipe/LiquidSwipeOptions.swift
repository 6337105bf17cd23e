import NotchwaveModel
/// The LiquidSwipe scene's options (spec section 3), declared once: each property's
/// initial value is its default, and `declarations` gives its key, help and check.
public struct LiquidSwipeOptions: DeclaredOptions {
    /// The springs of spec 3.6: the repository's head or the article's code.
    public enum Springs: String, Sendable, CaseIterable, ChoiceValue {
        /// `.spring(dampingFraction: 0.5)` for cancel and re-entry, `Animation.default` for the swipe.
        case head
        /// `.spring()` everywhere.
        case article
    }

    /// The page shown, an index into the colours (after any shuffle).
    public var page = 0
    /// The pages' colours, in order (before any shuffle); nil: the palette's.
    public var colors: HexColors?
    /// The palette used when no colours are given.
    public var palette = Palette.current
    /// When set, the colours are shuffled with this seed (the original shuffles at launch).
    public var seed: Int?
    /// Each slider's static pose: progress (0...1) and centre y (points).
    public var left = SliderPose(progress: 0, centerY: LiquidSwipeConfig.leftWaveY)
    public var right = SliderPose(progress: 0, centerY: LiquidSwipeConfig.rightWaveY)
    /// The slider drawn on top.
    public var top = ScreenSide.right
    /// Which springs animate scripted interactions.
    public var springs = Springs.head
    /// The script of interactions (a file), or nil for the static pose.
    public var script: String?

    public static let scope = ParameterScope.scenes([LiquidSwipe.name])
    public static let declarations: [any OptionDeclaration<LiquidSwipeOptions>] = [
        Option(\.page, "page", "N", "the page shown, an index into the colours", in: 0...999_999),
        Option(\.colors, "colors", "HEX,HEX,...", "the pages' colours, in order", defaultText: "the palette's"),
        Option(\.palette, "palette", "current|2019", "the palette without colors: the repository's or the article's twelve colours"),
        Option(\.seed, "seed", "N", "shuffle the colours deterministically (the original shuffles at launch)", defaultText: "no shuffle",
               in: 0...Int.max),
        Option(\.left, "left", "P@Y", "the left slider's progress (0 to 1) and centre y in points"),
        Option(\.right, "right", "P@Y", "the right slider's progress (0 to 1) and centre y in points"),
        Option(\.top, "top", "left|right", "the slider drawn on top"),
        Option(\.springs, "springs", "head|article", "the springs of 3.6: the repository's head or the article's .spring()"),
        Option(\.script, "script", "FILE", "a JSON time line of drags and taps (examples/liquid-swipe-*.json)",
               defaultText: "none: the static pose", check: { $0 == "" ? "give the script's file" : nil }),
    ]

    /// Defaults.
    public init() {}

    /// The palette at the repository's head (spec 3.1), in its listed order.
    public static let currentPalette = [0xF7A695, 0x8DAEF5, 0x2558D5, 0xECA23F, 0xF47153].map { Color(rgb: UInt32($0)) }
    /// The article-era palette (`palette=2019`).
    public static let palette2019 = [0x0074D9, 0x7FDBFF, 0x39CCCC, 0x3D9970, 0x2ECC40, 0x01FF70, 0xFFDC00, 0xFF851B,
                                     0xFF4136, 0xF012BE, 0xB10DC9, 0xAAAAAA].map { Color(rgb: UInt32($0)) }

    /// The pages' colours as shown: `colors`, shuffled by `seed` when one is given
    /// (Fisher–Yates driven by SplitMix64, the same order on every machine).
    public var pageColors: [Color] {
        let colors = self.colors?.colors ?? (palette == .current ? LiquidSwipeOptions.currentPalette : LiquidSwipeOptions.palette2019)
        guard let seed = seed.map({ UInt64($0) }) else { return colors }
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
}
