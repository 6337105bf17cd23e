import Foundation
import Testing
import NotchwaveModel

/// Segments of recordings: the time line they make (closed forms written out here), the
/// crossfade's weights, and the checks of a segment list as written.
@Suite("Recording segments")
struct RecordingSegmentTests {
    static func parse(_ json: String) throws(ParameterProblem) -> RecordingSegments {
        try RecordingSegments.parse(json)
    }

    @Test("a cut follows at once; a crossfade overlaps: starts, length, and the recording time shown")
    func timeline() throws {
        let segments = try Self.parse("""
            [{"recording": "a.mov", "in": 1, "out": 9},
             {"recording": "b.mov", "in": 0, "out": 4},
             {"recording": "a.mov", "in": 20, "out": 26, "transition": "crossfade", "transitionDuration": 0.5}]
            """)
        // Starts: 0, 8 (cut), 8 + 4 - 0.5 = 11.5; length 11.5 + 6 = 17.5.
        #expect(segments.startTimes == [0, 8, 11.5])
        #expect(segments.duration == 17.5)
        // Inside the first: the recording's time is in + t.
        let early = segments.sources(at: 3)
        #expect(early.count == 1 && early[0].segment == 0 && abs(early[0].time - 4) < 1e-12 && early[0].weight == 1)
        // Right at the cut the second segment shows its "in".
        let cut = segments.sources(at: 8)
        #expect(cut.count == 1 && cut[0].segment == 1 && abs(cut[0].time - 0) < 1e-12)
        // Inside the crossfade (11.5 ... 12): both, weights linear in time, summing to 1.
        for t in stride(from: 11.5, to: 12, by: 0.1) {
            let both = segments.sources(at: t)
            #expect(both.count == 2)
            let w = (t - 11.5) / 0.5
            #expect(both[0].segment == 1 && abs(both[0].weight - (1 - w)) < 1e-9 && abs(both[0].time - (t - 8)) < 1e-9)
            #expect(both[1].segment == 2 && abs(both[1].weight - w) < 1e-9 && abs(both[1].time - (20 + t - 11.5)) < 1e-9)
        }
        let after = segments.sources(at: 12)
        #expect(after.count == 1 && after[0].segment == 2 && abs(after[0].time - 20.5) < 1e-9)
    }

    @Test("what a segment list may not say", arguments: [
        (#"[{"recording": "a.mov", "in": 1, "out": 9, "speed": 2}]"#, "own speed"),
        (#"[{"recording": "a.mov", "in": 1, "out": 9, "playbackRate": 0.5}]"#, "own speed"),
        (#"[{"recording": "a.mov", "in": 5, "out": 2}]"#, "must come after"),
        (#"[{"recording": "a.mov", "in": 1}]"#, "\"out\" is missing"),
        (#"[{"in": 1, "out": 2}]"#, "\"recording\" is missing"),
        (#"[]"#, "at least one segment"),
        (#"[{"recording": "a.mov", "out": 2, "transition": "crossfade"}]"#, "nothing to crossfade"),
        (#"[{"recording": "a.mov", "out": 2}, {"recording": "b.mov", "out": 3, "transition": "crossfade", "transitionDuration": 2.5}]"#, "longer than a segment"),
        (#"[{"recording": "a.mov", "out": 2}, {"recording": "b.mov", "out": 3, "transitionDuration": 1}]"#, "add \"transition\""),
        (#"[{"recording": "a.mov", "out": 2, "transition": "wipe"}]"#, "cut or crossfade"),
        (#"[{"recording": "a.mov", "out": 2, "captions": [{"start": 1}]}]"#, "give \"text\""),
    ])
    func refused(json: String, words: String) {
        do throws(ParameterProblem) {
            _ = try Self.parse(json)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("a segment's captions move to where it plays and end with it")
    func segmentCaptions() throws {
        let caption = CaptionSpec(text: "x", start: 0.5, end: nil)
        let moved = caption.shifted(by: 8, endingBy: 12)
        #expect(moved.start == 8.5 && moved.end == 12)
    }

    @Test("a caption's opacity: 0 outside its range, linear fades of `fade` seconds inside")
    func captionOpacity() {
        var caption = CaptionSpec(text: "x", start: 1, end: 3)
        caption.fade = 0.5
        let expected: [(Double, Double)] = [(0.99, 0), (1, 0), (1.25, 0.5), (1.5, 1), (2, 1), (2.75, 0.5), (3, 0), (3.5, 0)]
        for (t, value) in expected {
            #expect(abs(caption.opacity(at: t, clipEnd: 10) - value) < 1e-9, "t \(t)")
        }
        // Without an end it lasts to the clip's end.
        let open = CaptionSpec(text: "x", start: 1, end: nil)
        #expect(open.opacity(at: 9.9, clipEnd: 10) > 0 && open.opacity(at: 10, clipEnd: 10) == 0)
    }
}
