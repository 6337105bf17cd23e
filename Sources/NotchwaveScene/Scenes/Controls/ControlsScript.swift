import NotchwaveModel

/// What an event of a controls script acts on.
public enum ControlTarget: Sendable, Hashable, CustomStringConvertible {
    /// The button (the first one of a pair or of the showcase; the cart's Buy button).
    case button
    /// A stepper's plus (the vertical stepper's upper half).
    case increment
    /// A stepper's minus (its lower half).
    case decrement
    /// The slider's thumb (the custom slider's whole track).
    case thumb
    /// The range slider's thumbs.
    case lowerThumb, upperThumb
    /// The custom slider's minimum and maximum value buttons.
    case minimum, maximum
    /// The value itself (`set`).
    case value
    /// Cart item `n` (from 1): its stepper's buttons, or its quantity (`set`).
    case itemIncrement(Int), itemDecrement(Int), item(Int)

    /// The target's name in scripts.
    public var description: String {
        switch self {
        case .button: return "button"
        case .increment: return "increment"
        case .decrement: return "decrement"
        case .thumb: return "thumb"
        case .lowerThumb: return "lower-thumb"
        case .upperThumb: return "upper-thumb"
        case .minimum: return "minimum"
        case .maximum: return "maximum"
        case .value: return "value"
        case let .itemIncrement(n): return "item \(n) increment"
        case let .itemDecrement(n): return "item \(n) decrement"
        case let .item(n): return "item \(n)"
        }
    }

    /// The target a script names, or nil.
    static func named(_ name: String) -> ControlTarget? {
        let simple: [ControlTarget] = [.button, .increment, .decrement, .thumb, .lowerThumb, .upperThumb, .minimum, .maximum, .value]
        if let found = simple.first(where: { $0.description == name }) { return found }
        let words = name.split(separator: " ")
        guard words.count >= 2, words[0] == "item", let n = Int(words[1]), (1...Controls.cartItems.count).contains(n) else { return nil }
        if words.count == 2 { return .item(n) }
        guard words.count == 3 else { return nil }
        switch words[2] {
        case "increment": return .itemIncrement(n)
        case "decrement": return .itemDecrement(n)
        default: return nil
        }
    }
}

/// One event of a controls script (issue text: "tap", "press", "hold", "drag", "set").
public enum ControlEvent: Sendable, Equatable {
    /// A quick tap at `time`: the control is pressed for `ControlEvent.tapLength` seconds.
    case tap(ControlTarget, time: Double)
    /// Pressed at `time`, released at `until`.
    case press(ControlTarget, time: Double, until: Double)
    /// Pressed and held from `time` to `until`: a vertical stepper's half repeats (step at
    /// once, after 0.5 s, then every 0.1 s); anything else acts as `press`.
    case hold(ControlTarget, time: Double, until: Double)
    /// A finger on a slider's thumb from `time`, moved by `dx` points at `t` seconds
    /// after it (straight between samples), lifted at the last sample.
    case drag(ControlTarget, time: Double, path: [(t: Double, dx: Double)])
    /// The value set at `time` with SwiftUI's default animation (sliders) or at once
    /// (steppers' integers).
    case set(ControlTarget, time: Double, value: Double)

    /// How long a tap holds its control down: long enough to show at 60 fps (six frames).
    public static let tapLength = 0.1

    public static func == (a: ControlEvent, b: ControlEvent) -> Bool {
        switch (a, b) {
        case let (.tap(x, t), .tap(y, u)): return x == y && t == u
        case let (.press(x, t, e), .press(y, u, f)), let (.hold(x, t, e), .hold(y, u, f)): return x == y && t == u && e == f
        case let (.drag(x, t, p), .drag(y, u, q)): return x == y && t == u && p.elementsEqual(q) { $0.t == $1.t && $0.dx == $1.dx }
        case let (.set(x, t, v), .set(y, u, w)): return x == y && t == u && v == w
        default: return false
        }
    }

    /// The target.
    public var target: ControlTarget {
        switch self {
        case let .tap(t, _), let .press(t, _, _), let .hold(t, _, _), let .drag(t, _, _), let .set(t, _, _): return t
        }
    }

    /// When the event begins.
    public var start: Double {
        switch self {
        case let .tap(_, t), let .press(_, t, _), let .hold(_, t, _), let .drag(_, t, _), let .set(_, t, _): return t
        }
    }

    /// When it is over: the release, a drag's last sample, a set's animation's end.
    public var end: Double {
        switch self {
        case let .tap(_, t): return t + ControlEvent.tapLength
        case let .press(_, _, until), let .hold(_, _, until): return until
        case let .drag(_, t, path): return t + (path.last?.t ?? 0)
        case let .set(_, t, _): return t + 0.35
        }
    }
}

/// A time line of control interactions, in time order. Read from a JSON file (comments
/// allowed), in the shape of the other scenes' scripts:
///
///     {"events": [
///       {"tap": "button", "at": 0.5},
///       {"press": "button", "at": 1.0, "until": 1.4},
///       {"hold": "increment", "at": 1.0, "until": 2.05},
///       {"drag": "thumb", "at": 2.0, "path": [[0, 0], [0.5, 80]]},
///       {"set": "value", "value": 0.8, "at": 3.0},
///       {"tap": "item 2 increment", "at": 4.0}
///     ]}
///
/// A drag's path is `[t, dx]` pairs: seconds after `at` (from 0, never decreasing) and
/// the finger's horizontal travel in points.
public struct ControlsScript: Sendable, Equatable {
    /// The events, ordered by start time (stable).
    public var events: [ControlEvent]

    /// A script of `events` (sorted by start time, stable).
    public init(events: [ControlEvent]) {
        self.events = events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// When the last event is over (0 for none).
    public var lastTime: Double { events.map(\.end).max() ?? 0 }

    /// Reads a script file.
    public static func load(path: String) throws -> ControlsScript {
        try decode(InteractionScript.readText(path: path), file: path)
    }

    /// Decodes a script's text; errors name the file, the JSON path and the position.
    public static func decode(_ text: String, file: String) throws -> ControlsScript {
        var events: [ControlEvent] = []
        let shapes = "{\"tap\": TARGET, \"at\": S}, {\"press\" or \"hold\": TARGET, \"at\": S, \"until\": S}, {\"drag\": THUMB, \"at\": S, \"path\": [[t, dx], ...]} or {\"set\": TARGET, \"value\": V, \"at\": S}"
        for (path, item) in try InteractionScript.eventObjects(text, file: file) {
            var reader = try JSONObjectReader(item, file: file, path: path)
            let kinds = ["tap", "press", "hold", "drag", "set"].filter { reader.has($0) }
            guard kinds.count == 1, let kind = kinds.first else {
                throw ConfigurationError(file: file, path: path, position: item.position,
                                         problem: kinds.isEmpty ? "an event is \(shapes)" : "one event per object (found \(kinds.joined(separator: " and ")))")
            }
            let name = try reader.string(kind)
            guard let target = ControlTarget.named(name) else {
                throw reader.error(at: kind, reader.members.first { $0.key == kind }?.value,
                                   "unknown target \"\(name)\" (button, increment, decrement, thumb, lower-thumb, upper-thumb, minimum, maximum, value, item N [increment|decrement])")
            }
            let allowed = ControlsScript.targets(of: kind)
            guard allowed.contains(where: { $0 == target.kind }) else {
                throw reader.error(at: kind, reader.members.first { $0.key == kind }?.value,
                                   "a \(kind) acts on \(allowed.joined(separator: ", ")), not \"\(name)\"")
            }
            let at = try reader.seconds("at")
            switch kind {
            case "tap":
                events.append(.tap(target, time: at))
            case "press", "hold":
                let until = try reader.seconds("until")
                guard until >= at else { throw reader.error(at: "until", reader.members.first { $0.key == "until" }?.value, "the release comes before the press") }
                events.append(kind == "press" ? .press(target, time: at, until: until) : .hold(target, time: at, until: until))
            case "drag":
                events.append(.drag(target, time: at, path: try dragPath(&reader, file: file, path: path)))
            default:
                let value = try reader.number("value")
                guard abs(value) <= ControlsOptions.limit else {
                    throw reader.error(at: "value", reader.members.first { $0.key == "value" }?.value, "is out of range (±\(Int(ControlsOptions.limit)))")
                }
                events.append(.set(target, time: at, value: value))
            }
            try reader.finish()
        }
        return ControlsScript(events: events)
    }

    /// The targets (by kind, `item N` for a cart item) each event kind acts on.
    static func targets(of kind: String) -> [String] {
        switch kind {
        case "drag": return ["thumb", "lower-thumb", "upper-thumb"]
        case "set": return ["value", "thumb", "lower-thumb", "upper-thumb", "item N"]
        default: return ["button", "increment", "decrement", "minimum", "maximum", "item N increment", "item N decrement"]
        }
    }

    /// A drag's `path`: `[t, dx]` pairs, at least one, times from 0 and never decreasing.
    private static func dragPath(_ reader: inout JSONObjectReader, file: String, path: String) throws -> [(t: Double, dx: Double)] {
        try InteractionScript.samples(&reader, names: ["t", "dx"], file: file, path: path).map { ($0[0], $0[1]) }
    }
}
