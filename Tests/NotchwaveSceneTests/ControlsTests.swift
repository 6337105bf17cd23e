import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveTimeline

private let fonts: ControlFonts? = try? ControlFonts.standard()

/// The controls scene of `pairs` on a 375 x 667 pt screen at 2x, with `script`.
private func scene(_ pairs: [(String, String)], script: ControlsScript? = nil, appearance: Appearance = .light) throws -> ControlsScene {
    let options = try Controls.options(pairs.map { (key: $0.0, value: $0.1) })
    let f = try #require(fonts)
    return ControlsScene(options: options, script: script, screen: ScreenCanvas(width: 375, height: 667, scale: 2), appearance: appearance, fonts: f)
}

/// The scene's frame at `time`.
private func render(_ scene: ControlsScene, at time: Double = 0) throws -> Canvas {
    let canvas = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
    try Rasterizer().render(scene.composition(at: time), into: canvas, rows: 0..<canvas.height)
    return canvas
}

@Suite("Controls: press-and-hold and the time line")
struct ControlsTimelineTests {
    @Test("the hold repeat: a step at once, one at 0.5 s, then one every 0.1 s")
    func holdSchedule() {
        let expected: [(Double, Int)] = [(-0.01, 0), (0, 1), (0.49, 1), (0.51, 2), (0.59, 2), (0.61, 3), (0.69, 3), (0.71, 4), (1.05, 7)]
        for (t, n) in expected { #expect(HoldRepeat.steps(after: t) == n, "at \(t) s") }
        // A hold released after 1.55 s steps at 0, 0.5, 0.6, ..., 1.5: twelve times.
        #expect(HoldRepeat.steps(after: 60, length: 1.55) == 12)
        // One due at the release itself does not count: released at 1.0, the steps are at
        // 0, 0.5, 0.6, 0.7, 0.8 and 0.9.
        #expect(HoldRepeat.steps(after: 60, length: 1.0) == 6)
        #expect(HoldRepeat.steps(after: 0.75, length: 1.0) == 4)
    }

    static func context(valueIsCount: Bool, repeats: Bool = false) -> ControlsTimeline.Context {
        ControlsTimeline.Context(lower: 0, upper: 1, dragWidths: [.thumb: 200, .lowerThumb: 300, .upperThumb: 300],
                                 initial: [.thumb: 0.2, .value: 5, .lowerThumb: 0.25, .upperThumb: 0.75, .item(2): 2],
                                 repeatsOnHold: repeats, valueIsCount: valueIsCount)
    }

    @Test("a held vertical stepper counts as the schedule says; a tap steps once at touch-down")
    func heldStepper() {
        // Held 1.05 s: steps at 0, 0.5, 0.6, ..., 1.0 after the press, seven in all.
        let script = ControlsScript(events: [.hold(.increment, time: 1.0, until: 2.05), .tap(.decrement, time: 3.0)])
        let timeline = ControlsTimeline(script: script, context: Self.context(valueIsCount: true, repeats: true))
        for (t, v) in [(0.99, 5.0), (1.0, 6), (1.49, 6), (1.51, 7), (1.59, 7), (1.61, 8), (2.2, 12), (3.0, 11)] {
            #expect(timeline.value(.value, at: t) == v, "at \(t) s")
        }
        // A press repeats as a hold does; a set in the middle of it replaces the count,
        // and the steps after it add to the set value.
        let pressed = ControlsTimeline(script: ControlsScript(events: [.press(.increment, time: 0, until: 1.05), .set(.value, time: 0.55, value: 40)]),
                                       context: Self.context(valueIsCount: true, repeats: true))
        #expect(pressed.value(.value, at: 0.52) == 7 && pressed.value(.value, at: 0.56) == 40 && pressed.value(.value, at: 2) == 45)
        // A hold of a million seconds costs nothing to describe.
        let long = ControlsTimeline(script: ControlsScript(events: [.hold(.increment, time: 0, until: 1e6)]),
                                    context: Self.context(valueIsCount: true, repeats: true))
        #expect(long.value(.value, at: 1e6) == 5 + 2 + Double(Int((1e6 - 1e-6 - 0.5) / 0.1 + 1e-9)))
        #expect(timeline.isPressed(.increment, at: 1.5) && !timeline.isPressed(.increment, at: 2.05))
    }

    @Test("a capsule stepper's or cart item's button steps when the finger lifts, unclamped")
    func buttonSteps() {
        let script = ControlsScript(events: [.tap(.increment, time: 1.0), .press(.decrement, time: 2.0, until: 2.5),
                                             .tap(.itemIncrement(2), time: 1.0), .set(.item(2), time: 4, value: 9)])
        let timeline = ControlsTimeline(script: script, context: Self.context(valueIsCount: true))
        #expect(timeline.value(.value, at: 1.05) == 5 && timeline.value(.value, at: 1.1) == 6)
        #expect(timeline.value(.value, at: 2.4) == 6 && timeline.value(.value, at: 2.5) == 5)
        #expect(timeline.value(.item(2), at: 1.1) == 3 && timeline.value(.item(2), at: 4) == 9)
        #expect(timeline.isPressed(.itemIncrement(2), at: 1.05))
    }

    @Test("a drag moves the value by dx / width · range from its value at touch-down, clamped; set animates with easeInOut 0.35 s")
    func dragAndSet() {
        let script = ControlsScript(events: [.drag(.thumb, time: 1, path: [(0, 0), (0.5, 100), (1.0, 400)]), .set(.value, time: 3, value: 0)])
        let timeline = ControlsTimeline(script: script, context: Self.context(valueIsCount: false))
        #expect(abs(timeline.value(.thumb, at: 1.25) - (0.2 + 50.0 / 200)) < 1e-12)
        #expect(abs(timeline.value(.thumb, at: 1.5) - 0.7) < 1e-12)
        #expect(timeline.value(.thumb, at: 2) == 1)  // 0.2 + 2, clamped
        // Half way through the 0.35 s easeInOut from 1 to 0: easeInOut(0.5) = 0.5.
        #expect(abs(timeline.value(.thumb, at: 3.175) - 0.5) < 1e-9)
        #expect(timeline.value(.thumb, at: 3.4) == 0)
    }

    @Test("a range slider's thumbs stop at each other")
    func rangeThumbs() {
        let script = ControlsScript(events: [.drag(.lowerThumb, time: 0, path: [(0, 0), (1, 600)]), .drag(.upperThumb, time: 2, path: [(0, 0), (1, -600)])])
        let timeline = ControlsTimeline(script: script, context: Self.context(valueIsCount: false))
        #expect(timeline.value(.lowerThumb, at: 1) == 0.75)
        #expect(timeline.value(.upperThumb, at: 3) == 0.75)
        // A tenth of the way (60 pt of 600): 0.25 + 60 / 300.
        #expect(abs(timeline.value(.lowerThumb, at: 0.1) - 0.45) < 1e-12)
    }

    @Test("scripts: every event kind read; bad targets, releases before presses and malformed paths refused with their place")
    func scripts() throws {
        let script = try ControlsScript.decode("""
            {"events": [{"tap": "button", "at": 0.5}, {"press": "button", "at": 1, "until": 1.4}, {"hold": "increment", "at": 1, "until": 2.05},
                        {"drag": "thumb", "at": 2, "path": [[0, 0], [0.5, 80]]}, {"set": "item 3", "value": 4, "at": 3},
                        {"tap": "item 2 decrement", "at": 4}]}
            """, file: "s.json")
        #expect(script.events.count == 6)
        #expect(script.events.contains(.tap(.itemDecrement(2), time: 4)))
        for (text, words) in [
            (#"{"events": [{"tap": "knob", "at": 1}]}"#, "unknown target \"knob\""),
            (#"{"events": [{"press": "button", "at": 2, "until": 1}]}"#, "before the press"),
            (#"{"events": [{"drag": "thumb", "at": 2, "path": [[0, 1, 2]]}]}"#, "expected [t, dx]"),
            (#"{"events": [{"tap": "button", "hold": "increment", "at": 2}]}"#, "one event per object"),
            (#"{"events": [{"tap": "item 9 increment", "at": 2}]}"#, "unknown target"),
        ] {
            do {
                _ = try ControlsScript.decode(text, file: "bad.json")
                Issue.record("accepted \(text)")
            } catch {
                #expect("\(error)".contains(words) && "\(error)".contains("bad.json"), "\(error)")
            }
        }
    }
}

@Suite("Controls: pictures measured")
struct ControlsPictureTests {
    /// The run of non-white columns around the screen's centre on row `y`: the track.
    func track(_ canvas: Canvas, y: Int) -> Range<Int> {
        func white(_ x: Int) -> Bool { let p = canvas.pixel(x: x, y: y); return p.r == 255 && p.g == 255 && p.b == 255 }
        var a = canvas.width / 2, b = canvas.width / 2
        while a > 0 && !white(a - 1) { a -= 1 }
        while b < canvas.width && !white(b) { b += 1 }
        return a..<b
    }

    @Test("the custom slider's fill is rel · the track's width, for values across the bounds")
    func sliderFill() throws {
        for (value, bounds) in [(0.0, "0...1"), (0.2, "0...1"), (0.5, "0...1"), (0.83, "0...1"), (1.0, "0...1"), (30.0, "-10...90")] {
            let s = try scene([("component", "slider"), ("value", "\(value)"), ("bounds", bounds)])
            let canvas = try render(s)
            let frame = try #require(s.frames.first)
            let y = Int((frame.y0 + frame.y1) / 2 * 2)
            let columns = track(canvas, y: y)
            // Orange (255, 149, 0) over the material (about 245 grey): blue falls from 245 to 0.
            let fill = columns.reduce(0.0) { $0 + min(max((245 - Double(canvas.pixel(x: $1, y: y).b)) / 245, 0), 1) }
            let parts = bounds.components(separatedBy: "...").compactMap(Double.init)
            let rel = (value - parts[0]) / (parts[1] - parts[0])
            #expect(abs(fill - rel * Double(columns.count)) <= 1.5, "value \(value): fill \(fill) px of \(columns.count)")
        }
    }

    @Test("the range slider's tint between the thumbs grows in proportion to the range")
    func rangeFill() throws {
        func blue(_ range: String) throws -> Double {
            let s = try scene([("component", "range-slider"), ("value", range)])
            let canvas = try render(s)
            let frame = try #require(s.frames.first)
            let y = Int((frame.y0 + frame.y1) / 2 * 2)
            // systemBlue (0, 122, 255): red falls from the thumb's and track's light greys to 0.
            return (0..<canvas.width).reduce(0.0) { $0 + (canvas.pixel(x: $1, y: y).r < 60 ? 1 : 0) }
        }
        let a = try blue("0.1...0.9"), b = try blue("0.3...0.7"), c = try blue("0...1"), d = try blue("0.5...1")
        // (0.8 − 0.4) / (1 − 0.5) of the same travel.
        #expect(abs((a - b) / (c - d) - 0.8) < 0.02, "\(a) \(b) \(c) \(d)")
    }

    /// The colour on the custom button's stroke, at the middle of its top edge.
    func strokeColor(_ pairs: [(String, String)], script: ControlsScript? = nil, at time: Double = 0) throws -> PremultipliedRGBA8 {
        let s = try scene([("component", "button")] + pairs, script: script)
        let canvas = try render(s, at: time)
        let frame = try #require(s.frames.first)
        return canvas.pixel(x: canvas.width / 2, y: Int(frame.y0 * 2))
    }

    @Test("the button's looks: yellow; pressed at half opacity over white; disabled grey at 200 − 51; destructive red; a tint")
    func buttonLooks() throws {
        #expect(try strokeColor([]) == PremultipliedRGBA8(r: 255, g: 204, b: 0, a: 255))
        // Yellow at alpha 128 over white: 128 + 127 = 255; 102 + 127 = 229; 0 + 127 = 127.
        #expect(try strokeColor([("pressed", "true")]) == PremultipliedRGBA8(r: 255, g: 229, b: 127, a: 255))
        #expect(try strokeColor([("disabled", "true")]) == PremultipliedRGBA8(r: 149, g: 149, b: 149, a: 255))
        #expect(try strokeColor([("role", "destructive")]) == PremultipliedRGBA8(r: 255, g: 59, b: 48, a: 255))
        #expect(try strokeColor([("tint", "#123456")]) == PremultipliedRGBA8(r: 0x12, g: 0x34, b: 0x56, a: 255))
        // A tap holds the look for 0.1 s; a disabled button ignores it.
        let tap = ControlsScript(events: [.tap(.button, time: 1)])
        #expect(try strokeColor([], script: tap, at: 1.05) == PremultipliedRGBA8(r: 255, g: 229, b: 127, a: 255))
        #expect(try strokeColor([], script: tap, at: 1.1) == PremultipliedRGBA8(r: 255, g: 204, b: 0, a: 255))
        #expect(try strokeColor([("disabled", "true")], script: tap, at: 1.05) == PremultipliedRGBA8(r: 149, g: 149, b: 149, a: 255))
    }

    @Test("the system slider's thumb moves in proportion to the value and stays inside the track")
    func thumbPositions() throws {
        // Dark: the white thumb is the only white on the row through its centre.
        func centre(_ value: Double) throws -> (Double, Int) {
            let s = try scene([("component", "slider"), ("style", "system"), ("value", "\(value)")], appearance: .dark)
            let canvas = try render(s)
            let frame = try #require(s.frames.first)
            let y = Int((frame.y0 + frame.y1) / 2 * 2)
            var sum = 0.0, weight = 0.0
            for x in 0..<canvas.width {
                let w = Double(canvas.pixel(x: x, y: y).g) > 250 ? 1.0 : 0
                sum += w * Double(x); weight += w
            }
            return (sum / weight + 0.5, Int(frame.x0 * 2))
        }
        let (a, left) = try centre(0), (b, _) = try centre(0.5), (c, _) = try centre(1)
        #expect(abs((b - a) - (c - b)) < 1, "\(a) \(b) \(c)")
        // At 0 the thumb's left edge meets the track's start: its centre is 13.5 pt in.
        #expect(abs(a - Double(left) - 27) < 1.5, "\(a) against \(left)")
    }

    @Test("the capsule stepper's capsule is the font's line height plus twice the padding: 18 + 8, 21 + 12, 22 + 16 pt")
    func capsuleHeights() throws {
        for (size, points) in [("mini", 26), ("small", 33), ("regular", 38)] {
            let s = try scene([("component", "capsule-stepper"), ("control-size", size)])
            let canvas = try render(s)
            // The tallest run of tint (systemBlue: red under 60, blue over 200) in any column.
            var tallest = 0
            for x in canvas.width / 2..<canvas.width {
                var run = 0
                for y in 0..<canvas.height {
                    let p = canvas.pixel(x: x, y: y)
                    run += p.r < 60 && p.b > 200 ? 1 : 0
                }
                tallest = max(tallest, run)
            }
            #expect(abs(tallest - points * 2) <= 2, "\(size): \(tallest) px")
        }
    }

    @Test("a disabled custom slider's fill is the source's grey at half opacity over the material, not filtered again")
    func disabledFill() throws {
        let s = try scene([("component", "slider"), ("disabled", "true"), ("value", "0.5")])
        let canvas = try render(s)
        let frame = try #require(s.frames.first)
        let y = Int((frame.y0 + frame.y1) / 2 * 2)
        let columns = track(canvas, y: y)
        let fill = canvas.pixel(x: columns.lowerBound + columns.count / 4, y: y), bare = canvas.pixel(x: columns.upperBound - columns.count / 4, y: y)
        // (142, 142, 147) at alpha 128 over the material: round(c · 128 / 255) + round(m · 127 / 255).
        for (got, c, m) in [(fill.r, 142.0, Double(bare.r)), (fill.b, 147.0, Double(bare.b))] {
            #expect(abs(Double(got) - ((c * 128 / 255).rounded() + (m * 127 / 255).rounded())) <= 1, "\(fill) over \(bare)")
        }
    }

    @Test("the dark appearance: black background, white labels")
    func dark() throws {
        let s = try scene([("component", "capsule-stepper")], appearance: .dark)
        let canvas = try render(s)
        #expect(canvas.pixel(x: 2, y: 2) == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        let frame = try #require(s.frames.first)
        let y = Int((frame.y0 + frame.y1) / 2 * 2)
        // The label ("Quantity") at the left: some of its pixels are white.
        #expect((0..<200).contains { canvas.pixel(x: $0, y: y - 4) == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) })
    }

    @Test("a scripted frame is a pure function of time: the same composition at the same time, whatever was drawn before")
    func pure() throws {
        let script = ControlsScript(events: [.hold(.increment, time: 0.2, until: 1.3)])
        let s = try scene([("component", "vertical-stepper")], script: script)
        let late = s.composition(at: 1.0)
        _ = s.composition(at: 0.3)
        #expect(s.composition(at: 1.0) == late && s.composition(at: 0.1) != late)
    }

    @Test("options that do not fit together are refused")
    func refused() {
        for pairs in [[("component", "slider"), ("style", "full-width")], [("component", "slider"), ("value", "2")],
                      [("component", "capsule-stepper"), ("value", "1.5")], [("component", "range-slider"), ("value", "0.5")],
                      [("component", "cart"), ("value", "3")], [("bounds", "3...1")]] {
            #expect(throws: (any Error).self, "\(pairs)") { try Controls.options(pairs.map { (key: $0.0, value: $0.1) }) }
        }
    }
}
