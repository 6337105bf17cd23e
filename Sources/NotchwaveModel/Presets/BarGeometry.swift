/// The spec's bar numbers, in points: the bar height `h`, the centre spacing `cs` and the
/// wave corner radii `rt` (top, concave) and `rb` (bottom, convex).
public struct BarGeometry: Sendable, Equatable {
    public var h, cs, rt, rb: Double

    /// Bar numbers.
    public init(h: Double, cs: Double, rt: Double, rb: Double) { (self.h, self.cs, self.rt, self.rb) = (h, cs, rt, rb) }

    /// The notch width these numbers imply: `cs + 2 (rt + 2 rb)`, the width of the notch
    /// below its ears, where a wave at phase 0 hides exactly.
    public var notchWidth: Double { cs + 2 * (rt + 2 * rb) }
}

/// What interrupts the top of the screen.
public enum Cutout: Sendable, Equatable {
    /// No cutout (a status bar only).
    case none
    /// A notch.
    case notch(NotchGeometry)
    /// A Dynamic Island.
    case island(IslandGeometry)

    /// `none`, `notch` or `island`.
    public var kind: String {
        switch self {
        case .none: return "none"
        case .notch: return "notch"
        case .island: return "island"
        }
    }
}

/// A notch, in points: its width below the ears (as iOS lays out), height, the ear
/// (top, concave) radius and the bottom corner radius.
public struct NotchGeometry: Sendable, Equatable {
    public var width: Sourced<Double>
    public var height: Sourced<Double>
    public var topRadius: Sourced<Double>
    public var bottomRadius: Sourced<Double>

    /// A notch.
    public init(width: Sourced<Double>, height: Sourced<Double>, topRadius: Sourced<Double>, bottomRadius: Sourced<Double>) {
        self.width = width; self.height = height; self.topRadius = topRadius; self.bottomRadius = bottomRadius
    }

    /// The bar numbers: `h` the notch height, `rt`/`rb` its radii and
    /// `cs = width - 2 (rt + 2 rb)`.
    public var bar: BarGeometry {
        let rt = topRadius.value, rb = bottomRadius.value
        return BarGeometry(h: height.value, cs: width.value - 2 * (rt + 2 * rb), rt: rt, rb: rb)
    }
}

/// A Dynamic Island, in points: a stadium of `width` x `height`, its top `topInset`
/// below the screen's top edge.
public struct IslandGeometry: Sendable, Equatable {
    public var width: Sourced<Double>
    public var height: Sourced<Double>
    public var topInset: Sourced<Double>

    /// An island.
    public init(width: Sourced<Double>, height: Sourced<Double>, topInset: Sourced<Double>) {
        self.width = width; self.height = height; self.topInset = topInset
    }
}
