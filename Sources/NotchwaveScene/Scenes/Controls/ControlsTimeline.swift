import NotchwaveModel
import NotchwaveTimeline

/// The vertical stepper's press-and-hold repeat (spec 5 item 7): one step when the press
/// begins, one 0.5 s later, then one every 0.1 s while the finger stays down.
public enum HoldRepeat {
    /// The wait before repeating, and the repeat interval (seconds).
    public static let delay = 0.5, interval = 0.1

    /// How many steps a press still held `elapsed` seconds after it began has made:
    /// 0 before it, 1 until `delay`, then `2 + floor((elapsed − delay) / interval)`.
    public static func steps(after elapsed: Double) -> Int {
        guard elapsed >= 0 else { return 0 }
        guard elapsed >= delay else { return 1 }
        // In tenths of a second, with a margin for times such as 0.6 that binary
        // fractions hold just below their decimal value.
        return 2 + Int(((elapsed - delay) / interval + 1e-9).rounded(.down))
    }

    /// How many steps a press released after `length` seconds has made by `elapsed`
    /// seconds after it began: a step falls only while the finger is down, so one due at
    /// the release itself (within a microsecond) does not count.
    public static func steps(after elapsed: Double, length: Double) -> Int {
        steps(after: Swift.min(elapsed, Swift.max(length - 1e-6, 0)))
    }
}

/// What the controls show at each time of a script: which targets are held down, the
/// stepper counts and the slider values, as pure functions of the time.
///
/// Rules (spec 5 items 4, 6, 7, 10; decisions of this renderer where the sources are
/// silent):
/// - A button acts when the finger lifts (SwiftUI's `Button`): a tap is a press of
///   `ControlEvent.tapLength` seconds; the capsule stepper's and the cart's minus and plus
///   step then by one, unclamped as in the source. The vertical stepper's halves are hold
///   targets: they step at touch-down and repeat (`HoldRepeat`) until the lift.
/// - A drag moves a slider's value by `dx / width · (upper − lower)` from its value at
///   touch-down, clamped to the bounds (a range slider's thumbs also to each other); the
///   value changes with the finger, not animated.
/// - `set` and the custom slider's minimum and maximum buttons change a slider's value
///   `withAnimation` (easeInOut over 0.35 s, SwiftUI's default of spec 0.3); a stepper's
///   integer changes at once.
/// - Pressed looks (opacity 0.5) are not animated (spec 5 item 10).
public struct ControlsTimeline: Sendable {
    /// The presses of each target, as (down, up) times.
    private var presses: [ControlTarget: [(down: Double, up: Double)]] = [:]
    /// What changes the stepper's count (or cart item `n`'s, under `.item(n)`), in time
    /// order: the count at `t` is the last set before it (or the initial value) plus the
    /// steps since.
    private var counts: [ControlTarget: [CountChange]] = [:]

    /// One change of a count.
    private enum CountChange: Sendable {
        /// One step of `delta` at `time`.
        case step(time: Double, delta: Double)
        /// The vertical stepper's repeating press: `delta` per step of `HoldRepeat` from
        /// `time` until `release`.
        case repeating(time: Double, release: Double, delta: Double)
        /// The count set to `value` at `time`.
        case set(time: Double, value: Double)

        var time: Double {
            switch self {
            case let .step(time, _), let .repeating(time, _, _), let .set(time, _): return time
            }
        }
    }
    /// The slider's value, or the range slider's two values.
    private var tracks: [ControlTarget: Track] = [:]

    /// The slider's geometry for drags: points per unit of value.
    public struct Context: Sendable {
        /// The bounds of the slider or stepper.
        public var lower: Double, upper: Double
        /// The width (points) a drag across the whole range travels, by thumb (`.thumb`,
        /// `.lowerThumb`, `.upperThumb`).
        public var dragWidths: [ControlTarget: Double]
        /// The initial values: `.thumb` (a slider), `.value` (a stepper), `.lowerThumb` and
        /// `.upperThumb` (a range slider), `.item(n)` (the cart's quantities).
        public var initial: [ControlTarget: Double]
        /// True when the steppers are the vertical stepper (holds repeat).
        public var repeatsOnHold: Bool
        /// True when `set` on `.value` sets a stepper's integer (at once), not a slider's
        /// value (`.thumb`, animated).
        public var valueIsCount: Bool
        /// A context.
        public init(lower: Double, upper: Double, dragWidths: [ControlTarget: Double], initial: [ControlTarget: Double], repeatsOnHold: Bool,
                    valueIsCount: Bool) {
            self.valueIsCount = valueIsCount
            self.lower = lower
            self.upper = upper
            self.dragWidths = dragWidths
            self.initial = initial
            self.repeatsOnHold = repeatsOnHold
        }
    }

    /// The time line of `script` for controls described by `context`.
    public init(script: ControlsScript, context: Context) {
        var countChanges: [ControlTarget: [(order: Int, change: CountChange)]] = [:]
        var trackActions: [(time: Double, order: Int, target: ControlTarget, action: TrackAction)] = []
        var order = 0
        func count(_ key: ControlTarget, _ change: CountChange) {
            countChanges[key, default: []].append((order, change))
            order += 1
        }
        func key(of target: ControlTarget) -> ControlTarget {
            switch target {
            case let .itemIncrement(n), let .itemDecrement(n): return .item(n)
            default: return .value
            }
        }
        func delta(of target: ControlTarget) -> Double? {
            switch target {
            case .increment, .itemIncrement: return 1
            case .decrement, .itemDecrement: return -1
            default: return nil
            }
        }
        for event in script.events {
            let target = event.target
            switch event {
            case let .tap(_, time), let .press(_, time, _), let .hold(_, time, _):
                let up = event.end
                presses[target, default: []].append((time, up))
                if let d = delta(of: target) {
                    if context.repeatsOnHold && (target == .increment || target == .decrement) {
                        // Any press of the vertical stepper's halves repeats while held (a
                        // tap is too short to repeat).
                        count(.value, .repeating(time: time, release: up, delta: d))
                    } else {
                        count(key(of: target), .step(time: up, delta: d))
                    }
                }
                if target == .minimum { trackActions.append((up, order, .thumb, .animate(to: context.lower))); order += 1 }
                if target == .maximum { trackActions.append((up, order, .thumb, .animate(to: context.upper))); order += 1 }
            case let .drag(_, time, path):
                trackActions.append((time, order, target, .drag(path.map { FingerSample(t: $0.t, x: $0.dx, y: 0) })))
                order += 1
                presses[target, default: []].append((time, event.end))
            case let .set(_, time, value):
                switch target {
                case .value where context.valueIsCount:
                    count(.value, .set(time: time, value: value))
                case .item:
                    count(target, .set(time: time, value: value))
                default:
                    let key: ControlTarget = target == .value ? .thumb : target
                    trackActions.append((time, order, key, .animate(to: Swift.min(Swift.max(value, context.lower), context.upper))))
                    order += 1
                }
            }
        }
        for (key, changes) in countChanges {
            counts[key] = changes.sorted { ($0.change.time, $0.order) < ($1.change.time, $1.order) }.map(\.change)
        }
        for action in trackActions.sorted(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            var track = tracks[action.target] ?? Track(context.initial[action.target] ?? context.lower)
            let now = track.value(at: action.time)
            switch action.action {
            case var .animate(to):
                // A range slider's thumbs stop at each other.
                if action.target == .lowerThumb { to = Swift.min(to, value(.upperThumb, at: action.time, tracks: tracks, context: context)) }
                if action.target == .upperThumb { to = Swift.max(to, value(.lowerThumb, at: action.time, tracks: tracks, context: context)) }
                track.animate(at: action.time, to: to, ValueAnimation.swiftUIDefault)
            case let .drag(path):
                var low = context.lower, high = context.upper
                if action.target == .lowerThumb { high = value(.upperThumb, at: action.time, tracks: tracks, context: context) }
                if action.target == .upperThumb { low = value(.lowerThumb, at: action.time, tracks: tracks, context: context) }
                let width = context.dragWidths[action.target] ?? 0
                let perPoint = width > 0 ? (context.upper - context.lower) / width : 0
                track.append(action.time, .dragValue(path, start: action.time, from: now, perPoint: perPoint, low: low, high: high))
            }
            tracks[action.target] = track
        }
        self.initial = context.initial
    }

    private enum TrackAction {
        case animate(to: Double)
        case drag([FingerSample])
    }

    private var initial: [ControlTarget: Double] = [:]

    private func value(_ key: ControlTarget, at t: Double, tracks: [ControlTarget: Track], context: Context) -> Double {
        tracks[key]?.value(at: t) ?? context.initial[key] ?? context.lower
    }

    /// A count at `t`: the last set at or before `t` (or `initial`), plus every step after
    /// that set and at or before `t` (a repeating press's steps counted in closed form).
    private func count(_ changes: [CountChange], initial: Double, at t: Double) -> Double {
        var base = initial, since = -Double.infinity
        if let last = changes.lastIndex(where: { if case let .set(time, _) = $0 { return time <= t } else { return false } }),
           case let .set(time, value) = changes[last] {
            base = value
            since = time
        }
        var total = base
        for change in changes where change.time <= t {
            switch change {
            case let .step(time, delta) where time > since:
                total += delta
            case let .repeating(time, release, delta):
                // Steps made by t, less those made by the set (which replaced them).
                let length = release - time
                let made = HoldRepeat.steps(after: t - time, length: length)
                let before = since >= time ? HoldRepeat.steps(after: since - time, length: length) : 0
                total += delta * Double(made - before)
            default:
                break
            }
        }
        return total
    }

    /// Whether `target` is held down at `t` (from the press to the release).
    public func isPressed(_ target: ControlTarget, at t: Double) -> Bool {
        presses[target]?.contains { t >= $0.down && t < $0.up } ?? false
    }

    /// The value of `key` at `t`: `.thumb` (a slider), `.value` (a stepper), `.lowerThumb`,
    /// `.upperThumb`, `.item(n)`; the initial value where the script never changes it.
    public func value(_ key: ControlTarget, at t: Double) -> Double {
        if let changes = counts[key] { return count(changes, initial: initial[key] ?? 0, at: t) }
        if let track = tracks[key] { return track.value(at: t) }
        return initial[key] ?? 0
    }
}
