import Foundation
import Testing
import NotchwaveModel
import NotchwaveScene
import NotchwaveTimeline

@Suite("LiquidSwipe's scripted time line (spec 3.6)")
struct LiquidSwipeTimelineTests {
    static let width = 375.0
    static let resting = LiquidSwipeState(page: 0, left: SliderState(progress: 0, centerY: 100), right: SliderState(progress: 0, centerY: 300),
                                          top: .right, sliderOffset: 0)

    func timeline(_ events: [InteractionEvent], _ animations: LiquidSwipeAnimations = .head, pages: Int = 5) -> LiquidSwipeTimeline {
        LiquidSwipeTimeline(script: InteractionScript(events: events), animations: animations, width: Self.width, pageCount: pages, initial: Self.resting)
    }

    @Test("during a drag the progress is clamp(sign · dx · 0.45 / W, 0, 1) and the centre follows the finger")
    func drag() {
        // The left slider dragged right by 200 pt over 1 s, the finger drifting down 50 pt.
        let path = [FingerSample(t: 0, x: 5, y: 120), FingerSample(t: 1, x: 205, y: 170)]
        let line = timeline([.drag(side: .left, start: 2, path: path)])
        // The finger is 10 pt from touch-down after 10 / √(200² + 50²) s.
        let travel: Double = (200.0 * 200 + 50 * 50).squareRoot()
        let begin: Double = 2 + 10 / travel
        #expect(line.state(at: begin - 0.001).left.progress == 0 && line.state(at: begin - 0.001).top == .right)
        for t in [0.2, 0.5, 0.9] {
            let s = line.state(at: 2 + t)
            #expect(abs(s.left.progress - 200 * t * 0.45 / Self.width) < 1e-12)
            #expect(abs(s.left.centerY - (120 + 50 * t)) < 1e-9)
            #expect(s.top == .left && s.right == Self.resting.right)
        }
    }

    @Test("a release below 0.15 springs back with dampingFraction 0.5 (head) or .spring() (article)")
    func cancel() {
        let path = [FingerSample(t: 0, x: 370, y: 300), FingerSample(t: 0.5, x: 270, y: 310)]   // dx = −100: p = 0.12
        for (animations, spring) in [(LiquidSwipeAnimations.head, Spring(response: 0.55, dampingFraction: 0.5)),
                                     (.article, Spring(response: 0.55, dampingFraction: 0.825))] {
            let line = timeline([.drag(side: .right, start: 1, path: path)], animations)
            let released = 100 * 0.45 / Self.width
            #expect(abs(line.state(at: 1.5).right.progress - released) < 1e-9)
            for t in [0.05, 0.2, 0.4, 1.0] {
                let expected = spring.value(at: t, from: released, to: 0)
                #expect(abs(line.state(at: 1.5 + t).right.progress - expected) < 1e-12)
            }
            #expect(line.state(at: 3).right.centerY == 310)
            #expect(line.state(at: 5).page == 0)
        }
    }

    @Test("a tap swipes with Animation.default: eased progress 0.959 at 0.3 s, then the page changes and the sliders spring back in")
    func tapSwipe() {
        let line = timeline([.tap(side: .right, time: 1)])
        let before = line.state(at: 1.3 - 1e-9)
        #expect(abs(before.right.progress - CubicBezierEasing.easeInOut(0.3 / 0.35)) < 1e-6)
        #expect(abs(before.right.progress - 0.959) < 0.0005)
        #expect(before.page == 0 && before.top == .right)
        let after = line.state(at: 1.3)
        #expect(after.page == 1 && after.left.progress == 0 && after.right.progress == 0 && after.sliderOffset == 100)
        let reentry = Spring(response: 0.55, dampingFraction: 0.5)
        for t in [0.1, 0.3, 0.8] {
            #expect(abs(line.state(at: 1.3 + t).sliderOffset - reentry.value(at: t, from: 100, to: 0)) < 1e-12)
        }
        #expect(abs(line.state(at: 4).sliderOffset) < 0.01)
    }

    @Test("a release at 0.15 or more swipes from where the finger left it")
    func releaseSwipes() {
        let path = [FingerSample(t: 0, x: 370, y: 300), FingerSample(t: 0.6, x: 170, y: 300)]   // dx = −200: p = 0.24
        let line = timeline([.drag(side: .right, start: 0, path: path)])
        let released = 200 * 0.45 / Self.width
        let expected = released + (1 - released) * CubicBezierEasing.easeInOut(0.2 / 0.35)
        #expect(abs(line.state(at: 0.8).right.progress - expected) < 1e-9)
        #expect(line.state(at: 0.9).page == 1)
    }

    @Test("pages wrap both ways; a drag that never moves 10 pt does nothing")
    func wrapping() {
        var events: [InteractionEvent] = (0..<7).map { .tap(side: .right, time: Double($0)) }
        events.append(.tap(side: .left, time: 8))
        events.append(.tap(side: .left, time: 9))
        events.append(.tap(side: .left, time: 10))
        events.append(.drag(side: .right, start: 12, path: [FingerSample(t: 0, x: 370, y: 300), FingerSample(t: 1, x: 362, y: 305)]))
        let line = timeline(events, pages: 5)
        #expect(line.state(at: 7.5).page == 7 % 5)
        #expect(line.state(at: 10.5).page == (7 - 3) % 5)
        #expect(line.state(at: 12.5) == line.state(at: 11.9).with(sliderOffset: line.state(at: 12.5).sliderOffset))
        // Pure: evaluating in any order gives the same states.
        let times = stride(from: 0.0, to: 14, by: 0.37).map { $0 }
        #expect(times.map { line.state(at: $0) } == times.reversed().map { line.state(at: $0) }.reversed())
    }

    @Test("scripts decode from JSON with comments, and bad ones are one error naming the JSON path")
    func scripts() throws {
        let text = """
        // a drag, then a tap
        {"events": [
          {"tap": "left", "at": 3},
          {"drag": "right", "at": 0.5, "path": [[0, 360, 300], [0.25, 300, 310]]}
        ]}
        """
        let script = try InteractionScript.decode(text, file: "s.json")
        #expect(script.events == [.drag(side: .right, start: 0.5, path: [FingerSample(t: 0, x: 360, y: 300), FingerSample(t: 0.25, x: 300, y: 310)]),
                                  .tap(side: .left, time: 3)])
        let bad: [(String, String)] = [
            (#"{"events": [{"tap": "up", "at": 1}]}"#, "$.events[0].tap"),
            (#"{"events": [{"tap": "left", "at": -1}]}"#, "$.events[0].at"),
            (#"{"events": [{"drag": "left", "at": 1, "path": [[0, 1, 2], [-1, 3, 4]]}]}"#, "$.events[0].path[1]"),
            (#"{"events": [{"drag": "left", "at": 1, "path": [[0, 1]]}]}"#, "$.events[0].path[0]"),
            (#"{"events": [{"tap": "left", "at": 1, "speed": 2}]}"#, "$.events[0].speed"),
            (#"{"events": [{"swipe": "left"}]}"#, "$.events[0]"),
            (#"{"events": [{"tap": "left", "at": 1e300}]}"#, "$.events[0].at"),
        ]
        for (json, path) in bad {
            #expect(throws: ConfigurationError.self) { try InteractionScript.decode(json, file: "s.json") }
            do { _ = try InteractionScript.decode(json, file: "s.json") } catch let error as ConfigurationError {
                #expect(error.path == path, "\(json): \(error)")
            }
        }
    }
}

extension LiquidSwipeState {
    func with(sliderOffset: Double) -> LiquidSwipeState {
        var copy = self
        copy.sliderOffset = sliderOffset
        return copy
    }
}

@Suite("LiquidSwipe example scripts")
struct LiquidSwipeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("the examples decode and do what their comments say")
    func examples() throws {
        let initial = LiquidSwipeTimelineTests.resting
        func line(_ name: String) throws -> LiquidSwipeTimeline {
            let script = try InteractionScript.load(path: Self.root + "/examples/" + name)
            return LiquidSwipeTimeline(script: script, animations: .head, width: 375, pageCount: 5, initial: initial)
        }
        let cancel = try line("liquid-swipe-cancel.json")
        #expect(cancel.state(at: 0.9).right.progress > 0.1 && cancel.state(at: 4).page == 0 && abs(cancel.state(at: 4).right.progress) < 0.001)
        let swipe = try line("liquid-swipe-swipe.json")
        #expect(swipe.state(at: 1.0).page == 0 && swipe.state(at: 1.4).page == 1)
        let tap = try line("liquid-swipe-tap.json")
        #expect(tap.state(at: 0.95).page == 4 && tap.state(at: 0.95).top == .left)
        let tour = try line("liquid-swipe-tour.json")
        #expect(tour.state(at: 5).page == 4 && tour.state(at: 6.3).page == 0 && tour.state(at: 8.5).page == 0 && tour.state(at: 9.5).page == 4)
    }
}
