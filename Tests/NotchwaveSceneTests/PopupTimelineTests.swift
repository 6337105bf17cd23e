import Foundation
import Testing
import NotchwaveModel
import NotchwaveScene
import NotchwaveTimeline
import TestSupport

@Suite("PopupView's scripted time line (spec 4.1, 4.2)")
struct PopupTimelineTests {
    /// Options set field by field (the scene module reads `key=value` options; the time
    /// line only sees the resulting settings).
    static func options(_ pairs: [(String, String)] = []) throws -> PopupOptions {
        var o = PopupOptions()
        for (key, value) in pairs {
            switch (key, value) {
            case ("autohide", _): o.autohide = try #require(Double(value))
            case ("state", "shown"): o.state = .shown
            case ("state", _) where value.hasPrefix("showing:"): o.state = .showing(try #require(Double(value.dropFirst(8))))
            case ("state", _) where value.hasPrefix("hiding:"): o.state = .hiding(try #require(Double(value.dropFirst(7))))
            case ("drag-to-dismiss", _): o.dragToDismiss = value == "true"
            case ("close-on-tap-outside", _): o.closeOnTapOutside = value == "true"
            case ("close-on-tap", _): o.closeOnTap = value == "true"
            case ("position", _): o.position = try #require(PopupPosition(rawValue: value))
            case ("type", _): o.type = try #require(PopupKind(rawValue: value))
            case ("background", "#00000066"): o.background = OptionColor(Color(rgb: 0, alpha: 0x66))
            default: Issue.record("no test setting for \(key)=\(value)")
            }
        }
        return o
    }

    func line(_ events: [PopupEvent], _ pairs: [(String, String)] = []) throws -> PopupTimeline {
        PopupTimeline(script: PopupScript(events: events), options: try Self.options(pairs))
    }

    @Test("the still poses apply easeOut: the spec's table and a bisection of the Bézier agree")
    func poses() {
        // Spec 0.3's easeOut column.
        for (x, y) in [(0.1, 0.1606), (0.2, 0.3084), (0.3, 0.4452), (0.5, 0.6846), (0.8, 0.9377), (0.9, 0.9830)] {
            #expect(abs(PopupState(.showing(x)).presence - y) < 5e-5)
        }
        for f in stride(from: 0.0, through: 1.0, by: 0.05) {
            let e = ReferenceEasing.easeOut(f)
            #expect(abs(PopupState(.showing(f)).presence - e) < 1e-9 && abs(PopupState(.showing(f)).background - e) < 1e-9)
            #expect(abs(PopupState(.hiding(f)).presence - (1 - e)) < 1e-9 && PopupState(.hiding(f)).drag == 0)
        }
        #expect(PopupState(.shown) == PopupState(presence: 1, background: 1, isPresented: true))
        #expect(PopupState(.hidden) == PopupState(presence: 0, background: 0, isPresented: false))
        #expect(PopupState(.showing(0.3)).isPresented && !PopupState(.hiding(0.3)).isPresented)
    }

    @Test("show and hide: easeOut over 0.3 s each way, the background with them")
    func showHide() throws {
        let l = try line([.show(time: 1, autohide: nil), .hide(time: 3)])
        #expect(l.state(at: 0.99) == PopupState(.hidden))
        for f in [0.0, 0.1, 0.5, 0.9] {
            let s = l.state(at: 1 + 0.3 * f)
            #expect(abs(s.presence - ReferenceEasing.easeOut(f)) < 1e-9 && abs(s.background - s.presence) < 1e-12 && s.isPresented)
            let h = l.state(at: 3 + 0.3 * f)
            #expect(abs(h.presence - (1 - ReferenceEasing.easeOut(f))) < 1e-9 && !h.isPresented)
        }
        #expect(l.state(at: 2) == PopupState(.shown) && l.state(at: 3.3) == PopupState(.hidden))
    }

    @Test("a hide during the show starts from where the popup is")
    func interrupted() throws {
        let l = try line([.show(time: 1, autohide: nil), .hide(time: 1.1)])
        let from = ReferenceEasing.easeOut(0.1 / 0.3)
        #expect(abs(l.state(at: 1.1).presence - from) < 1e-9)
        #expect(abs(l.state(at: 1.25).presence - from * (1 - ReferenceEasing.easeOut(0.5))) < 1e-9)
        #expect(l.state(at: 1.4).presence == 0)
    }

    @Test("taps: inside dismisses (closeOnTap), outside only with close-on-tap-outside")
    func taps() throws {
        let events: [PopupEvent] = [.show(time: 0, autohide: nil), .tapOutside(time: 1), .tapInside(time: 2)]
        let plain = try line(events)
        #expect(plain.state(at: 1.5) == PopupState(.shown) && plain.state(at: 2.5) == PopupState(.hidden))
        let outside = try line(events, [("close-on-tap-outside", "true")])
        #expect(outside.state(at: 1.5) == PopupState(.hidden))
        let noTap = try line(events, [("close-on-tap", "false")])
        #expect(noTap.state(at: 2.5) == PopupState(.shown))
    }

    @Test("autohide: each show dismisses itself after the delay; a show re-arms it; a script value overrides the option")
    func autohide() throws {
        let l = try line([.show(time: 0.5, autohide: nil)], [("autohide", "2")])
        #expect(l.state(at: 2.49).isPresented && !l.state(at: 2.5).isPresented && l.state(at: 2.8) == PopupState(.hidden))
        // Shown at 0, hidden by hand at 1, shown again at 1.5: the first timer (at 2) is void.
        let again = try line([.show(time: 0, autohide: nil), .hide(time: 1), .show(time: 1.5, autohide: nil)], [("autohide", "2")])
        #expect(again.state(at: 3).isPresented && !again.state(at: 3.5).isPresented)
        let own = try line([.show(time: 0, autohide: 0.7)], [("autohide", "2")])
        #expect(!own.state(at: 0.7).isPresented)
        // An initially shown popup counts from time 0.
        let initial = PopupTimeline(script: PopupScript(events: []), options: try Self.options([("state", "shown"), ("autohide", "1")]))
        #expect(initial.state(at: 0.99) == PopupState(.shown) && initial.state(at: 1.3) == PopupState(.hidden))
    }

    @Test("an initial showing:F or hiding:F continues its animation from that fraction")
    func continuing() throws {
        let l = PopupTimeline(script: PopupScript(events: []), options: try Self.options([("state", "showing:0.4")]))
        #expect(abs(l.state(at: 0).presence - ReferenceEasing.easeOut(0.4)) < 1e-9)
        #expect(abs(l.state(at: 0.06).presence - ReferenceEasing.easeOut(0.6)) < 1e-9 && l.state(at: 0.2) == PopupState(.shown))
        let h = PopupTimeline(script: PopupScript(events: []), options: try Self.options([("state", "hiding:0.5")]))
        #expect(abs(h.state(at: 0).presence - (1 - ReferenceEasing.easeOut(0.5))) < 1e-9 && h.state(at: 0.2) == PopupState(.hidden))
    }

    @Test("drag to dismiss: follows the finger in the dismiss direction after 10 pt; beyond height/3 it dismisses, short of it returns")
    func drag() throws {
        // Bottom popup (height 100): drag down 60 pt over 0.6 s → 60 > 33.3 → dismiss.
        let down = [FingerSample(t: 0, x: 187, y: 300), FingerSample(t: 0.6, x: 187, y: 360)]
        let l = try line([.show(time: 0, autohide: nil), .drag(start: 1, path: down)])
        #expect(l.state(at: 1.05).drag == 0)                      // 5 pt: not yet a drag
        #expect(abs(l.state(at: 1.3).drag - 30) < 1e-9)           // 10 pt reached at 0.1 s: follows from touch-down
        #expect(l.state(at: 1.3).presence == 1 && l.state(at: 1.3).background == 1)
        #expect(abs(l.state(at: 1.6).drag - 60) < 1e-9 && !l.state(at: 1.6).isPresented)
        // After release the dragged popup and the background leave with easeOut 0.3 s.
        let e = ReferenceEasing.easeOut(0.5)
        #expect(abs(l.state(at: 1.75).drag - 60 * (1 - e)) < 1e-9 && abs(l.state(at: 1.75).presence - (1 - e)) < 1e-9)
        #expect(l.state(at: 2) == PopupState(.hidden))

        // 30 pt < 33.3: returns with Animation.default (easeInOut 0.35 s), stays presented.
        let short = [FingerSample(t: 0, x: 187, y: 300), FingerSample(t: 0.3, x: 187, y: 330)]
        let s = try line([.show(time: 0, autohide: nil), .drag(start: 1, path: short)])
        #expect(abs(s.state(at: 1.3).drag - 30) < 1e-9)
        #expect(abs(s.state(at: 1.3 + 0.175).drag - 30 * (1 - CubicBezierEasing.easeInOut(0.5))) < 1e-9)
        #expect(s.state(at: 2) == PopupState(.shown))

        // Upward movement does nothing to a bottom popup; a top popup takes it.
        let up = [FingerSample(t: 0, x: 187, y: 300), FingerSample(t: 0.4, x: 187, y: 250)]
        let bottom = try line([.show(time: 0, autohide: nil), .drag(start: 1, path: up)])
        #expect(bottom.state(at: 1.3).drag == 0 && bottom.state(at: 2).isPresented)
        let top = try line([.show(time: 0, autohide: nil), .drag(start: 1, path: up)], [("position", "top")])
        #expect(abs(top.state(at: 1.4).drag - 50) < 1e-9 && !top.state(at: 1.5).isPresented)
        // Turned off, or on a hidden popup, a drag does nothing.
        let off = try line([.show(time: 0, autohide: nil), .drag(start: 1, path: down)], [("drag-to-dismiss", "false")])
        #expect(off.state(at: 1.5).drag == 0 && off.state(at: 2).isPresented)
        let hidden = try line([.drag(start: 1, path: down)])
        #expect(hidden.state(at: 1.5) == PopupState(.hidden))
    }

    @Test("scripts decode; mistakes are one error with the JSON path and line and column")
    func decoding() throws {
        let text = """
        // comments are allowed
        {"events": [
          {"hide": true, "at": 4},
          {"show": true, "at": 0.5, "autohide": 1.5},
          {"tap": "inside", "at": 2},
          {"tap": "outside", "at": 2},
          {"drag": true, "at": 3, "path": [[0, 10, 20], [0.5, 10, 90]]}
        ]}
        """
        let script = try PopupScript.decode(text, file: "p.json")
        #expect(script.events == [.show(time: 0.5, autohide: 1.5), .tapInside(time: 2), .tapOutside(time: 2),
                                  .drag(start: 3, path: [FingerSample(t: 0, x: 10, y: 20), FingerSample(t: 0.5, x: 10, y: 90)]), .hide(time: 4)])
        let bad: [(String, String, Int, Int)] = [
            ("{\"events\": [\n  {\"tap\": \"beside\", \"at\": 1}]}", "$.events[0].tap", 2, 11),
            ("{\"events\": [\n  {\"show\": true,\n   \"at\": -1}]}", "$.events[0].at", 3, 10),
            ("{\"events\": [{\"show\": false, \"at\": 1}]}", "$.events[0].show", 1, 22),
            ("{\"events\": [{\"show\": true, \"hide\": true, \"at\": 1}]}", "$.events[0]", 1, 13),
            ("{\"events\": [{\"jump\": true, \"at\": 1}]}", "$.events[0]", 1, 13),
            ("{\"events\": [{\"hide\": true, \"at\": 1, \"speed\": 2}]}", "$.events[0].speed", 1, 37),
            ("{\"events\": [{\"drag\": true, \"at\": 1, \"path\": [[0, 1, 2], [-1, 3, 4]]}]}", "$.events[0].path[1]", 1, 57),
            ("{\"events\": [{\"drag\": true, \"at\": 1, \"path\": []}]}", "$.events[0].path", 1, 45),
            ("{\"events\": [{\"show\": true, \"at\": 1, \"autohide\": \"2\"}]}", "$.events[0].autohide", 1, 49),
            ("{\"events\": [{\"show\": true, \"at\": 1}],\n \"extra\": 1}", "$.extra", 2, 2),
            ("{\"events\": [{\"show\": true \"at\": 1}]}", "$", 1, 27),
        ]
        for (json, path, line, column) in bad {
            #expect(throws: ConfigurationError.self) { try PopupScript.decode(json, file: "p.json") }
            do { _ = try PopupScript.decode(json, file: "p.json") } catch let error as ConfigurationError {
                #expect(error.path == path && error.position == JSONPosition(line: line, column: column), "\(json): \(error)")
                #expect(error.description.hasPrefix("p.json: "))
            }
        }
        #expect(throws: ConfigurationError.self) { try PopupScript.load(path: "/nonexistent/popup.json") }
    }
}

@Suite("PopupView example scripts")
struct PopupExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func line(_ name: String, _ pairs: [(String, String)] = []) throws -> PopupTimeline {
        let script = try PopupScript.load(path: Self.root + "/examples/" + name)
        return PopupTimeline(script: script, options: try PopupTimelineTests.options(pairs))
    }

    @Test("the examples decode and do what their comments say")
    func examples() throws {
        let tap = try line("popup-show-hide.json", [("background", "#00000066"), ("close-on-tap-outside", "true")])
        #expect(tap.state(at: 0.4) == PopupState(.hidden) && tap.state(at: 1.5) == PopupState(.shown))
        #expect(tap.state(at: 3.5) == PopupState(.hidden) && tap.state(at: 4.5) == PopupState(.shown) && tap.state(at: 6.5) == PopupState(.hidden))
        let drag = try line("popup-drag-to-dismiss.json")
        #expect(drag.state(at: 2.4).isPresented && drag.state(at: 2.4).presence == 1)       // the short drag returns
        #expect(drag.state(at: 3.5).isPresented)
        #expect(!drag.state(at: 5).isPresented && drag.state(at: 5.5) == PopupState(.hidden))  // the long one dismisses
        let toast = try line("popup-toast-autohide.json", [("type", "toast")])
        #expect(toast.state(at: 2).isPresented && toast.state(at: 3) == PopupState(.hidden) && toast.state(at: 5) == PopupState(.shown))
        #expect(toast.state(at: 6.5) == PopupState(.hidden))
        let floater = try line("popup-floater.json", [("type", "floater"), ("position", "top")])
        #expect(floater.state(at: 1.5) == PopupState(.shown) && floater.state(at: 3.5) == PopupState(.hidden))
    }
}
