/// How one segment of a recording follows the one before it.
public enum SegmentTransition: String, Sendable, CaseIterable {
    /// The next segment's first frame follows the last one's at once.
    case cut
    /// The two overlap for the transition's duration, the earlier one fading out as the
    /// later one fades in (linear weights; the preview gets shorter by the overlap).
    case crossfade
}

/// One range of one recording: the app's own footage from `start` to `end` seconds of
/// `recording`, played at its own speed (a preview must not falsify the app's footage, so
/// there is no speed setting), entered from the segment before by `transition`.
public struct RecordingSegment: Sendable, Equatable {
    /// The recording's file, as written (relative to a job file's folder there).
    public var recording: String
    /// Where the segment starts and ends in the recording (seconds; `in`, `out`).
    public var start: Double
    public var end: Double
    /// How the segment is entered from the one before (ignored for the first).
    public var transition: SegmentTransition
    /// The crossfade's length in seconds (0 for a cut).
    public var transitionDuration: Double
    /// Captions of this segment, their times from the segment's start.
    public var captions: [CaptionSpec]

    /// A segment.
    public init(recording: String, start: Double, end: Double, transition: SegmentTransition = .cut, transitionDuration: Double = 0,
                captions: [CaptionSpec] = []) {
        (self.recording, self.start, self.end) = (recording, start, end)
        (self.transition, self.transitionDuration, self.captions) = (transition, transitionDuration, captions)
    }

    /// Seconds of the recording it shows.
    public var length: Double { end - start }
}

/// A preview made of recordings: segments one after another, cut or crossfaded. The
/// output's time line is theirs: segment `k` starts at `startTimes[k]`, the end of the one
/// before less the crossfade into `k`.
public struct RecordingSegments: ParameterValue {
    /// The segments, in order (at least one).
    public var segments: [RecordingSegment]

    /// Segments.
    public init(_ segments: [RecordingSegment]) { self.segments = segments }

    /// When each segment starts on the output's time line.
    public var startTimes: [Double] {
        var times: [Double] = []
        var end = 0.0
        for (index, segment) in segments.enumerated() {
            let start = index == 0 ? 0 : end - segment.overlap
            times.append(start)
            end = start + segment.length
        }
        return times
    }

    /// The length of the whole: every segment's length less the crossfades' overlaps.
    public var duration: Double {
        guard let last = segments.last, let start = startTimes.last else { return 0 }
        return start + last.length
    }

    /// The segments that show at output time `t`, with their weights (summing to 1) and
    /// the recording's time each shows: one segment, or two inside a crossfade (the
    /// earlier fading out linearly as the later fades in). Past the end, the last segment's
    /// last moment; before 0, the first's start.
    public func sources(at t: Double) -> [(segment: Int, time: Double, weight: Double)] {
        let starts = startTimes
        guard !segments.isEmpty else { return [] }
        // The latest segment that has started (a segment starts at or after the one before).
        var k = 0
        while k + 1 < segments.count && t >= starts[k + 1] - 1e-9 { k += 1 }
        let segment = segments[k]
        let local = min(max(t - starts[k], 0), segment.length)
        let overlap = k > 0 ? segment.overlap : 0
        if overlap > 0 && local < overlap {
            let weight = local / overlap
            let previous = segments[k - 1]
            let previousLocal = min(t - starts[k - 1], previous.length)
            return [(k - 1, previous.start + previousLocal, 1 - weight), (k, segment.start + local, weight)]
        }
        return [(k, segment.start + local, 1)]
    }

    public static var kind: String { "a list of segments ({\"recording\": FILE, \"in\": SECONDS, \"out\": SECONDS, ...})" }

    /// The text form is the JSON form: `--segments '[{"recording": "a.mov", "in": 1, "out": 9}]'`.
    public static func parse(_ text: String) throws(ParameterProblem) -> RecordingSegments {
        try decodeJSONText(text, what: "a JSON list of segments")
    }

    /// The keys a segment takes.
    static let keys = ["recording", "in", "out", "transition", "transitionDuration", "captions"]

    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> RecordingSegments {
        guard case let .array(items) = node.kind else {
            throw ParameterProblem("expected a list of segments, found \(node.typeDescription)", typeMismatch: true)
        }
        guard !items.isEmpty else { throw ParameterProblem("list at least one segment") }
        guard items.count <= 100 else { throw ParameterProblem("\(items.count) segments: at most 100") }
        var segments: [RecordingSegment] = []
        for (index, item) in items.enumerated() {
            let at = "segment \(index + 1) (\(item.position))"
            guard case let .object(members) = item.kind else {
                throw ParameterProblem("\(at): expected an object, found \(item.typeDescription)", typeMismatch: true)
            }
            for member in members where !keys.contains(member.key) {
                if ["speed", "rate", "playbackRate", "timeScale"].contains(member.key) {
                    throw ParameterProblem("\(at): \"\(member.key)\": a segment plays at the recording's own speed (App Store Connect wants the app's real footage; a changed speed would falsify it)")
                }
                throw ParameterProblem("\(at): unknown key \"\(member.key)\"\(EditDistance.hint(for: member.key, in: keys)) (a segment takes \(keys.joined(separator: ", ")))")
            }
            func number(_ key: String) throws(ParameterProblem) -> Double? {
                guard let value = item[key] else { return nil }
                guard case let .number(n) = value.kind, n.isFinite else {
                    throw ParameterProblem("\(at): \"\(key)\" expects a number of seconds, found \(value.typeDescription)", typeMismatch: true)
                }
                guard n >= 0, n <= 86_400 else { throw ParameterProblem("\(at): \"\(key)\" \(JSONOutput.formatNumber(n)) is out of range (0 to 86400 seconds)") }
                return n
            }
            guard let recordingNode = item["recording"] else { throw ParameterProblem("\(at): \"recording\" is missing (the recording's file)") }
            guard case let .string(recording) = recordingNode.kind, !recording.isEmpty else {
                throw ParameterProblem("\(at): \"recording\" expects a file name, found \(recordingNode.typeDescription)", typeMismatch: true)
            }
            let start = try number("in") ?? 0
            guard let end = try number("out") else {
                throw ParameterProblem("\(at): \"out\" is missing: a segment says where it ends in the recording (seconds)")
            }
            guard end > start + 1e-9 else {
                throw ParameterProblem("\(at): \"out\" (\(JSONOutput.formatNumber(end))) must come after \"in\" (\(JSONOutput.formatNumber(start)))")
            }
            var transition = SegmentTransition.cut
            if let node = item["transition"] {
                guard case let .string(text) = node.kind, let parsed = SegmentTransition(rawValue: text) else {
                    throw ParameterProblem("\(at): \"transition\" is cut or crossfade")
                }
                transition = parsed
            }
            let given = try number("transitionDuration")
            if given != nil && transition != .crossfade {
                throw ParameterProblem("\(at): \"transitionDuration\" is the length of a crossfade: add \"transition\": \"crossfade\"")
            }
            let duration = transition == .crossfade ? (given ?? 0.5) : 0
            if transition == .crossfade {
                guard index > 0 else { throw ParameterProblem("\(at): the first segment has nothing to crossfade from") }
                guard duration > 0 else { throw ParameterProblem("\(at): a crossfade lasts more than 0 s") }
            }
            var captions: [CaptionSpec] = []
            if let node = item["captions"] {
                do {
                    captions = try CaptionList.decode(node).captions
                } catch {
                    throw ParameterProblem("\(at): captions: \(error.message)", typeMismatch: error.isTypeMismatch)
                }
            }
            segments.append(RecordingSegment(recording: recording, start: start, end: end, transition: transition, transitionDuration: duration,
                                             captions: captions))
        }
        // A crossfade overlaps the two segments: it fits inside both, and two crossfades
        // never overlap each other.
        for k in 1..<segments.count where segments[k].overlap > 0 {
            let overlap = segments[k].overlap
            let previousFree = segments[k - 1].length - (k >= 2 ? segments[k - 1].overlap : 0)
            guard overlap <= segments[k].length + 1e-9, overlap <= previousFree + 1e-9 else {
                throw ParameterProblem("segment \(k + 1): its \(JSONOutput.formatNumber(overlap)) s crossfade is longer than a segment it overlaps (segments \(k) and \(k + 1) last \(JSONOutput.formatNumber(segments[k - 1].length)) and \(JSONOutput.formatNumber(segments[k].length)) s)")
            }
        }
        return RecordingSegments(segments)
    }

    public var json: JSONOutput {
        .array(segments.map { segment in
            var members: [(String, JSONOutput)] = [("recording", .string(segment.recording)), ("in", .number(segment.start)), ("out", .number(segment.end)),
                                                   ("transition", .string(segment.transition.rawValue))]
            if segment.transition == .crossfade { members.append(("transitionDuration", .number(segment.transitionDuration))) }
            if !segment.captions.isEmpty { members.append(("captions", CaptionList(segment.captions).json)) }
            return .object(members)
        })
    }
}

extension RecordingSegment {
    /// How long it overlaps the segment before it.
    var overlap: Double { transition == .crossfade ? transitionDuration : 0 }
}
