import Foundation
import NotchwaveModel
import NotchwaveText

/// The captions of one output, resolved: each caption's text in the output's locale
/// (looked up in the app's strings by key), on the output's time line (a segment's
/// captions moved to where the segment plays), with the font it is drawn in loaded and
/// checked to cover every character. What the renderer draws (`CaptionScene`) needs no
/// more reading.
public struct CaptionTrack: Sendable {
    /// One caption, ready to lay out.
    public struct Caption: Sendable {
        public var spec: CaptionSpec
        /// The text shown.
        public var text: String
        /// The font it is drawn in.
        public var font: Font
        /// The font's file (for the plan's JSON).
        public var fontPath: String
    }

    /// The captions, in order (later ones drawn over earlier ones).
    public var captions: [Caption]
    /// The locale the texts are in (nil: literal texts only, no strings file).
    public var locale: String?
    /// The strings file read (nil: none).
    public var stringsFile: String?

    /// The resolved captions as JSON (plan equality, batch hashes): the texts as shown.
    public var json: JSONOutput {
        .object([("locale", locale.map { .string($0) } ?? .null),
                 ("captions", .array(captions.map { caption in
                     .object([("text", .string(caption.text)), ("font", .string(caption.fontPath)), ("spec", CaptionList([caption.spec]).json)])
                 }))])
    }

    /// `U+05E9`: a code point as Unicode writes it (at least four hexadecimal digits).
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The files the captions read (the strings, fonts given by path).
    public var inputFiles: [String] { ([stringsFile] + captions.map { Optional($0.fontPath) }).compactMap { $0 } }
}

extension ParameterValues {
    /// The captions these values ask for on `preset` for a clip of `duration` seconds (nil
    /// without any): the `captions` list and every segment's captions (shifted to where the
    /// segment plays and ending with it), their keys looked up in `strings` for `locale`
    /// (a missing translation an error naming the keys, or the source language's text with
    /// `missingTranslation source`), each drawn in its own `font`, else `captionFont`, else
    /// Inter of its weight; a font without a glyph the text needs is an error naming the
    /// characters.
    public func captionTrack(preset: Preset, duration: Double) throws(ParameterError) -> CaptionTrack? {
        var specs = self[Parameters.captions]?.captions ?? []
        if let segments = self[Parameters.segments] {
            for (segment, start) in zip(segments.segments, segments.startTimes) {
                specs += segment.captions.map { $0.shifted(by: start, endingBy: start + segment.length) }
            }
        }
        let stringsPath = file(Parameters.strings)
        let locale = self[Parameters.locale]
        guard !specs.isEmpty else {
            // (A job's locales and strings serve the outputs that have captions; the others ignore them.)
            for parameter in [Parameters.strings as any AnyParameter, Parameters.locale, Parameters.captionFont, Parameters.missingTranslation]
            where isGiven(parameter) && source(of: parameter) == .commandLine {
                throw error(parameter, "is for captions, and there are none (\(mention(Parameters.captions, to: parameter)))")
            }
            return nil
        }
        var strings: LocalizedStrings? = nil
        if let stringsPath {
            _ = try inputFile(Parameters.strings)
            do {
                strings = try LocalizedStrings.load(stringsPath)
            } catch {
                throw self.error(Parameters.strings, "\(error)")
            }
        }
        if let locale, let strings, strings.matchingLocale(locale) == nil, self[Parameters.missingTranslation] == .error {
            throw error(Parameters.locale, "\(stringsPath ?? "the strings") has no \(locale) strings (it has \(strings.locales.joined(separator: ", "))); \(mention(Parameters.missingTranslation, "source", to: Parameters.locale)) shows the source language's")
        }
        var captions: [CaptionTrack.Caption] = []
        var missingKeys: [String] = []
        var fonts: [String: Font] = [:]
        let family = preset.family
        for (index, spec) in specs.enumerated() {
            let text: String
            if let literal = spec.text {
                text = literal
            } else if let key = spec.key {
                guard let strings else {
                    throw error(Parameters.captions, "caption \(index + 1) shows key \"\(key)\": give the app's strings (\(mention(Parameters.strings, "Localizable.xcstrings", to: Parameters.captions)))")
                }
                let wanted = locale ?? strings.sourceLanguage
                guard let found = strings.text(key, locale: wanted, family: family, fallback: self[Parameters.missingTranslation] == .source) else {
                    missingKeys.append(key)
                    continue
                }
                text = found
            } else {
                continue
            }
            if spec.start >= duration { continue }
            let fontPath = spec.font.map { file($0) } ?? file(Parameters.captionFont)
            let font: Font
            let cacheKey = fontPath ?? "inter-\(spec.weight.rawValue)"
            if let cached = fonts[cacheKey] {
                font = cached
            } else {
                do {
                    if let fontPath {
                        font = try Font.load(path: fontPath)
                    } else {
                        font = try Font.load(weight: spec.weight == .bold ? .bold : spec.weight == .semibold ? .semibold : .regular)
                    }
                } catch {
                    throw self.error(spec.font != nil ? Parameters.captions : Parameters.captionFont, error.description)
                }
                fonts[cacheKey] = font
            }
            // Every character drawn needs a glyph, from the caption's font or an installed
            // fallback: one that no font has is an error that names them.
            var missing: [Unicode.Scalar] = []
            for line in text.split(separator: "\n") {
                for scalar in font.shapeLine(String(line), language: locale).missing where !missing.contains(scalar) { missing.append(scalar) }
            }
            if !missing.isEmpty {
                // In the order the text has them.
                missing = text.unicodeScalars.reduce(into: [Unicode.Scalar]()) { found, scalar in
                    if missing.contains(scalar) && !found.contains(scalar) { found.append(scalar) }
                }
                let list = missing.prefix(12).map { "'\(String($0))' (\(CaptionTrack.codePoint($0)))" }.joined(separator: ", ")
                let fontName = (font.path as NSString).lastPathComponent
                throw error(Parameters.captions, "caption \(index + 1)\(locale.map { " in \($0)" } ?? ""): neither the font \(fontName) nor an installed font has glyphs for \(list)\(missing.count > 12 ? " and \(missing.count - 12) more" : ""); install fonts that cover them (Debian's fonts-noto-core and fonts-noto-cjk cover every script) or give one (\(mention(Parameters.captionFont, "FILE", to: Parameters.captions)) or the caption's \"font\")")
            }
            captions.append(CaptionTrack.Caption(spec: spec, text: text, font: font, fontPath: font.path))
        }
        if !missingKeys.isEmpty {
            let wanted = locale ?? strings?.sourceLanguage ?? ""
            throw error(Parameters.captions, "\(stringsPath ?? "the strings") has no \(wanted) translation for \(missingKeys.map { "\"\($0)\"" }.joined(separator: ", ")) (\(mention(Parameters.missingTranslation, "source", to: Parameters.captions)) shows the source language's text instead)")
        }
        return CaptionTrack(captions: captions, locale: locale, stringsFile: stringsPath)
    }
}
