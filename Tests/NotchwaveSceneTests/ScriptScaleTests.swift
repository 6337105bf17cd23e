import Foundation
import Testing
import NotchwaveModel
import NotchwaveScene
import TestSupport

/// Long scripts: resolving a time line is O(n log n) in its events (a heap of pending
/// actions, segments found by bisection), and a script has at most `maximumScriptEvents`.
@Suite("Scripts at scale: the event limit, and time lines that stay fast")
struct ScriptScaleTests {
    static func taps(_ count: Int) -> String {
        "{\"events\": [" + (0..<count).map { "{\"tap\": \"\($0 % 2 == 0 ? "left" : "right")\", \"at\": \(Double($0) * 0.01)}" }
            .joined(separator: ",") + "]}"
    }

    @Test("a script of more than maximumScriptEvents events is one error naming the count and the limit")
    func limit() throws {
        #expect(maximumScriptEvents == 100_000)
        #expect { try InteractionScript.decode(Self.taps(maximumScriptEvents + 1), file: "big.json") } throws: { error in
            "\(error)".hasPrefix("big.json: $.events: 100001 events; a script holds at most 100000")
        }
        #expect { try PopupScript.decode(Self.taps(maximumScriptEvents + 1), file: "big.json") } throws: { error in
            "\(error)".contains("100001 events; a script holds at most 100000")
        }
    }

    @Test("the largest LiquidSwipe and popup scripts resolve and evaluate (the earlier queue scan took O(n²): hours at this size)")
    func largest() throws {
        let script = try InteractionScript.decode(Self.taps(maximumScriptEvents), file: "taps.json")
        let scene = LiquidSwipeScene(options: LiquidSwipeOptions(), script: script, width: 375, height: 812, scale: 1)
        // Tap k (at k / 100 s) starts a swipe; every tap after the first 0.3 s changes the
        // page 0.3 s later, left taps back and right taps forward: 1,000 s in, taps 0 ...
        // 99,969 have changed pages, half each way, so the page is back where it started
        // give or take the last one.
        let state = scene.state(at: 1000)
        #expect((0..<5).contains(state.page))
        let shows = "{\"events\": [" + (0..<maximumScriptEvents).map { "{\"\($0 % 2 == 0 ? "show" : "hide")\": true, \"at\": \(Double($0) * 0.5)}" }
            .joined(separator: ",") + "]}"
        let popup = try PopupScript.decode(shows, file: "shows.json")
        let line = PopupTimeline(script: popup, options: PopupOptions())
        // Even events show, odd ones hide: 0.2 s after show k = 10,000 (at 5,000 s) it is shown.
        #expect(line.state(at: 5_000.2).isPresented && !line.state(at: 5_000.7).isPresented)
    }
}
