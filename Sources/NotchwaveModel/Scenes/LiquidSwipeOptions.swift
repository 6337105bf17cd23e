/// A scene option that cannot be used; the message names the option as written.
public struct SceneOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option's key.
    public var key: String
    /// What is wrong, with the accepted values or range.
    public var problem: String
    /// An error.
    public init(key: String, problem: String) {
        self.key = key
        self.problem = problem
    }
    public var description: String { "scene option \(key): \(problem)" }
}

/// The LiquidSwipe scene's options (issue 13, spec section 3), parsed and checked.
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
    /// A script of interactions (a file path), or nil for the static pose.
    public var script: String?

    /// The palette at the repository's head (spec 3.1), in its listed order.
    public static let currentPalette = [0xF7A695, 0x8DAEF5, 0x2558D5, 0xECA23F, 0xF47153].map { Color(rgb: UInt32($0)) }
    /// The article-era palette (`palette=2019`).
    public static let palette2019 = [0x0074D9, 0x7FDBFF, 0x39CCCC, 0x3D9970, 0x2ECC40, 0x01FF70, 0xFFDC00, 0xFF851B,
                                     0xFF4136, 0xF012BE, 0xB10DC9, 0xAAAAAA].map { Color(rgb: UInt32($0)) }

    /// The options' keys, with what each takes (for help and error messages).
    public static let keys: [(key: String, takes: String)] = [
        ("page", "N, an index into the colours (default 0)"),
        ("colors", "HEX,HEX,... (default F7A695,8DAEF5,2558D5,ECA23F,F47153)"),
        ("palette", "current or 2019 (the article's twelve colours)"),
        ("seed", "N: shuffle the colours deterministically"),
        ("left", "P@Y: the left slider's progress (0 to 1) and centre y in points (default 0@100)"),
        ("right", "P@Y: the right slider's (default 0@300)"),
        ("top", "left or right: the slider drawn on top (default right)"),
        ("springs", "head or article (default head)"),
        ("script", "FILE: a JSON time line of drags and taps"),
    ]

    /// Defaults.
    public init() {}

    /// The options given as `key=value` pairs, each checked; unknown keys are errors.
    public static func parse(_ pairs: [(key: String, value: String)]) throws(SceneOptionError) -> LiquidSwipeOptions {
        var options = LiquidSwipeOptions()
        var palette: [Color]?
        for (key, value) in pairs {
            switch key {
            case "page":
                guard let n = Int(value), n >= 0, n < 1_000_000 else { throw SceneOptionError(key: key, problem: "\"\(value)\" is not a page index (0 or more)") }
                options.page = n
            case "colors":
                var colors: [Color] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    let hex = item.hasPrefix("#") ? item.dropFirst() : item[...]
                    guard hex.count == 6, let rgb = UInt32(hex, radix: 16) else {
                        throw SceneOptionError(key: key, problem: "\"\(item)\" is not a colour (RRGGBB in hex)")
                    }
                    colors.append(Color(rgb: rgb))
                }
                guard colors.count >= 1, colors.count <= 1000 else { throw SceneOptionError(key: key, problem: "give 1 to 1000 colours") }
                options.colors = colors
            case "palette":
                switch value {
                case "current": palette = currentPalette
                case "2019": palette = palette2019
                default: throw SceneOptionError(key: key, problem: "\"\(value)\" is not a palette (current or 2019)")
                }
            case "seed":
                guard let n = UInt64(value) else { throw SceneOptionError(key: key, problem: "\"\(value)\" is not a seed (a whole number, 0 or more)") }
                options.seed = n
            case "left", "right":
                let parts = value.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, let p = Double(parts[0]), let y = Double(parts[1]), p.isFinite, y.isFinite else {
                    throw SceneOptionError(key: key, problem: "\"\(value)\" is not P@Y (progress@centre y, such as 0.3@250)")
                }
                guard (0...1).contains(p) else { throw SceneOptionError(key: key, problem: "progress \(p) is out of range (0 to 1)") }
                guard (-10_000...10_000).contains(y) else { throw SceneOptionError(key: key, problem: "centre y \(y) is out of range (-10000 to 10000 points)") }
                if key == "left" { options.left = (p, y) } else { options.right = (p, y) }
            case "top":
                guard let side = ScreenSide(rawValue: value) else { throw SceneOptionError(key: key, problem: "\"\(value)\" is not left or right") }
                options.top = side
            case "springs":
                guard let springs = Springs(rawValue: value) else { throw SceneOptionError(key: key, problem: "\"\(value)\" is not head or article") }
                options.springs = springs
            case "script":
                guard !value.isEmpty else { throw SceneOptionError(key: key, problem: "give the script's file") }
                options.script = value
            default:
                throw SceneOptionError(key: key, problem: "unknown (the liquid-swipe scene takes \(keys.map(\.key).joined(separator: ", ")))")
            }
        }
        if let palette {
            guard !pairs.contains(where: { $0.key == "colors" }) else { throw SceneOptionError(key: "palette", problem: "give colors or palette, not both") }
            options.colors = palette
        }
        return options
    }

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
