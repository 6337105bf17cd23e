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

    /// The times (seconds after the press) of the steps of a hold released after
    /// `length` seconds: a step falls only while the finger is down (before the release).
    public static func stepTimes(length: Double) -> [Double] {
        var times = [0.0]
        var k = 0
        while true {
            let t = delay + Double(k) * interval
            guard t < length, times.count < maximumScriptEvents else { break }
            times.append(t)
            k += 1
        }
        return times
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
    /// The stepper's count over time (or cart item `n`'s, under `.item(n)`).
    private var counts: [ControlTarget: [(time: Double, value: Double)]] = [:]
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
        var countChanges: [ControlTarget: [(time: Double, order: Int, change: (Double) -> Double)]] = [:]
        var trackActions: [(time: Double, order: Int, target: ControlTarget, action: TrackAction)] = []
        var order = 0
        func count(_ key: ControlTarget, at time: Double, _ change: @escaping (Double) -> Double) {
            countChanges[key, default: []].append((time, order, change))
            order += 1
        }
        func step(_ target: ControlTarget, by delta: Double, at time: Double) {
            switch target {
            case .increment, .decrement: count(.value, at: time) { $0 + delta }
            case let .itemIncrement(n), let .itemDecrement(n): count(.item(n), at: time) { $0 + delta }
            default: break
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
                    let repeats = context.repeatsOnHold && (target == .increment || target == .decrement)
                    if repeats {
                        let length = up - time
                        let times = { () -> [Double] in
                            if case .hold = event { return HoldRepeat.stepTimes(length: length) }
                            return [0]
                        }()
                        for t in times { step(target, by: d, at: time + t) }
                    } else {
                        step(target, by: d, at: up)
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
                    count(.value, at: time) { _ in value }
                case .item:
                    count(target, at: time) { _ in value }
                default:
                    let key: ControlTarget = target == .value ? .thumb : target
                    trackActions.append((time, order, key, .animate(to: Swift.min(Swift.max(value, context.lower), context.upper))))
                    order += 1
                }
            }
        }
        for (key, changes) in countChanges {
            var value = context.initial[key] ?? 0
            counts[key] = [(-.infinity, value)] + changes.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map { change in
                value = change.change(value)
                return (change.time, value)
            }
        }
        for action in trackActions.sorted(by: { ($0.time, $0.order) < ($1.time, $1.order) }) {
            var track = tracks[action.target] ?? Track(context.initial[action.target] ?? context.lower)
            let now = track.value(at: action.time)
            switch action.action {
            case let .animate(to):
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

    /// Whether `target` is held down at `t` (from the press to the release).
    public func isPressed(_ target: ControlTarget, at t: Double) -> Bool {
        presses[target]?.contains { t >= $0.down && t < $0.up } ?? false
    }

    /// The value of `key` at `t`: `.thumb` (a slider), `.value` (a stepper), `.lowerThumb`,
    /// `.upperThumb`, `.item(n)`; the initial value where the script never changes it.
    public func value(_ key: ControlTarget, at t: Double) -> Double {
        if let steps = counts[key] { return lastStep(steps, at: t) }
        if let track = tracks[key] { return track.value(at: t) }
        return initial[key] ?? 0
    }
}
