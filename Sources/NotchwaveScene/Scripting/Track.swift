import NotchwaveModel
import NotchwaveTimeline

/// One animated value of a scripted time line (LiquidSwipe, PopupView, the controls): segments, each from
/// its start time until the next one's.
struct Track: Sendable {
    enum Segment: Sendable {
        case constant(Double)
        case animation(from: Double, to: Double, velocity: Double, ValueAnimation)
        case dragProgress([FingerSample], start: Double, sign: Double, width: Double)
        case dragY([FingerSample], start: Double)
        /// How far (≥ 0) the finger has moved from touch-down along y in direction `sign`.
        case dragTranslation([FingerSample], start: Double, sign: Double)
        /// A slider's value under a finger: `clamp(from + dx · perPoint, low, high)`, dx
        /// the finger's travel along x since touch-down.
        case dragValue([FingerSample], start: Double, from: Double, perPoint: Double, low: Double, high: Double)
    }
    /// Sorted by start (ties in the order appended): a segment appended at `time` replaces
    /// every one that starts later.
    var segments: [(start: Double, segment: Segment)]

    init(_ value: Double) { segments = [(-.infinity, .constant(value))] }

    mutating func append(_ time: Double, _ segment: Segment) {
        while let last = segments.last, last.start > time { segments.removeLast() }
        segments.append((time, segment))
    }

    /// The segment in force at `t` (the last one starting at or before it), by bisection;
    /// the first one when none has started.
    func current(at t: Double) -> (start: Double, segment: Segment)? {
        guard !segments.isEmpty else { return nil }
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].start <= t { low = middle + 1 } else { high = middle }
        }
        return segments[Swift.max(low - 1, 0)]
    }

    /// Starts an animation to `target` at `time` from the value (and, for a spring, the
    /// velocity) the track has then.
    mutating func animate(at time: Double, to target: Double, _ animation: ValueAnimation) {
        let from = value(at: time)
        var velocity = 0.0
        if case .spring = animation, let current = current(at: time), current.start <= time,
           case let .animation(f, to, v, .spring(spring)) = current.segment {
            velocity = spring.displacement(at: time - current.start, from: f - to, velocity: v).v
        }
        append(time, .animation(from: from, to: target, velocity: velocity, animation))
    }

    func value(at t: Double) -> Double {
        guard let current = current(at: t) else { return 0 }
        let elapsed = t - current.start
        switch current.segment {
        case let .constant(v):
            return v
        case let .animation(from, to, velocity, .spring(spring)):
            return spring.value(at: elapsed, from: from, to: to, velocity: velocity)
        case let .animation(from, to, _, .curve(easing, duration)):
            let x = duration > 0 ? Swift.min(Swift.max(elapsed / duration, 0), 1) : 1
            return from + (to - from) * easing(x)
        case let .dragProgress(path, start, sign, width):
            return LiquidSwipeTimeline.dragProgress(path, at: t - start, sign: sign, width: width)
        case let .dragY(path, start):
            return LiquidSwipeTimeline.finger(path, at: t - start).y
        case let .dragTranslation(path, start, sign):
            guard let first = path.first else { return 0 }
            return Swift.max(0, sign * (LiquidSwipeTimeline.finger(path, at: t - start).y - first.y))
        case let .dragValue(path, start, from, perPoint, low, high):
            guard let first = path.first else { return from }
            let dx = LiquidSwipeTimeline.finger(path, at: t - start).x - first.x
            return Swift.min(Swift.max(from + dx * perPoint, low), high)
        }
    }
}
