import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveText
import NotchwaveTimeline
import TestSupport

func popupOptions(_ pairs: [(String, String)]) throws -> PopupOptions {
    try Popup.options(pairs.map { (key: $0.0, value: $0.1) })
}

func renderScene(_ scene: some Scene, at time: Double) -> Canvas {
    let canvas = Canvas(width: scene.canvasWidth, height: scene.canvasHeight)
    Rasterizer().render(scene.drawList(at: time), into: canvas, rows: 0..<scene.canvasHeight)
    return canvas
}

@Suite("The popup scene: offsets, draw lists, labels")
struct PopupSceneTests {
    static let font: Font? = try? Font.load()
    static let screens: [(w: Double, h: Double)] = [(375, 667), (430, 932), (1470, 956)]

    @Test("displayed and hidden places are spec 4.1/4.2's closed forms for every type and position")
    func offsets() throws {
        for (W, H) in Self.screens {
            for (pw, ph) in [(200.0, 100.0), (375.0, 60.0), (120.0, 333.0)] {
                for type in PopupKind.allCases {
                    for position in PopupPosition.allCases {
                        let o = try popupOptions([("type", type.rawValue), ("position", position.rawValue), ("size", "\(pw)x\(ph)"),
                                                  ("vertical-padding", "37")])
                        let l = PopupLayout(options: o, width: W, height: H)
                        let midY = H / 2                                   // the presenter fills the screen
                        // 4.2's table of displayed centres (presenter midY + offset).
                        let shown: Double
                        switch (type, position) {
                        case (.default, _): shown = H / 2
                        case (.toast, .bottom): shown = H - ph / 2
                        case (.toast, .top): shown = ph / 2
                        case (.floater, .bottom): shown = H - ph / 2 - 37
                        case (.floater, .top): shown = ph / 2 + 37
                        }
                        let hidden = position == .bottom ? H + ph / 2 + 5 : -ph / 2 - 5
                        #expect(l.displayed == .init(centerX: W / 2, centerY: shown, scale: 1))
                        #expect(l.hidden == .init(centerX: W / 2, centerY: hidden, scale: 1))
                        #expect(abs(l.displayedOffset - (shown - midY)) < 1e-12 && abs(l.hiddenOffset - (hidden - midY)) < 1e-12)
                        if type == .default {
                            // 4.1 item 4: displayedOffset = −midY + H/2; hiddenOffset = H − midY + h/2 + 5.
                            #expect(l.displayedOffset == -midY + H / 2)
                            if position == .bottom { #expect(abs(l.hiddenOffset - (H - midY + ph / 2 + 5)) < 1e-12) }
                        }
                        // The popup's edges: a bottom toast touches the bottom, a hidden one is 5 pt beyond.
                        if type == .toast { #expect(abs((position == .bottom ? shown + ph / 2 - H : shown - ph / 2)) < 1e-12) }
                        #expect(abs(position == .bottom ? (hidden - ph / 2) - (H + 5) : (hidden + ph / 2) + 5) < 1e-12)
                        for p in [0.0, 0.25, 0.7, 1.0] {
                            let f = l.frame(presence: p, drag: 12)
                            #expect(abs(f.centerY - (hidden + (shown - hidden) * p + (position == .bottom ? 12 : -12))) < 1e-9 && f.centerX == W / 2)
                        }
                    }
                }
            }
        }
    }

    @Test("the 4.3 appear animations start just beyond an edge or at scale 0")
    func appear() throws {
        let (W, H) = (375.0, 667.0)
        func hidden(_ a: PopupAppear, _ extra: [(String, String)] = []) throws -> PopupLayout.Frame {
            PopupLayout(options: try popupOptions([("appear", a.rawValue)] + extra), width: W, height: H).hidden
        }
        #expect(try hidden(.topSlide) == .init(centerX: W / 2, centerY: -50, scale: 1))
        #expect(try hidden(.bottomSlide) == .init(centerX: W / 2, centerY: H + 50, scale: 1))
        #expect(try hidden(.leftSlide) == .init(centerX: -100, centerY: H / 2, scale: 1))
        #expect(try hidden(.rightSlide, [("type", "toast")]) == .init(centerX: W + 100, centerY: H - 50, scale: 1))
        #expect(try hidden(.centerScale, [("type", "floater")]) == .init(centerX: W / 2, centerY: H - 100, scale: 0))
        // Growing: the rectangle is the displayed one scaled by easeOut(F) about its centre.
        let scene = PopupScene(options: try popupOptions([("appear", "center-scale"), ("state", "showing:0.5"), ("text", ""), ("button", "")]),
                               script: nil, width: W, height: H, scale: 2, font: nil)
        let e = ReferenceEasing.easeOut(0.5)
        let list = scene.drawList(at: 0)
        #expect(list.commands.count == 2)
        let rect = Shape.rectangle(x0: Float((W / 2 - 100 * e) * 2), y0: Float((H / 2 - 50 * e) * 2),
                                   x1: Float((W / 2 + 100 * e) * 2), y1: Float((H / 2 + 50 * e) * 2))
        let got = list.commands[1].shape.bands[0], want = rect.bands[0]
        #expect(abs(got.y0 - want.y0) < 1e-3 && abs(got.y1 - want.y1) < 1e-3)
    }

    @Test("draw lists: presenter background, button title, dimming, popup, label; empty strings draw no text; a hidden popup nothing")
    func drawLists() throws {
        let font = try #require(Self.font, "fonts-inter is not installed (make test installs it)")
        func list(_ pairs: [(String, String)]) throws -> DrawList {
            PopupScene(options: try popupOptions(pairs), script: nil, width: 375, height: 667, scale: 2, font: font).drawList(at: 0)
        }
        let shown = try list([("state", "shown"), ("background", "#00000066")])
        #expect(shown.base == .white && shown.commands.count == 5)
        #expect(shown.commands[0] == DrawCommand(shape: .rectangle(x0: 0, y0: 0, x1: 750, y1: 1334), paint: .solid(RGBA8(r: 255, g: 59, b: 48, a: 51))))
        #expect(shown.commands[1].paint == .solid(RGBA8(r: 0, g: 122, b: 255)))
        #expect(shown.commands[2].paint == .solid(RGBA8(r: 0, g: 0, b: 0, a: 0x66)))
        #expect(shown.commands[3] == DrawCommand(shape: .rectangle(x0: 175, y0: 567, x1: 575, y1: 767), paint: .solid(RGBA8(r: 0, g: 122, b: 255))))
        #expect(shown.commands[4].paint == .solid(.black))
        #expect(try list([("state", "shown"), ("text", ""), ("button", "")]).commands.count == 2)
        #expect(try list([("state", "hidden")]).commands.count == 2)       // the button title, no popup
        #expect(try list([("state", "hidden"), ("button", "")]).commands.count == 1)
        // The dimming layer fades with easeOut: alpha 0x66 × easeOut(0.3).
        let half = try list([("state", "showing:0.3"), ("background", "#00000066")])
        #expect(half.commands[2].paint == .solid(RGBA8(r: 0, g: 0, b: 0, a: UInt8((102 * ReferenceEasing.easeOut(0.3)).rounded()))))
        // No font: no labels.
        let bare = PopupScene(options: try popupOptions([("state", "shown")]), script: nil, width: 375, height: 667, scale: 2, font: nil)
        #expect(bare.drawList(at: 0).commands.count == 2)
    }

    @Test("the button title is centred by FreeType's advances on the font's line box", arguments: [17.0, 30.0])
    func buttonTitle(size: Double) throws {
        let font = try #require(Self.font)
        let scene = PopupScene(options: try popupOptions([("font-size", "\(size)")]), script: nil, width: 375, height: 667, scale: 2, font: font)
        // "Push me" does not kern in Inter (TextTests): its width is the sum of FreeType's advances.
        let px = size * 2, em = px / Double(font.unitsPerEm)
        let advance = "Push me".unicodeScalars.reduce(0.0) { $0 + font.advance(of: font.glyph(for: $1)) } * em
        let baseline = 667.0 + Double(font.ascender + font.descender) * em / 2
        let expected = font.path("Push me", size: px, x: 375 - advance / 2, baseline: baseline)
        let a = Canvas(width: 750, height: 1334), b = Canvas(width: 750, height: 1334)
        Rasterizer().render(DrawList(base: .white, commands: [scene.drawList(at: 0).commands[1]]), into: a, rows: 0..<1334)
        Rasterizer().render(DrawList(base: .white, commands: [DrawCommand(shape: expected.shape(), paint: .solid(PopupScene.buttonColor))]), into: b, rows: 0..<1334)
        #expect(ImageCompare.psnr(a.straightBytes(), b.straightBytes(), width: 750, height: 1334) > 80)
        // And the ink really is there, about the advance wide, around the centre.
        var minX = 750, maxX = 0
        let bytes = a.straightBytes()
        for y in 0..<1334 { for x in 0..<750 where bytes[(y * 750 + x) * 4] < 128 { minX = min(minX, x); maxX = max(maxX, x) } }
        #expect(Double(maxX - minX) > advance * 0.85 && Double(maxX - minX) < advance)
        #expect(abs(Double(minX + maxX + 1) / 2 - 375) < px * 0.1)
    }

    @Test("a label across the screen's edge renders as the whole text does (contours off the canvas are left out exactly)")
    func labelAtTheEdge() throws {
        let font = try #require(Self.font)
        let text = "Popup! @&g"
        let scene = PopupScene(options: try popupOptions([("state", "hiding:0.7"), ("font-size", "40"), ("text", text), ("button", "")]),
                               script: nil, width: 375, height: 667, scale: 2, font: font)
        let f = scene.frame(at: 0)
        let px = 80.0, em = px / Double(font.unitsPerEm)
        let whole = font.path(text, size: px, x: f.centerX * 2 - font.width(of: text, size: px) / 2,
                              baseline: f.centerY * 2 + Double(font.ascender + font.descender) * em / 2)
        let list = scene.drawList(at: 0)
        #expect(list.commands.count == 3)
        let a = Canvas(width: 750, height: 1334), b = Canvas(width: 750, height: 1334)
        Rasterizer().render(DrawList(base: .white, commands: [list.commands[2]]), into: a, rows: 0..<1334)
        Rasterizer().render(DrawList(base: .white, commands: [DrawCommand(shape: whole.shape(), paint: .solid(.black))]), into: b, rows: 0..<1334)
        let ink = a.straightBytes().enumerated().filter { $0.offset % 4 == 0 && $0.element < 255 }.count
        #expect(ink > 500, "the label should reach into the screen: \(ink) pixels of ink")
        #expect(ImageCompare.psnr(a.straightBytes(), b.straightBytes(), width: 750, height: 1334) > 80)
    }

    @Test("a scripted show and hide passes through the still poses showing:F and hiding:F at t0 + 0.3 F")
    func scriptedMatchesPoses() throws {
        let font = try #require(Self.font)
        let base: [(String, String)] = [("background", "#0000004D"), ("type", "floater"), ("position", "top")]
        let script = PopupScript(events: [.show(time: 1, autohide: nil), .hide(time: 3)])
        let moving = PopupScene(options: try popupOptions(base), script: script, width: 375, height: 667, scale: 2, font: font)
        for (t0, kind) in [(1.0, "showing"), (3.0, "hiding")] {
            for f in [0.0, 0.3, 0.5, 0.8] {
                let still = PopupScene(options: try popupOptions(base + [("state", "\(kind):\(f)")]), script: nil, width: 375, height: 667, scale: 2, font: font)
                let a = moving.state(at: t0 + 0.3 * f), b = still.state(at: 0)
                #expect(abs(a.presence - b.presence) < 1e-9 && abs(a.background - b.background) < 1e-9 && a.isPresented == b.isPresented)
                let psnr = ImageCompare.psnr(renderScene(moving, at: t0 + 0.3 * f).straightBytes(), renderScene(still, at: 0).straightBytes(),
                                             width: 750, height: 1334)
                #expect(psnr > 70, "\(kind):\(f): \(psnr) dB")
            }
        }
        let shown = PopupScene(options: try popupOptions(base + [("state", "shown")]), script: nil, width: 375, height: 667, scale: 2, font: font)
        let hidden = PopupScene(options: try popupOptions(base + [("state", "hidden")]), script: nil, width: 375, height: 667, scale: 2, font: font)
        #expect(moving.drawList(at: 2) == shown.drawList(at: 0) && moving.drawList(at: 0.5) == hidden.drawList(at: 0))
        #expect(moving.drawList(at: 3.5) == hidden.drawList(at: 0))
        // Without a script (or autohide) the scene is still.
        #expect(shown.drawList(at: 0) == shown.drawList(at: 9))
    }

    @Test("a scripted frame is the same every time and with either raster kernel")
    func determinism() throws {
        let font = try #require(Self.font)
        let script = PopupScript(events: [.show(time: 0, autohide: nil),
                                          .drag(start: 0.5, path: [FingerSample(t: 0, x: 100, y: 400), FingerSample(t: 0.4, x: 110, y: 470)])])
        let scene = PopupScene(options: try popupOptions([("background", "#00000066")]), script: script, width: 375, height: 667, scale: 2, font: font)
        let list = scene.drawList(at: 0.8)
        let a = Canvas(width: 750, height: 1334), b = Canvas(width: 750, height: 1334)
        Rasterizer(kernel: .simd).render(list, into: a, rows: 0..<1334)
        Rasterizer(kernel: .scalar).render(list, into: b, rows: 0..<1334)
        #expect(a.straightBytes() == b.straightBytes() && renderScene(scene, at: 0.8).straightBytes() == a.straightBytes())
        // 0.3 s into a 70-pt drag of 0.4 s: 52.5 pt down; released at 0.9 beyond 100/3, it leaves.
        #expect(abs(scene.frame(at: 0.8).centerY - (667.0 / 2 + 52.5)) < 1e-9)
        #expect(scene.frame(at: 1.2).centerY > 667 + 50)
    }

    @Test("extreme options and scripts render without trouble")
    func hostile() throws {
        let font = try #require(Self.font)
        let cases: [[(String, String)]] = [
            [("size", "100000x100000"), ("state", "shown"), ("font-size", "1000"), ("text", String(repeating: "W", count: 1000)), ("button", String(repeating: "@", count: 1000))],
            [("size", "0.001x0.001"), ("state", "showing:1"), ("appear", "left-slide"), ("font-size", "0.001")],
            [("vertical-padding", "100000"), ("type", "floater"), ("position", "top"), ("state", "shown"), ("background", "#FFFFFFFF")],
            [("appear", "center-scale"), ("state", "hiding:1"), ("text", "\u{0}\u{FFFF}\u{1F600}")],
        ]
        let script = PopupScript(events: [.show(time: 0, autohide: 0), .show(time: 0, autohide: nil),
                                          .drag(start: 0, path: [FingerSample(t: 0, x: -1e6, y: -1e6), FingerSample(t: 0, x: 1e6, y: 1e6)]),
                                          .drag(start: 1e6, path: [FingerSample(t: 0, x: 0, y: 0)])])
        for pairs in cases {
            for s in [nil, script] {
                let scene = PopupScene(options: try popupOptions(pairs), script: s, width: 100, height: 80, scale: 1, font: font)
                for t in [-1.0, 0, 0.15, 1e6, .infinity, .nan] {
                    let canvas = renderScene(scene, at: t)
                    #expect(canvas.width == 100 && canvas.height == 80)
                }
            }
        }
    }
}
