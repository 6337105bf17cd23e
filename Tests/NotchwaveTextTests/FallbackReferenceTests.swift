import Foundation
import Testing
import NotchwaveRaster
import NotchwaveText
import TestSupport

/// Lines in every script the captions are written in, laid out with Inter and the
/// installed fallbacks (Debian's fonts-noto-core and fonts-noto-cjk), against
/// `Tests/Reference/text_reference.py`: the visual runs written out here by hand from the
/// Unicode bidirectional algorithm and the fallback rule (`Font.shapeLine`), each run in
/// the font fontconfig's `fc-match` names for its family, shaped by PyPI's uharfbuzz and
/// drawn by PyPI's freetype-py (FreeType's own rasterizer). The glyphs must be the same,
/// at the same places, and the pixels close.
@Suite("Text in every script against an independent HarfBuzz and FreeType")
struct FallbackReferenceTests {
    /// One run as the test expects it, in visual order.
    struct Run: Sendable, CustomStringConvertible {
        var text: String
        /// The family of its font ("Inter": the line's own).
        var family: String
        var rtl: Bool
        var script: String
        var description: String { "\(text) [\(family), \(rtl ? "rtl" : "ltr"), \(script)]" }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var language: String?
        var direction: TextDirection
        var runs: [Run]
        var description: String { name }
    }

    static let arabic = "Noto Sans Arabic", hebrew = "Noto Sans Hebrew", inter = "Inter"

    static let cases: [Case] = [
        Case(name: "Arabic", text: "مرحبا بالعالم", language: "ar", direction: .rightToLeft,
             runs: [Run(text: "مرحبا بالعالم", family: arabic, rtl: true, script: "Arab")]),
        // The number reads left to right at level 2, left of the words (rules W2, I1, L2);
        // Noto Sans Arabic has the digits and the space, so they stay in it.
        Case(name: "Arabic with a number", text: "مرحبا 2024", language: "ar", direction: .rightToLeft,
             runs: [Run(text: "2024", family: arabic, rtl: false, script: "Arab"), Run(text: "مرحبا ", family: arabic, rtl: true, script: "Arab")]),
        // The brackets around "OK" take the paragraph's direction (rule N0: the strong type
        // before the pair is R); Noto Sans Hebrew has no brackets, so they are Inter's.
        Case(name: "Hebrew with Latin in brackets", text: "שלום (OK)", language: "he", direction: .rightToLeft,
             runs: [Run(text: ")", family: inter, rtl: true, script: "Latn"), Run(text: "OK", family: inter, rtl: false, script: "Latn"),
                    Run(text: "(", family: inter, rtl: true, script: "Hebr"), Run(text: "שלום ", family: hebrew, rtl: true, script: "Hebr")]),
        Case(name: "Hindi", text: "नमस्ते दुनिया", language: "hi", direction: .leftToRight,
             runs: [Run(text: "नमस्ते दुनिया", family: "Noto Sans Devanagari", rtl: false, script: "Deva")]),
        Case(name: "Thai", text: "สวัสดีชาวโลก", language: "th", direction: .leftToRight,
             runs: [Run(text: "สวัสดีชาวโลก", family: "Noto Sans Thai", rtl: false, script: "Thai")]),
        // Kana and Han are two scripts in one font.
        Case(name: "Japanese", text: "こんにちは世界", language: "ja", direction: .leftToRight,
             runs: [Run(text: "こんにちは", family: "Noto Sans CJK JP", rtl: false, script: "Hira"),
                    Run(text: "世界", family: "Noto Sans CJK JP", rtl: false, script: "Hani")]),
        Case(name: "Simplified Chinese", text: "你好，世界", language: "zh-Hans", direction: .leftToRight,
             runs: [Run(text: "你好，世界", family: "Noto Sans CJK SC", rtl: false, script: "Hani")]),
        Case(name: "Korean", text: "안녕하세요 세계", language: "ko", direction: .leftToRight,
             runs: [Run(text: "안녕하세요 세계", family: "Noto Sans CJK KR", rtl: false, script: "Hang")]),
        // An Arabic word in an English line stays where it is read (level 1 alone); the
        // space after it is neutral between R and L, so it takes the paragraph's level 0,
        // and stays in the Arabic font, which has it.
        Case(name: "English with an Arabic word", text: "Hello مرحبا Swift", language: "en", direction: .leftToRight,
             runs: [Run(text: "Hello ", family: inter, rtl: false, script: "Latn"), Run(text: "مرحبا", family: arabic, rtl: true, script: "Arab"),
                    Run(text: " ", family: arabic, rtl: false, script: "Arab"), Run(text: "Swift", family: inter, rtl: false, script: "Latn")]),
    ]

    static let size = 40.0, width = 640, height = 72, originX = 8.0, baseline = 52.0

    @Test("the runs, glyphs and pixels match the reference", arguments: cases)
    func script(_ c: Case) throws {
        let font = try Font.load(weight: .regular)
        let line = font.shapeLine(c.text, language: c.language)
        #expect(line.direction == c.direction)
        #expect(line.missing.isEmpty, "\(line.missing)")
        let runs = line.runs.map { Run(text: $0.text, family: line.font(of: $0.face, in: font).family, rtl: $0.rightToLeft, script: $0.script) }
        #expect(runs.map(\.description) == c.runs.map(\.description))
        // The reference, from the expected runs.
        let dir = TemporaryDirectory()
        let job: [String: Any] = [
            "size": Self.size, "width": Self.width, "height": Self.height, "x": Self.originX, "baseline": Self.baseline,
            "runs": c.runs.map { run -> [String: Any] in
                var entry: [String: Any] = ["text": run.text, "rtl": run.rtl, "script": run.script, "language": c.language ?? "und"]
                if run.family == Self.inter { entry["file"] = font.path } else { entry["family"] = run.family }
                return entry
            },
        ]
        try JSONSerialization.data(withJSONObject: job).write(to: URL(fileURLWithPath: dir.file("job.json")))
        let script = CommandRunner.packageRoot.path + "/Tests/Reference/text_reference.py"
        let reference = try CommandRunner.run("python3", [script, dir.file("job.json"), "-o", dir.file("coverage.gray")])
        try #require(reference.status == 0, "\(reference.stderr)")
        let placed = try #require(try JSONSerialization.jsonObject(with: reference.stdout) as? [[String: Any]])
        // The same glyphs of the same fonts, at the same places.
        let unit = Self.size / Double(font.unitsPerEm)
        try #require(placed.count == line.glyphs.count, "\(placed.count) glyphs in the reference, \(line.glyphs.count) here")
        for (glyph, theirs) in zip(line.glyphs, placed) {
            let file = line.font(of: glyph.face, in: font).path
            #expect(URL(fileURLWithPath: file).resolvingSymlinksInPath().path == URL(fileURLWithPath: theirs["file"] as? String ?? "").resolvingSymlinksInPath().path)
            #expect(Int(glyph.glyph) == theirs["glyph"] as? Int)
            #expect(abs(glyph.x * unit - (theirs["x"] as? Double ?? .nan)) < 0.01 && abs(glyph.y * unit - (theirs["y"] as? Double ?? .nan)) < 0.01,
                    "glyph \(glyph.glyph): \(glyph.x * unit), \(glyph.y * unit) here, \(theirs["x"] ?? "?"), \(theirs["y"] ?? "?") in the reference")
        }
        // The pixels: notchwave's exact-area rasterizer against FreeType's.
        let canvas = Canvas(width: Self.width, height: Self.height)
        let shape = font.path(line, size: Self.size, x: Self.originX, baseline: Self.baseline).shape(fillRule: .nonZero)
        Rasterizer(kernel: .simd).render(DrawList(base: .transparent, commands: [DrawCommand(shape: shape, paint: .solid(.white))]),
                                         into: canvas, rows: 0..<Self.height)
        let theirs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.file("coverage.gray"))))
        try #require(theirs.count == Self.width * Self.height)
        let ours = canvas.straightBytes()
        var squared = 0.0, inked = 0
        for i in 0..<theirs.count {
            let d = Double(ours[i * 4 + 3]) - Double(theirs[i])
            squared += d * d
            if theirs[i] > 0 { inked += 1 }
        }
        let psnr = 10 * log10(255 * 255 / max(squared / Double(theirs.count), 1e-12))
        #expect(inked > 500, "the reference drew \(inked) pixels")
        #expect(psnr >= 40, "\(c.name): \(String(format: "%.1f", psnr)) dB")
    }
}
