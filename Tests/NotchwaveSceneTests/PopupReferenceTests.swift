import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import TestSupport

/// Popup poses against `Tests/Reference/popup_reference.py`, a renderer of spec 4.1/4.2
/// written from the spec alone (numpy, exact rectangle coverage, float compositing),
/// sharing nothing with notchwave but the numbers of a pose. Labels are left out
/// (`text=` and `button=` empty), as the issue's check does. Five more poses check the
/// 4.3 appear animations against the reference's reading of that section.
@Suite("The popup against the independent reference renderer")
struct PopupReferenceTests {
    struct Case: Sendable, CustomStringConvertible {
        /// A preset's screen in points and its scale (presets/*.json).
        var preset: String, width: Double, height: Double, scale: Double
        var type = "default", position = "bottom", state: String
        var padding = 50.0
        var background: String?
        /// A 4.3 appear animation (the issue's bonus), or nil for 4.1/4.2's slide.
        var appear: String?
        var description: String {
            "\(preset) \(type) \(position) \(state)" + (background.map { " background \($0)" } ?? "") + (type == "floater" ? " padding \(padding)" : "")
                + (appear.map { " appear \($0)" } ?? "")
        }
    }

    static let se = (name: "iphone-se-3", w: 375.0, h: 667.0, s: 2.0)
    static let max = (name: "iphone-15-pro-max", w: 430.0, h: 932.0, s: 3.0)
    static let x = (name: "iphone-x", w: 375.0, h: 812.0, s: 3.0)

    static let cases: [Case] = [
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, state: "hidden"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, state: "shown"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, state: "showing:0.3"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, position: "top", state: "hiding:0.7"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, type: "toast", state: "shown"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, type: "toast", position: "top", state: "showing:0.3"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, type: "floater", state: "hiding:0.7", background: "00000066"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, type: "floater", position: "top", state: "shown", padding: 24.5),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, state: "shown", background: "3366CC80"),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, state: "hiding:0.7"),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, type: "toast", position: "top", state: "showing:0.3", background: "000000A0"),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, type: "floater", state: "showing:0.5"),
        Case(preset: x.name, width: x.w, height: x.h, scale: x.s, type: "toast", state: "hiding:0.7"),
        Case(preset: x.name, width: x.w, height: x.h, scale: x.s, type: "floater", position: "top", state: "showing:0.3", padding: 10),
        // Spec 4.3's appear animations.
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, state: "showing:0.3", appear: "left-slide"),
        Case(preset: se.name, width: se.w, height: se.h, scale: se.s, type: "toast", state: "hiding:0.7", appear: "right-slide"),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, state: "showing:0.5", appear: "top-slide"),
        Case(preset: max.name, width: max.w, height: max.h, scale: max.s, type: "floater", position: "top", state: "hiding:0.3", appear: "bottom-slide"),
        Case(preset: x.name, width: x.w, height: x.h, scale: x.s, type: "floater", state: "showing:0.3", background: "00000066", appear: "center-scale"),
    ]

    @Test("still poses match the reference at 35 dB or more (the issue's bar)", arguments: cases)
    func pose(_ c: Case) throws {
        let script = CommandRunner.packageRoot.path + "/Tests/Reference/popup_reference.py"
        try #require(FileManager.default.fileExists(atPath: script))
        let dir = TemporaryDirectory()
        let out = dir.file("reference.rgba")
        var arguments = [script, "--width", "\(c.width)", "--height", "\(c.height)", "--scale", "\(c.scale)", "--type", c.type,
                         "--position", c.position, "--state", c.state, "--vertical-padding", "\(c.padding)", "-o", out]
        var pairs: [(String, String)] = [("type", c.type), ("position", c.position), ("state", c.state), ("vertical-padding", "\(c.padding)"),
                                         ("text", ""), ("button", "")]
        if let background = c.background {
            arguments += ["--background", background]
            pairs.append(("background", "#" + background))
        }
        if let appear = c.appear {
            arguments += ["--appear", appear]
            pairs.append(("appear", appear))
        }
        let run = try CommandRunner.run("python3", arguments)
        try #require(run.status == 0, "\(run.stderr)")
        let size = run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x").compactMap { Int($0) }
        try #require(size.count == 2)
        let scene = try PopupScene(options: popupOptions(pairs), script: nil, width: c.width, height: c.height, scale: c.scale, fontPath: nil)
        let (w, h) = (scene.canvasWidth, scene.canvasHeight)
        #expect(size == [w, h])
        let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        try #require(reference.count == w * h * 4)
        let psnr = ImageCompare.psnr(renderScene(scene, at: 0).straightBytes(), reference, width: w, height: h)
        #expect(psnr >= 35, "\(c): \(psnr) dB")
        print("Popup \(c): \(String(format: "%.1f", psnr)) dB")
    }
}
