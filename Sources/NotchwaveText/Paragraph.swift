import NotchwaveRaster

/// A paragraph's writing direction: that of its first strong character (Unicode's bidi
/// rule P2), left to right when it has none.
public enum TextDirection: Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// One line of text shaped for display: its runs of one direction each shaped by
/// HarfBuzz with that direction and the script HarfBuzz finds, placed in visual order
/// (in a right-to-left paragraph the runs go right to left; an English word inside Arabic
/// stays left to right). Positions in font units from the line's left end, y up.
public struct ShapedLine: Sendable, Equatable {
    /// The glyphs, left to right.
    public var glyphs: [Font.PlacedGlyph]
    /// The line's advance.
    public var width: Double
    /// The paragraph's direction (where `leading` alignment puts the line).
    public var direction: TextDirection
    /// The characters the font has no glyph for (drawn as its empty "notdef" glyph).
    public var missing: [Unicode.Scalar]
}

/// The strong direction of a character, for splitting text into runs: right to left for
/// the scripts written so (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and
/// their presentation forms), left to right for other letters and digits, nil for the
/// rest (spaces, punctuation, symbols), which take the direction around them.
func strongDirection(_ scalar: Unicode.Scalar) -> TextDirection? {
    let v = scalar.value
    let rightToLeft: [ClosedRange<UInt32>] = [0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF]
    if rightToLeft.contains(where: { $0.contains(v) }) {
        // Arabic-Indic digits are numbers: they read left to right inside the run.
        if (0x0660...0x0669).contains(v) || (0x06F0...0x06F9).contains(v) { return .leftToRight }
        return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .otherLetter ? .rightToLeft : nil
    }
    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return .leftToRight }
    return nil
}

extension Font {
    /// The direction of `text` as a paragraph (its first strong character's).
    public static func direction(of text: String) -> TextDirection {
        text.unicodeScalars.lazy.compactMap(strongDirection).first ?? .leftToRight
    }

    /// `text` (one line, no line breaks) shaped for display in a paragraph of `direction`
    /// (nil: its own): split into runs of one direction (a neutral character takes the
    /// direction of the characters on both sides when they agree, else the paragraph's),
    /// each run shaped with its direction, the runs placed in visual order.
    public func shapeLine(_ text: String, direction: TextDirection? = nil, features: [String] = []) -> ShapedLine {
        let paragraph = direction ?? Font.direction(of: text)
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return ShapedLine(glyphs: [], width: 0, direction: paragraph, missing: []) }
        let strong = scalars.map(strongDirection)
        // Each character's resolved direction.
        var resolved = [TextDirection](repeating: paragraph, count: scalars.count)
        var previous: TextDirection? = nil
        for i in scalars.indices {
            if let own = strong[i] {
                resolved[i] = own
                previous = own
                continue
            }
            let next = strong[(i + 1)...].lazy.compactMap { $0 }.first
            if let previous, previous == next { resolved[i] = previous } else { resolved[i] = paragraph }
        }
        // Runs in logical order.
        var runs: [(text: String, direction: TextDirection)] = []
        var start = 0
        for i in 1...scalars.count where i == scalars.count || resolved[i] != resolved[start] {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<i])
            runs.append((String(view), resolved[start]))
            start = i
        }
        let visual = paragraph == .rightToLeft ? Array(runs.reversed()) : runs
        var glyphs: [PlacedGlyph] = []
        var missing: [Unicode.Scalar] = []
        var x = 0.0
        for run in visual {
            let shaped = shapeRun(run.text, rightToLeft: run.direction == .rightToLeft, features: features)
            let bytes = Array(run.text.utf8)
            for (glyph, cluster) in zip(shaped.glyphs, shaped.clusters) {
                glyphs.append(PlacedGlyph(glyph: glyph.glyph, x: x + glyph.x, y: glyph.y))
                guard glyph.glyph == 0, cluster < bytes.count else { continue }
                // The character the missing glyph stands for (its cluster's first).
                var decoder = UTF8()
                var iterator = bytes[cluster...].makeIterator()
                if case let .scalarValue(scalar) = decoder.decode(&iterator), !scalar.properties.isWhitespace,
                   scalar.properties.generalCategory != .format, scalar.properties.generalCategory != .control, !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
            x += shaped.advance
        }
        return ShapedLine(glyphs: glyphs, width: x, direction: paragraph, missing: missing)
    }

    /// A shaped line as a path at `size` pixels per em, its left end of the baseline at
    /// `(x, baseline)`. Fill it with the non-zero rule.
    public func path(_ line: ShapedLine, size: Double, x: Double, baseline: Double) -> Path {
        let scale = size / Double(unitsPerEm)
        var result = Path()
        for placed in line.glyphs {
            result.addPath(outline(of: placed.glyph).path.transformed(scale: scale, dx: x + placed.x * scale, dy: baseline - placed.y * scale))
        }
        return result
    }

    /// `text` broken into lines no wider than `maxWidth` at `size` pixels per em: at the
    /// text's own line breaks, then greedily at spaces and between CJK characters (which
    /// need no space to break), a word wider than the line on a line of its own. Each
    /// line is shaped in the paragraph's direction.
    public func wrap(_ text: String, size: Double, maxWidth: Double, features: [String] = []) -> [ShapedLine] {
        let direction = Font.direction(of: text)
        let scale = size / Double(unitsPerEm)
        var lines: [ShapedLine] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let pieces = Font.breakPieces(String(paragraph))
            var current = ""
            for piece in pieces {
                let candidate = current + piece
                let trimmed = candidate.trimmingTrailingSpaces
                if current.isEmpty || shapeLine(trimmed, direction: direction, features: features).width * scale <= maxWidth + 1e-9 {
                    current = candidate
                } else if current.trimmingTrailingSpaces.isEmpty {
                    // Spaces alone make no line: the piece starts it.
                    current = String(piece.drop(while: { $0 == " " }))
                } else {
                    lines.append(shapeLine(current.trimmingTrailingSpaces, direction: direction, features: features))
                    current = String(piece.drop(while: { $0 == " " }))
                }
            }
            lines.append(shapeLine(current.trimmingTrailingSpaces, direction: direction, features: features))
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
