import Foundation
internal import CFreeType

/// The installed fonts a line of text falls back to for the characters its own font
/// lacks, found with fontconfig (Debian's `fonts-noto-core` and `fonts-noto-cjk` cover
/// every script the captions are written in; any other installed font serves too).
///
/// For a character of a script, the font asked for first is that script's Noto face
/// (`preferredFamily`: Noto Sans Arabic for Arabic, Noto Sans CJK JP for Japanese, ...) of
/// the nearest weight; when that one is not installed or lacks the character, the first
/// installed font that has it in fontconfig's order (fontconfig sorts by coverage, then
/// family, language and weight). Where the Noto fonts are installed the choice is theirs
/// whatever else is, so the same text gives the same glyphs on every machine that has
/// them (the Docker image and the Debian package depend on them).
///
/// Owns fontconfig's configuration (freed in `deinit`) and every fallback `Font` it
/// opened (kept for the process's life: a few files, opened once). Used from any thread,
/// under one lock (fontconfig's configuration is not safe to share without one).
final class FontFallback: @unchecked Sendable {
    /// The process's fallback fonts (nil fontconfig configuration: no fallback at all,
    /// and the missing characters are reported as such).
    static let shared = FontFallback()

    private let config: OpaquePointer?
    private let lock = NSLock()
    /// The preferred family's font for a family, weight and language (nil: not installed).
    private var preferred: [String: Font?] = [:]
    /// The font found for one character that the preferred one lacked.
    private var byScalar: [String: Font?] = [:]
    /// Every font opened, by file and face.
    private var opened: [String: Font] = [:]

    private init() {
        config = FcInitLoadConfigAndFonts()
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// The font to draw `scalar` with, of script `script` (an ISO 15924 tag), in
    /// `language` (BCP 47; nil: none), near `weight` (OpenType scale), with `cjk` the
    /// form Han characters take; nil when no installed font has it.
    func font(for scalar: Unicode.Scalar, script: String, language: String?, weight: Double, cjk: CJKForm) -> Font? {
        lock.lock()
        defer { lock.unlock() }
        let family = FontFallback.preferredFamily(script: script, cjk: cjk)
        let key = "\(family)\u{0}\(Int(weight))\u{0}\(language ?? "")"
        let first: Font?
        if let cached = preferred[key] {
            first = cached
        } else {
            first = find(family: family, weight: weight, language: language, covering: nil, exactFamily: true)
            preferred[key] = first
        }
        if let first, first.covers(scalar) { return first }
        let scalarKey = key + "\u{0}\(scalar.value)"
        if let cached = byScalar[scalarKey] { return cached }
        let found = find(family: family, weight: weight, language: language, covering: scalar, exactFamily: false)
        byScalar[scalarKey] = found
        return found
    }

    /// The first font of fontconfig's sort for the pattern: `family` (strong), `weight`,
    /// `language`, and a character set of `scalar` when given; with `exactFamily`, only a
    /// font of that family; without, the first one that has `scalar`. Caller holds the lock.
    private func find(family: String, weight: Double, language: String?, covering scalar: Unicode.Scalar?, exactFamily: Bool) -> Font? {
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, family)
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenTypeDouble(weight)))
        if let language, !language.isEmpty { _ = FcPatternAddString(pattern, FC_LANG, language) }
        if let scalar, let charset = FcCharSetCreate() {
            _ = FcCharSetAddChar(charset, FcChar32(scalar.value))
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcCharSetDestroy(charset)
        }
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for index in 0..<Int(set.pointee.nfont) {
            guard let candidate = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>? = nil
            guard FcPatternGetString(candidate, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var face: Int32 = 0
            if FcPatternGetInteger(candidate, FC_INDEX, 0, &face) != FcResultMatch { face = 0 }
            if exactFamily {
                var name: UnsafeMutablePointer<FcChar8>? = nil
                guard FcPatternGetString(candidate, FC_FAMILY, 0, &name) == FcResultMatch, let name,
                      String(cString: name) == family else { return nil }
            }
            if let scalar {
                var charset: OpaquePointer? = nil
                guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                      FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0 else { continue }
            }
            guard let font = open(path: String(cString: file), face: Int(face)) else { continue }
            if let scalar, !font.covers(scalar) { continue }
            return font
        }
        return nil
    }

    /// The font at `path`, face `face`, opened once (nil: it cannot be read, as a
    /// fontconfig cache that names a removed file would). Caller holds the lock.
    private func open(path: String, face: Int) -> Font? {
        let key = "\(path)\u{0}\(face)"
        if let font = opened[key] { return font }
        guard let font = try? Font(path: path, faceIndex: face) else { return nil }
        opened[key] = font
        return font
    }

    /// The Noto family that draws `script` (ISO 15924), or plain Noto Sans for the
    /// scripts it covers itself and those without a face of their own here.
    static func preferredFamily(script: String, cjk: CJKForm) -> String {
        switch script {
        case "Hani", "Hira", "Kana", "Hang", "Bopo": return "Noto Sans CJK \(cjk.rawValue)"
        default: return scriptFamilies[script] ?? "Noto Sans"
        }
    }

    /// The scripts that have a Noto Sans face of their own in `fonts-noto-core`.
    static let scriptFamilies: [String: String] = [
        "Arab": "Noto Sans Arabic", "Hebr": "Noto Sans Hebrew", "Syrc": "Noto Sans Syriac", "Thaa": "Noto Sans Thaana",
        "Deva": "Noto Sans Devanagari", "Beng": "Noto Sans Bengali", "Guru": "Noto Sans Gurmukhi", "Gujr": "Noto Sans Gujarati",
        "Orya": "Noto Sans Oriya", "Taml": "Noto Sans Tamil", "Telu": "Noto Sans Telugu", "Knda": "Noto Sans Kannada",
        "Mlym": "Noto Sans Malayalam", "Sinh": "Noto Sans Sinhala", "Thai": "Noto Sans Thai", "Laoo": "Noto Sans Lao",
        "Khmr": "Noto Sans Khmer", "Mymr": "Noto Sans Myanmar", "Geor": "Noto Sans Georgian", "Armn": "Noto Sans Armenian",
        "Ethi": "Noto Sans Ethiopic",
    ]
}

/// Which of the CJK faces draws Han characters (their forms differ by region): the
/// language's when it says (`ja` JP, `ko` KR, `zh-Hant` and `zh-TW` TC, `zh-HK` HK, other
/// Chinese SC), else Japanese for text with kana, Korean for text with Hangul, and
/// Simplified Chinese otherwise.
enum CJKForm: String, Sendable {
    case japanese = "JP", korean = "KR", simplified = "SC", traditional = "TC", hongKong = "HK"

    /// The form for `text` in `language`.
    init(language: String?, text: String.UnicodeScalarView) {
        let tag = (language ?? "").lowercased()
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        switch subtags.first {
        case "ja": self = .japanese
        case "ko": self = .korean
        case "zh":
            if subtags.contains("hk") || subtags.contains("mo") { self = .hongKong }
            else if subtags.contains("hant") || subtags.contains("tw") { self = .traditional }
            else { self = .simplified }
        default:
            if text.contains(where: { (0x3040...0x30FF).contains($0.value) }) { self = .japanese }
            else if text.contains(where: { (0xAC00...0xD7AF).contains($0.value) || (0x1100...0x11FF).contains($0.value) }) { self = .korean }
            else { self = .simplified }
        }
    }
}
