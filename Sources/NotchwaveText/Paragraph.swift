import NotchwaveRaster
internal import CFreeType

/// A paragraph's writing direction: that of its first strong character (Unicode's bidi
/// rules P2 and P3), left to right when it has none.
public enum TextDirection: Sendable, Equatable, Hashable {
    case leftToRight, rightToLeft
}

/// One line of text laid out for display (`Font.shapeLine`): split into runs of one
/// direction, one script and one font each, every run shaped by HarfBuzz with its own
/// direction, script, language and font, the runs placed in visual order. Positions are
/// in the units of the font the line was laid out with (its own font), from the line's
/// left end, y up; a fallback font's glyphs are scaled to them.
public struct ShapedLine: Sendable, Equatable {
    /// The glyphs, left to right; each one's `face` is 0 for the line's own font, `n` for
    /// `fallbacks[n - 1]`.
    public var glyphs: [Font.PlacedGlyph]
    /// The line's advance.
    public var width: Double
    /// The paragraph's direction (where `leading` alignment puts the line).
    public var direction: TextDirection
    /// The characters no installed font has a glyph for (drawn as the empty "notdef").
    public var missing: [Unicode.Scalar]
    /// The other fonts the line draws with, for what its own font lacks.
    public var fallbacks: [Font]
    /// The runs, in visual order.
    public var runs: [Run]

    /// One run of a line: its text (in logical order), its font (as a glyph's `face`), its
    /// direction and its script (ISO 15924: `Latn`, `Arab`, `Hani`, ...).
    public struct Run: Sendable, Equatable {
        public var text: String
        public var face: Int
        public var rightToLeft: Bool
        public var script: String
    }

    /// The font of `face` for a line laid out with `font`.
    public func font(of face: Int, in font: Font) -> Font {
        face == 0 ? font : fallbacks[face - 1]
    }

    public static func == (a: ShapedLine, b: ShapedLine) -> Bool {
        a.glyphs == b.glyphs && a.width == b.width && a.direction == b.direction && a.missing == b.missing && a.runs == b.runs
            && a.fallbacks.count == b.fallbacks.count && zip(a.fallbacks, b.fallbacks).allSatisfy { $0 === $1 }
    }
}

/// The Unicode character properties layout needs, as HarfBuzz and FriBidi know them.
enum Characters {
    /// The ISO 15924 tag of `scalar`'s script (`Zyyy` common, `Zinh` inherited).
    static func script(_ scalar: Unicode.Scalar) -> String {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), hb_codepoint_t(scalar.value))
        return tagString(hb_script_to_iso15924_tag(script))
    }

    /// A four-letter tag as text.
    static func tagString(_ tag: UInt32) -> String {
        String(decoding: [UInt8(tag >> 24 & 0xFF), UInt8(tag >> 16 & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag & 0xFF)], as: UTF8.self)
    }

    /// The tag as HarfBuzz takes it.
    static func tagValue(_ tag: String) -> UInt32 {
        tag.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// True for the scripts that take their neighbours' (`Zyyy`, `Zinh`, `Zzzz`).
    static func isNeutral(_ script: String) -> Bool { script == "Zyyy" || script == "Zinh" || script == "Zzzz" }

    /// True for characters that belong with the one before them, in its font: combining
    /// marks, joiners, variation selectors and other format characters.
    static func continues(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }

    /// FriBidi's embedding levels of `scalars` as one paragraph (rules P2 to I1, and L1's
    /// reset of trailing white space), in the direction given (nil: the first strong
    /// character's), and the paragraph's direction. All at the base level when FriBidi
    /// cannot say (an empty text, or one past its length limit).
    static func bidiLevels(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> (levels: [UInt8], direction: TextDirection) {
        let count = scalars.count
        var base: FriBidiParType
        switch direction {
        case .leftToRight: base = nw_fribidi_par_ltr()
        case .rightToLeft: base = nw_fribidi_par_rtl()
        case nil: base = nw_fribidi_par_auto()
        }
        guard count > 0, count < Int(Int32.max / 4) else { return ([], direction ?? .leftToRight) }
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        let length = FriBidiStrIndex(count)
        fribidi_get_bidi_types(characters, length, &types)
        fribidi_get_bracket_types(characters, length, types, &brackets)
        let found = fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels)
        let resolved: TextDirection = nw_fribidi_is_rtl(base) != 0 ? .rightToLeft : .leftToRight
        guard found > 0 else { return ([UInt8](repeating: resolved == .rightToLeft ? 1 : 0, count: count), resolved) }
        return (levels.map { UInt8(clamping: Int($0)) }, resolved)
    }
}

extension Font {
    /// The direction of `text` as a paragraph (its first strong character's).
    public static func direction(of text: String) -> TextDirection {
        Characters.bidiLevels(Array(text.unicodeScalars), direction: nil).direction
    }

    /// `text` (one line, no line breaks) laid out for display in a paragraph of
    /// `direction` (nil: its own) and `language` (BCP 47, as a caption's locale; nil:
    /// none), with OpenType `features`:
    ///
    /// 1. FriBidi resolves each character's embedding level (the Unicode bidirectional
    ///    algorithm); odd levels are right to left.
    /// 2. Each character's script is HarfBuzz's; common and inherited characters (spaces,
    ///    punctuation, digits, marks) take the script before them (the first one after,
    ///    at the start).
    /// 3. Each character is drawn with this font when it has a glyph for it; else with the
    ///    fallback font of its script (`FontFallback`). A mark or joiner stays in the font
    ///    of the character before it, and a common character (a space, a digit) stays in
    ///    the font before it when that font has it, so a run of Arabic words is one run.
    /// 4. The runs (one level, one script, one font each, in logical order) are shaped
    ///    and placed in visual order (rule L2: from the highest level down to the lowest
    ///    odd one, every sequence of runs at that level or higher is reversed); HarfBuzz
    ///    lays a right-to-left run's glyphs out left to right and mirrors its brackets.
    public func shapeLine(_ text: String, direction: TextDirection? = nil, language: String? = nil, features: [String] = []) -> ShapedLine {
        let key = LineKey(text: Array(text.utf8), direction: direction, language: language ?? "", features: features)
        return lines.value(for: key) { layOut(text, direction: direction, language: language, features: features) }
    }

    private func layOut(_ text: String, direction: TextDirection?, language: String?, features: [String]) -> ShapedLine {
        let scalars = Array(text.unicodeScalars)
        let (levels, paragraph) = Characters.bidiLevels(scalars, direction: direction)
        guard !scalars.isEmpty else { return ShapedLine(glyphs: [], width: 0, direction: paragraph, missing: [], fallbacks: [], runs: []) }
        // Scripts, the neutral ones resolved from their neighbours.
        let own = scalars.map(Characters.script)
        var scripts = own
        var previous = own.first { !Characters.isNeutral($0) } ?? "Zyyy"
        for i in scripts.indices {
            if Characters.isNeutral(scripts[i]) { scripts[i] = previous } else { previous = scripts[i] }
        }
        // Fonts: 0 this one, n the fallback n - 1.
        let cjk = CJKForm(language: language, text: text.unicodeScalars)
        var fallbacks: [Font] = []
        var faces = [Int](repeating: 0, count: scalars.count)
        func face(of font: Font) -> Int {
            if font === self { return 0 }
            if let index = fallbacks.firstIndex(where: { $0 === font }) { return index + 1 }
            fallbacks.append(font)
            return fallbacks.count
        }
        func font(_ index: Int) -> Font { index == 0 ? self : fallbacks[index - 1] }
        for (i, scalar) in scalars.enumerated() {
            if i > 0, Characters.continues(scalar) || (Characters.isNeutral(own[i]) && font(faces[i - 1]).covers(scalar)) {
                faces[i] = faces[i - 1]
            } else if covers(scalar) || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                faces[i] = 0
            } else if let fallback = FontFallback.shared.font(for: scalar, script: scripts[i], language: language, weight: weight, cjk: cjk) {
                faces[i] = face(of: fallback)
            }
        }
        // Runs in logical order, then in visual order.
        var runs: [(range: Range<Int>, level: UInt8)] = []
        var start = 0
        let level = { (i: Int) -> UInt8 in i < levels.count ? levels[i] : 0 }
        for i in 1...scalars.count where i == scalars.count || level(i) != level(start) || scripts[i] != scripts[start] || faces[i] != faces[start] {
            runs.append((start..<i, level(start)))
            start = i
        }
        let highest = runs.map(\.level).max() ?? 0
        let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? (highest + 1)
        if highest >= lowestOdd {
            for reversing in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
                var i = 0
                while i < runs.count {
                    guard runs[i].level >= reversing else { i += 1; continue }
                    var j = i
                    while j < runs.count && runs[j].level >= reversing { j += 1 }
                    runs[i..<j].reverse()
                    i = j
                }
            }
        }
        // Each run shaped in its font, scaled to this font's units.
        var glyphs: [PlacedGlyph] = []
        var missing: [Unicode.Scalar] = []
        var placedRuns: [ShapedLine.Run] = []
        var x = 0.0
        for run in runs {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[run.range])
            let runText = String(view)
            let faceIndex = faces[run.range.lowerBound]
            let runFont = font(faceIndex)
            let scale = Double(unitsPerEm) / Double(runFont.unitsPerEm)
            let rightToLeft = run.level % 2 == 1
            let script = scripts[run.range.lowerBound]
            let shaped = runFont.shapeRun(runText, rightToLeft: rightToLeft, script: Characters.isNeutral(script) ? nil : Characters.tagValue(script),
                                          language: language, features: features)
            let bytes = Array(runText.utf8)
            for (glyph, cluster) in zip(shaped.glyphs, shaped.clusters) {
                glyphs.append(PlacedGlyph(glyph: glyph.glyph, x: x + glyph.x * scale, y: glyph.y * scale, face: faceIndex))
                guard glyph.glyph == 0, cluster < bytes.count else { continue }
                // The character the missing glyph stands for (its cluster's first).
                var decoder = UTF8()
                var iterator = bytes[cluster...].makeIterator()
                if case let .scalarValue(scalar) = decoder.decode(&iterator), !scalar.properties.isWhitespace,
                   scalar.properties.generalCategory != .format, scalar.properties.generalCategory != .control, !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
            placedRuns.append(ShapedLine.Run(text: runText, face: faceIndex, rightToLeft: rightToLeft, script: script))
            x += shaped.advance * scale
        }
        return ShapedLine(glyphs: glyphs, width: x, direction: paragraph, missing: missing, fallbacks: fallbacks, runs: placedRuns)
    }

    /// A shaped line as a path at `size` pixels per em, the left end of its baseline at
    /// `(x, baseline)`. Fill it with the non-zero rule. `self` is the font the line was
    /// laid out with.
    public func path(_ line: ShapedLine, size: Double, x: Double, baseline: Double) -> Path {
        let scale = size / Double(unitsPerEm)
        var result = Path()
        for placed in line.glyphs {
            let font = line.font(of: placed.face, in: self)
            let outlineScale = size / Double(font.unitsPerEm)
            result.addPath(font.outline(of: placed.glyph).path.transformed(scale: outlineScale, dx: x + placed.x * scale, dy: baseline - placed.y * scale))
        }
        return result
    }

    /// `text` broken into lines no wider than `maxWidth` at `size` pixels per em: at the
    /// text's own line breaks, then greedily at spaces and between CJK characters (which
    /// need no space to break); a word wider than the line is broken between its
    /// characters (grapheme clusters) where the line is full, as CSS's `overflow-wrap:
    /// anywhere` breaks it (Thai and other scripts written without spaces break so). Each
    /// line is laid out in the paragraph's direction and `language`.
    public func wrap(_ text: String, size: Double, maxWidth: Double, language: String? = nil, features: [String] = []) -> [ShapedLine] {
        let direction = Font.direction(of: text)
        let scale = size / Double(unitsPerEm)
        func fits(_ line: String) -> Bool {
            shapeLine(line.trimmingTrailingSpaces, direction: direction, language: language, features: features).width * scale <= maxWidth + 1e-9
        }
        var lines: [ShapedLine] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var pieces = ArraySlice(Font.breakPieces(String(paragraph)))
            var current = ""
            while let piece = pieces.popFirst() {
                let candidate = current + piece
                if fits(candidate) || (current.isEmpty && piece.count == 1) {
                    current = candidate
                } else if current.trimmingTrailingSpaces.isEmpty {
                    // A piece wider than a line by itself: its characters, one by one.
                    let word = String(piece.drop(while: { $0 == " " }))
                    current = ""
                    pieces = ArraySlice(word.map { String($0) }) + pieces
                } else {
                    lines.append(shapeLine(current.trimmingTrailingSpaces, direction: direction, language: language, features: features))
                    current = ""
                    pieces = [String(piece.drop(while: { $0 == " " }))] + pieces
                }
            }
            lines.append(shapeLine(current.trimmingTrailingSpaces, direction: direction, language: language, features: features))
        }
        return lines
    }

    /// The pieces a line may break after: words with their following spaces, and each
    /// CJK character on its own.
    static func breakPieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var previousWasSpace = false
        for character in text {
            let isSpace = character == " " || character == "\u{3000}"
            if character.unicodeScalars.first.map(isCJK) == true {
                if !current.isEmpty { pieces.append(current) }
                pieces.append(String(character))
                current = ""
                previousWasSpace = false
                continue
            }
            if previousWasSpace && !isSpace && !current.isEmpty {
                pieces.append(current)
                current = ""
            }
            current.append(character)
            previousWasSpace = isSpace
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

/// Han, kana, Hangul syllables, CJK punctuation and full-width forms: text that breaks
/// between any two characters.
func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    let ranges: [ClosedRange<UInt32>] = [0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FFFF]
    return ranges.contains { $0.contains(v) }
}

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " || copy.last == "\u{3000}" { copy.removeLast() }
        return copy
    }
}
