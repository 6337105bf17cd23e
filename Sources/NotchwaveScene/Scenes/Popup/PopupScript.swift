import NotchwaveModel
/// One event of a scripted popup (spec 4.1, 4.2).
public enum PopupEvent: Sendable, Equatable {
    /// `isPresented = true` (the presenter's button pressed) at `time`; `autohide`, when
    /// given, replaces the scene's `autohide` option for this show.
    case show(time: Double, autohide: Double?)
    /// `isPresented = false` from outside (the binding) at `time`.
    case hide(time: Double)
    /// A tap on the popup (dismisses when `closeOnTap`).
    case tapInside(time: Double)
    /// A tap beside the popup (dismisses when `closeOnTapOutside`).
    case tapOutside(time: Double)
    /// A finger put down on the popup at `path[0]` `start` seconds into the clip, moved
    /// through the samples and lifted at the last one (drag-to-dismiss).
    case drag(start: Double, path: [FingerSample])

    /// When the event is over: a drag's lift, a show's own autohide (or `autohide`, the
    /// scene's), otherwise its time.
    public func end(autohide: Double?) -> Double {
        switch self {
        case let .show(time, own): return time + (own ?? autohide ?? 0)
        case let .drag(start, path): return start + (path.last?.t ?? 0)
        default: return start
        }
    }

    /// When the event begins.
    public var start: Double {
        switch self {
        case let .show(time, _), let .hide(time), let .tapInside(time), let .tapOutside(time): return time
        case let .drag(start, _): return start
        }
    }
}

/// A time line of popup events, in time order. Read from a JSON file (comments allowed):
///
///     {"events": [
///       {"show": true, "at": 0.5},
///       {"tap": "outside", "at": 2.0},
///       {"show": true, "at": 3.0, "autohide": 1.5},
///       {"drag": true, "at": 6.0, "path": [[0, 187, 420], [0.3, 187, 500]]},
///       {"hide": true, "at": 8.0},
///       {"tap": "inside", "at": 9.0}
///     ]}
///
/// A drag's path is `[t, x, y]` triples as in LiquidSwipe's scripts: seconds after `at`
/// (from 0, never decreasing) and points on the screen; only the finger's movement
/// counts, so the drag is taken to start on the popup wherever it is.
public struct PopupScript: Sendable, Equatable {
    /// The events, ordered by start time (stable).
    public var events: [PopupEvent]

    /// When the last event is over (see `PopupEvent.end`), 0 for none.
    public func lastTime(autohide: Double?) -> Double { events.map { $0.end(autohide: autohide) }.max() ?? 0 }

    /// A script of `events` (sorted by start time, stable).
    public init(events: [PopupEvent]) {
        self.events = events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// Reads a script file.
    public static func load(path: String) throws -> PopupScript {
        try decode(InteractionScript.readText(path: path), file: path)
    }

    /// Decodes a script's text; errors name the file, the JSON path and the line and column.
    public static func decode(_ text: String, file: String) throws -> PopupScript {
        var events: [PopupEvent] = []
        for (path, item) in try InteractionScript.eventObjects(text, file: file) {
            var reader = try JSONObjectReader(item, file: file, path: path)
            func seconds(_ key: String) throws -> Double { try reader.seconds(key) }
            func marker(_ key: String) throws {
                guard try reader.optionalBool(key) == true else {
                    throw reader.error(at: key, reader.members.first { $0.key == key }?.value, "write \"\(key)\": true")
                }
            }
            let kinds = ["show", "hide", "tap", "drag"].filter { reader.has($0) }
            guard kinds.count == 1, let kind = kinds.first else {
                throw ConfigurationError(file: file, path: path, position: item.position, problem: kinds.isEmpty
                    ? "an event is {\"show\": true, \"at\": S}, {\"hide\": true, \"at\": S}, {\"tap\": \"inside\" or \"outside\", \"at\": S} or {\"drag\": true, \"at\": S, \"path\": [[t, x, y], ...]}"
                    : "one event per object (found \(kinds.joined(separator: " and ")))")
            }
            switch kind {
            case "show":
                try marker("show")
                let time = try seconds("at")
                let autohide = reader.has("autohide") ? try seconds("autohide") : nil
                events.append(.show(time: time, autohide: autohide))
            case "hide":
                try marker("hide")
                events.append(.hide(time: try seconds("at")))
            case "tap":
                let place = try reader.string("tap")
                guard place == "inside" || place == "outside" else {
                    throw reader.error(at: "tap", reader.members.first { $0.key == "tap" }?.value, "unknown place \"\(place)\" (inside or outside)")
                }
                let time = try seconds("at")
                events.append(place == "inside" ? .tapInside(time: time) : .tapOutside(time: time))
            default:
                try marker("drag")
                let start = try seconds("at")
                events.append(.drag(start: start, path: try InteractionScript.fingerPath(&reader, file: file, path: path)))
            }
            try reader.finish()
        }
        return PopupScript(events: events)
    }
}
