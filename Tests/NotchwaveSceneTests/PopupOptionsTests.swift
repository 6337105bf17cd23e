import Testing
import NotchwaveModel
import NotchwaveScene

@Suite("The popup scene's options")
struct PopupOptionsTests {
    func parse(_ pairs: [(String, String)]) throws -> PopupOptions {
        try Popup.options(pairs.map { (key: $0.0, value: $0.1) })
    }

    @Test("defaults: the tutorial's hidden 200x100 systemBlue popup with Popup! and Push me, PV-2022's parameters")
    func defaults() throws {
        let o = try parse([])
        #expect(o.type == .default && o.position == .bottom && o.verticalPadding == 50 && o.background.color == .transparent && o.autohide == nil)
        #expect(o.width == 200 && o.height == 100 && o.color.color == Color(rgb: 0x007AFF) && o.text == "Popup!" && o.button == "Push me")
        #expect(o.fontSize == 17 && o.state == .hidden && o.appear == nil && o.script == nil)
        #expect(o.closeOnTap && !o.closeOnTapOutside && o.dragToDismiss)
        #expect(o == PopupOptions())
        #expect(Set(Popup.options.map(\.key)).count == Popup.options.count)
    }

    @Test("every option parses")
    func parsing() throws {
        let o = try parse([("type", "floater"), ("vertical-padding", "24.5"), ("position", "top"), ("background", "#00000080"),
                           ("autohide", "2.5"), ("size", "375x60"), ("color", "green"), ("text", "Saved ✓"), ("button", ""),
                           ("font-size", "22"), ("state", "showing:0.3"), ("appear", "center-scale"), ("close-on-tap", "false"),
                           ("close-on-tap-outside", "true"), ("drag-to-dismiss", "no"), ("script", "p.json")])
        #expect(o.type == .floater && o.verticalPadding == 24.5 && o.position == .top && o.background.color == Color(rgb: 0, alpha: 0x80))
        #expect(o.autohide == 2.5 && o.width == 375 && o.height == 60 && o.color.color == Color(rgb: 0x34C759) && o.text == "Saved ✓" && o.button.isEmpty)
        #expect(o.fontSize == 22 && o.state == .showing(0.3) && o.appear == .centerScale && !o.closeOnTap && o.closeOnTapOutside && !o.dragToDismiss)
        #expect(o.script == "p.json")
        #expect(try parse([("state", "hiding:1")]).state == .hiding(1))
        #expect(try parse([("state", "shown")]).state == .shown)
        #expect(try parse([("color", "FF0000")]).color.color == Color(rgb: 0xFF0000))
        #expect(try parse([("type", "toast")]).type == .toast)
        for appear in PopupAppear.allCases { #expect(try parse([("appear", appear.rawValue)]).appear == appear) }
    }

    @Test("bad values are one error naming the option", arguments: [
        ("type", "sheet"), ("vertical-padding", "-1"), ("vertical-padding", "1e9"), ("position", "left"), ("background", "#12345"),
        ("background", "mauve"), ("autohide", "-2"), ("autohide", "nan"), ("size", "200"), ("size", "0x100"), ("size", "200x-1"),
        ("size", "axb"), ("color", ""), ("font-size", "0"), ("font-size", "1001"), ("state", "showing"), ("state", "showing:1.5"), ("state", "hiding:x"),
        ("state", "open"), ("appear", "fade"), ("close-on-tap", "maybe"), ("script", ""), ("speed", "2"),
        ("text", String(repeating: "x", count: 1001)),
    ])
    func bad(key: String, value: String) {
        #expect(throws: ParameterError.self) { try parse([(key, value)]) }
        do { _ = try parse([(key, value)]) } catch let error as ParameterError {
            #expect(error.subject == "--scene-option \(key)", "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
