import NotchwaveModel
import NotchwaveTimeline

/// One wave alive at a time: its emission index, phase and colour.
public struct WaveState: Sendable, Equatable {
    /// Emission index `k` (0 for the first wave).
    public var index: Int
    /// Eased phase in 0...1.
    public var phase: Double
    /// Its colour, `colors[k mod count]`.
    public var color: Color
}

/// The closing gradient wave after a stop.
public struct ClosingWaveState: Sendable, Equatable {
    /// Eased phase in 0...1.
    public var phase: Double
    /// The colour at its leading edge: the colour of the last wave emitted at or before
    /// the stop.
    public var front: Color
}

/// What the bar shows at one time.
public struct SharpFrameState: Sendable, Equatable {
    /// Waves to paint, in painting order (later on top).
    public var waves: [WaveState]
    /// The closing wave, painted over the waves, if one is running.
    public var closing: ClosingWaveState?
}

/// The seed RainbowBar's timeline (spec section 2): waves emitted every `period` from
/// `start`, each easing its phase over `D = period * waves`, and after `stop` one closing
/// gradient wave. A pure function of time.
public struct SharpTimeline: Sendable {
    /// Tolerance for comparing times (spec section 5).
    public static let tolerance = 1e-9

    public let animation: AnimationParameters
    public let easing: CubicBezierEasing

    /// The timeline of `animation`, easing with `easing` (SwiftUI's easeIn by default).
    public init(animation: AnimationParameters, easing: CubicBezierEasing = .easeIn) {
        self.animation = animation
        self.easing = easing
    }

    /// `t_k = start + k * period`.
    public func emissionTime(_ k: Int) -> Double { animation.start + Double(k) * animation.period }

    /// The index of the last wave emitted at or before `t` (emitted when
    /// `t >= t_k - 1e-9`), or nil before the first.
    public func lastEmittedIndex(at t: Double) -> Int? {
        guard t >= animation.start - SharpTimeline.tolerance else { return nil }
        var k = Int(((t - animation.start) / animation.period).rounded(.down))
        k = max(k, 0)
        while t >= emissionTime(k + 1) - SharpTimeline.tolerance { k += 1 }
        while k > 0 && t < emissionTime(k) - SharpTimeline.tolerance { k -= 1 }
        return k
    }

    /// The index of the last wave ever emitted when a stop is set (the waves emitted at
    /// or before the stop), or nil without a stop.
    public var lastIndexBeforeStop: Int? {
        guard let stop = animation.stop else { return nil }
        return lastEmittedIndex(at: stop)
    }

    /// The closing wave's front colour: `colors[floor((stop - start) / period + 1e-9) mod n]`.
    public var closingFront: Color? {
        guard let stop = animation.stop else { return nil }
        let k = Int(((stop - animation.start) / animation.period + SharpTimeline.tolerance).rounded(.down))
        return color(ofWave: max(k, 0))
    }

    /// Wave `k`'s colour.
    public func color(ofWave k: Int) -> Color { animation.colors[k % animation.colors.count] }

    /// The eased phase of an animation that started at `t0`, at `t`.
    public func phase(startedAt t0: Double, at t: Double) -> Double {
        let tau = min(max((t - t0) / animation.waveDuration, 0), 1)
        return easing(tau)
    }

    /// The video's natural end with a stop: `stop + D`.
    public var completionTime: Double? { animation.stop.map { $0 + animation.waveDuration } }

    /// The bar's state at time `t`.
    public func state(at t: Double) -> SharpFrameState {
        if let end = completionTime, t >= end - SharpTimeline.tolerance {
            return SharpFrameState(waves: [], closing: nil)
        }
        guard var last = lastEmittedIndex(at: t) else { return SharpFrameState(waves: [], closing: nil) }
        if let stopIndex = lastIndexBeforeStop { last = min(last, stopIndex) }
        let duration = animation.waveDuration
        // A finished wave stays until a later wave has finished too; keep from the last
        // finished one on.
        var first = 0
        let finishedCandidate = Int(((t - animation.start - duration) / animation.period).rounded(.down))
        if finishedCandidate >= 0 {
            var k = min(finishedCandidate + 1, last)
            while k >= 0 && t - emissionTime(k) < duration { k -= 1 }
            first = max(k, 0)
        }
        var waves: [WaveState] = []
        if last >= first {
            waves.reserveCapacity(last - first + 1)
            for k in first...last {
                waves.append(WaveState(index: k, phase: phase(startedAt: emissionTime(k), at: t), color: color(ofWave: k)))
            }
        }
        var closing: ClosingWaveState? = nil
        if let stop = animation.stop, t >= stop - SharpTimeline.tolerance, let front = closingFront {
            closing = ClosingWaveState(phase: phase(startedAt: stop, at: t), front: front)
        }
        return SharpFrameState(waves: waves, closing: closing)
    }
}
