import NotchwaveModel
import Foundation

/// A screen edge a gesture belongs to (LiquidSwipe's sliders).
public enum ScreenSide: String, Sendable, CaseIterable {
    /// The left edge.
    case left
    /// The right edge.
    case right

    /// +1 for the left edge (its slider's bump points right), −1 for the right one.
    public var sign: Double { self == .left ? 1 : -1 }
}

/// Where a finger is at a time of a drag: `t` seconds after the drag's start, at `(x, y)`
/// in points.
public struct FingerSample: Sendable, Equatable {
    public var t: Double, x: Double, y: Double
    /// A sample.
    public init(t: Double, x: Double, y: Double) { (self.t, self.x, self.y) = (t, x, y) }
}

/// One user interaction of a scripted scene.
public enum InteractionEvent: Sendable, Equatable {
    /// A finger put down at `path[0]` on the `side` slider `start` seconds into the clip,
    /// moved through the samples (straight between them) and lifted at the last one.
    case drag(side: ScreenSide, start: Double, path: [FingerSample])
    /// A tap on the `side` slider at `time` seconds.
    case tap(side: ScreenSide, time: Double)

    /// When the finger lifts (a tap's time).
    public var end: Double {
        switch self {
        case let .drag(_, start, path): return start + (path.last?.t ?? 0)
        case let .tap(_, time): return time
        }
    }

    /// When the interaction begins.
    public var start: Double {
        switch self {
        case let .drag(_, start, _): return start
        case let .tap(_, time): return time
        }
    }
}

/// A time line of interactions, in time order: what drives a scripted scene instead of a
/// clock. Read from a JSON file (comments allowed):
///
///     {"events": [
///       {"drag": "right", "at": 0.5, "path": [[0, 360, 300], [0.25, 300, 310], [0.5, 180, 330]]},
///       {"tap": "left", "at": 2.0}
///     ]}
///
/// A drag's path is `[t, x, y]` triples: seconds after `at` (starting at 0, never
/// decreasing) and points on the screen. Times are seconds from the clip's start.
public struct InteractionScript: Sendable, Equatable {
    /// The events, ordered by start time.
    public var events: [InteractionEvent]

    /// A script of `events` (sorted by start time, stable).
    public init(events: [InteractionEvent]) {
        self.events = events.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// When the last finger lifts (0 for an empty script).
    public var lastLift: Double { events.map(\.end).max() ?? 0 }

    /// The largest time or coordinate a script may hold: far beyond any clip or screen,
    /// small enough that no arithmetic on it overflows.
    public static let limit = 1e6

    /// Reads a script file.
    public static func load(path: String) throws -> InteractionScript {
        try decode(readText(path: path), file: path)
    }

    /// Decodes a script's text; errors name the file, the JSON path and the position.
    public static func decode(_ text: String, file: String) throws -> InteractionScript {
        var events: [InteractionEvent] = []
        for (path, item) in try eventObjects(text, file: file) {
            var reader = try JSONObjectReader(item, file: file, path: path)
            func time(_ key: String) throws -> Double { try reader.seconds(key) }
            func side(_ key: String) throws -> ScreenSide {
                let name = try reader.string(key)
                guard let side = ScreenSide(rawValue: name) else {
                    throw reader.error(at: key, reader.members.first { $0.key == key }?.value, "unknown side \"\(name)\" (left or right)")
                }
                return side
            }
            if reader.has("drag") {
                let slider = try side("drag")
                let start = try time("at")
                let finger = try fingerPath(&reader, file: file, path: path)
                events.append(.drag(side: slider, start: start, path: finger))
            } else if reader.has("tap") {
                events.append(.tap(side: try side("tap"), time: try time("at")))
            } else {
                throw ConfigurationError(file: file, path: path, position: item.position, problem: "an event is {\"drag\": SIDE, \"at\": SECONDS, \"path\": [[t, x, y], ...]} or {\"tap\": SIDE, \"at\": SECONDS}")
            }
            try reader.finish()
        }
        return InteractionScript(events: events)
    }

    /// The members of a script's `"events"` array (the document's only key), with their
    /// JSON paths; more than `maximumScriptEvents` is an error.
    static func eventObjects(_ text: String, file: String) throws -> [(path: String, node: JSONNode)] {
        var root = try JSONObjectReader(try JSONValues.parse(text, file: file, allowingComments: true), file: file)
        let eventsNode = try root.required("events")
        try root.finish()
        let events = try JSONValues.array(eventsNode, file: file, path: "$.events")
        guard events.count <= maximumScriptEvents else {
            throw ConfigurationError(file: file, path: "$.events", position: eventsNode.position,
                                     problem: "\(events.count) events; a script holds at most \(maximumScriptEvents)")
        }
        return events.enumerated().map { ("$.events[\($0)]", $1) }
    }

    /// The `path` member of a drag event at JSON path `path`: `[t, x, y]` samples, at least
    /// one, times from 0 and never decreasing, every value within ±`limit`.
    static func fingerPath(_ reader: inout JSONObjectReader, file: String, path: String) throws -> [FingerSample] {
        try samples(&reader, names: ["t", "x", "y"], file: file, path: path).map { FingerSample(t: $0[0], x: $0[1], y: $0[2]) }
    }

    /// The `path` member of a drag event at JSON path `path`: samples of `names.count`
    /// numbers (the first a time), at least one, times from 0 and never decreasing, every
    /// value within ±`limit`.
    static func samples(_ reader: inout JSONObjectReader, names: [String], file: String, path: String) throws -> [[Double]] {
        let shape = "[" + names.joined(separator: ", ") + "]"
        let pathNode = try reader.required("path")
        let items = try JSONValues.array(pathNode, file: file, path: "\(path).path")
        guard !items.isEmpty else { throw reader.error(at: "path", pathNode, "a drag needs at least one \(shape) sample") }
        var result: [[Double]] = []
        for (k, sample) in items.enumerated() {
            let samplePath = "\(path).path[\(k)]"
            let numbers = try JSONValues.array(sample, file: file, path: samplePath)
            guard numbers.count == names.count else {
                throw ConfigurationError(file: file, path: samplePath, position: sample.position, problem: "expected \(shape), found \(numbers.count) numbers")
            }
            let v = try numbers.enumerated().map { try JSONValues.number($1, file: file, path: "\(samplePath)[\($0)]") }
            guard v.allSatisfy({ abs($0) <= limit }), v[0] >= 0, v[0] >= (result.last?[0] ?? 0) else {
                throw ConfigurationError(file: file, path: samplePath, position: sample.position,
                                         problem: "times must start at 0 or later and never decrease, and every value lie within ±\(Int(limit))")
            }
            result.append(v)
        }
        return result
    }

    /// Reads a script file's text, with a clear error when it cannot be read.
    static func readText(path: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigurationError(file: path, path: "$", position: nil, problem: "cannot read the script: no such file")
        }
        guard !isDirectory.boolValue else {
            throw ConfigurationError(file: path, path: "$", position: nil, problem: "cannot read the script: it is a directory")
        }
        guard let text = try TextInput.read(path) else {
            throw ConfigurationError(file: path, path: "$", position: nil, problem: "cannot read the script: permission denied or unreadable")
        }
        return text
    }
}

extension JSONObjectReader {
    /// A time in seconds at `key`, 0 to `InteractionScript.limit`.
    mutating func seconds(_ key: String) throws -> Double {
        let value = try number(key)
        guard value >= 0, value <= InteractionScript.limit else {
            throw error(at: key, members.first { $0.key == key }?.value, "\(value) is out of range (0 to \(Int(InteractionScript.limit)) seconds)")
        }
        return value
    }
}
