import Foundation
import NotchwaveRaster
internal import CFreeType

/// Why a font cannot be used.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// No font file was given and none of the default places has one.
    case noDefaultFont(searched: [String])
    /// The file is missing, unreadable or not a font FreeType and HarfBuzz can read.
    case cannotOpen(path: String, reason: String)

    public var description: String {
        switch self {
        case let .noDefaultFont(searched):
            return "no font found (looked for \(searched.joined(separator: ", "))): install Debian's fonts-inter (apt-get install fonts-inter) or pass --font FILE"
        case let .cannotOpen(path, reason):
            return "cannot use font \(path): \(reason)"
        }
    }
}

/// A weight of the default font family.
public enum FontWeight: String, Sendable, CaseIterable {
    case regular = "Regular", semibold = "SemiBold", bold = "Bold"
}

/// A font file, read once: HarfBuzz shapes text with it (glyphs, advances, kerning) and
/// FreeType supplies each glyph's outline, which becomes a `Path` that notchwave's own
/// rasterizer fills with exact coverage.
///
/// Everything is in font units until a size is applied, so one `Font` serves every size.
/// Owns its FreeType library, face and HarfBuzz font and frees them in `deinit`. Shaping
/// is safe from any thread (HarfBuzz fonts are immutable once set up); FreeType's face is
/// used under a lock, and each glyph's outline is decomposed once and cached.
public final class Font: @unchecked Sendable {
    /// The default fonts, first found wins: Inter (Debian's `fonts-inter`), the free face
    /// closest to SF Pro, the system font SwiftUI draws with.
    public static let defaultPaths = [
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
        "/usr/share/fonts/truetype/inter/Inter-Regular.ttf",
    ]

    /// The default font of `weight`: Inter's face of that weight (`fonts-inter`).
    public static func load(weight: FontWeight) throws(TextError) -> Font {
        let paths = defaultPaths.map { $0.replacingOccurrences(of: "-Regular.", with: "-\(weight.rawValue).") }
        guard let found = paths.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .noDefaultFont(searched: paths)
        }
        return try Font(path: found)
    }

    /// The file the font was read from.
    public let path: String
    /// The face of the file (a collection such as a `.ttc` holds several).
    public let faceIndex: Int
    /// The face's family name (`Inter`, `Noto Sans Arabic`), as the font names it.
    public let family: String
    /// The face's weight on the OpenType scale (400 regular, 600 semibold, 700 bold), as
    /// its style tables give it.
    public let weight: Double
    /// Font units per em: a glyph drawn at size `s` pixels scales font units by `s / unitsPerEm`.
    public let unitsPerEm: Int
    /// The typographic ascender and descender (font units, descender negative).
    public let ascender: Int, descender: Int

    private var library: FT_Library?
    private var face: FT_Face?
    private let shaper: OpaquePointer
    private let lock = NSLock()
    private var outlines: [UInt32: GlyphOutline] = [:]
    /// Runs shaped so far (a scene shapes the same labels every frame).
    private let runs = ShapingCache<RunKey, ShapedRun>()
    /// Lines laid out so far (`shapeLine`).
    let lines = ShapingCache<LineKey, ShapedLine>()
    /// How many shaped runs (and lines) are kept; a cache starts over when it is full.
    static let runCacheLimit = 4096
    /// A laid-out line's inputs (the text's UTF-8 bytes, as for runs).
    struct LineKey: Hashable {
        var text: [UInt8]
        var direction: TextDirection?
        var language: String
        var features: [String]
    }
    private struct RunKey: Hashable {
        /// The text's UTF-8 bytes, not the `String`: strings compare by canonical
        /// equivalence ("é" and "e" + U+0301 are equal), while HarfBuzz shapes the bytes
        /// and its clusters are byte offsets into them.
        var text: [UInt8]
        var rightToLeft: Bool
        var script: UInt32
        var language: String
        var features: [String]
    }
    typealias ShapedRun = (glyphs: [PlacedGlyph], clusters: [Int], advance: Double)

    /// The font at `path`, or the first of `defaultPaths` that exists when `path` is nil.
    public static func load(path: String? = nil) throws(TextError) -> Font {
        if let path { return try Font(path: path) }
        guard let found = defaultPaths.first(where: { FileManager.default.isReadableFile(atPath: $0) }) else {
            throw .noDefaultFont(searched: defaultPaths)
        }
        return try Font(path: found)
    }

    /// Opens face `faceIndex` (the first by default) of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) throws(TextError) {
        self.path = path
        self.faceIndex = faceIndex
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .cannotOpen(path: path, reason: FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file")
        }
        // A FIFO or a device would block FreeType's open (links are followed).
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .cannotOpen(path: path, reason: "not a regular file")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .cannotOpen(path: path, reason: "FreeType could not start")
        }
        var face: FT_Face?
        guard faceIndex >= 0, faceIndex < 0x10000, FT_New_Face(library, path, FT_Long(faceIndex), &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: "not a font FreeType can read")
        }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: "not a scalable (outline) font")
        }
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: "HarfBuzz could not read it")
        }
        let hbFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)
        hb_face_destroy(hbFace)
        guard let font else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: "HarfBuzz could not read it")
        }
        let upem = Int(face.pointee.units_per_EM)
        // Positions in font units: the size is applied afterwards, in Double.
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        self.library = library
        self.face = face
        self.shaper = font
        unitsPerEm = upem
        ascender = Int(face.pointee.ascender)
        descender = Int(face.pointee.descender)
        family = face.pointee.family_name.map { String(cString: $0) } ?? ""
        let styled = Double(hb_style_get_value(font, HB_STYLE_TAG_WEIGHT))
        weight = styled.isFinite && styled >= 1 && styled <= 1000 ? styled : 400
    }

    deinit {
        hb_font_destroy(shaper)
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// One glyph placed by the shaper (font units, x to the right of the text's origin,
    /// y up from the baseline).
    public struct PlacedGlyph: Sendable, Equatable {
        /// The glyph index in its font.
        public var glyph: UInt32
        /// Where its origin goes.
        public var x: Double, y: Double
        /// Its font, in a shaped line's `faces` (0: the line's own font).
        public var face: Int = 0
    }

    /// `text` shaped left to right: the glyphs with their positions, and the total
    /// advance (font units). HarfBuzz applies the font's default features, among them
    /// kerning (GPOS or the legacy kern table) and standard ligatures, and `features`
    /// (OpenType feature tags in HarfBuzz's syntax: `tnum` for tabular figures, SwiftUI's
    /// `.monospacedDigit()`; `-kern` to turn kerning off). A tag the font lacks does
    /// nothing; one HarfBuzz cannot parse is ignored.
    public func shape(_ text: String, features: [String] = []) -> (glyphs: [PlacedGlyph], advance: Double) {
        let run = shapeRun(text, rightToLeft: false, script: nil, language: nil, features: features)
        return (run.glyphs, run.advance)
    }

    /// `text` shaped as one run of one direction (`rightToLeft`: HarfBuzz's RTL, the
    /// glyphs coming out in visual order, left to right) in `script` (an ISO 15924 tag
    /// such as `Arab`; nil: HarfBuzz guesses it from the text) and `language` (a BCP 47
    /// tag, which selects a font's language forms; nil: none, whatever the process's
    /// locale): the glyphs, each one's cluster (the UTF-8 offset of the character it
    /// starts from), and the advance (font units).
    /// Shaping is deterministic, so each run is shaped once and then read from a cache.
    func shapeRun(_ text: String, rightToLeft: Bool, script: UInt32?, language: String?, features: [String] = []) -> ShapedRun {
        let key = RunKey(text: Array(text.utf8), rightToLeft: rightToLeft, script: script ?? 0, language: language ?? "", features: features)
        return runs.value(for: key) { shapeRunUncached(text, rightToLeft: rightToLeft, script: script, language: language, features: features) }
    }

    private func shapeRunUncached(_ text: String, rightToLeft: Bool, script: UInt32?, language: String?, features: [String]) -> ShapedRun {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return ([], [], 0) }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        let count = Int32(clamping: utf8.count)
        utf8.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress?.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                hb_buffer_add_utf8(buffer, $0, count, 0, count)
            }
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, hb_script_from_iso15924_tag(script)) }
        // No language unless one is given: HarfBuzz's default is the process's locale,
        // which would make the glyphs depend on the machine.
        // ("und", undetermined, selects the font's default forms.)
        let tag = language.flatMap { $0.isEmpty ? nil : $0 } ?? "und"
        hb_buffer_set_language(buffer, hb_language_from_string(tag, Int32(clamping: tag.utf8.count)))
        hb_buffer_guess_segment_properties(buffer)
        var parsed: [hb_feature_t] = features.compactMap { tag in
            var feature = hb_feature_t()
            return hb_feature_from_string(tag, Int32(clamping: tag.utf8.count), &feature) != 0 ? feature : nil
        }
        hb_shape(shaper, buffer, &parsed, UInt32(parsed.count))
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
              let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return ([], [], 0) }
        var placed: [PlacedGlyph] = []
        var clusters: [Int] = []
        placed.reserveCapacity(Int(glyphCount))
        var penX = 0.0, penY = 0.0
        for i in 0..<Int(glyphCount) {
            let p = positions[i]
            placed.append(PlacedGlyph(glyph: infos[i].codepoint, x: penX + Double(p.x_offset), y: penY + Double(p.y_offset)))
            clusters.append(Int(infos[i].cluster))
            penX += Double(p.x_advance)
            penY += Double(p.y_advance)
        }
        return (placed, clusters, penX)
    }

    /// The width of `text` (one line) at `size` pixels per em, laid out as `shapeLine`
    /// lays it out (other fonts for what this one lacks, runs of each direction).
    public func width(of text: String, size: Double, features: [String] = [], language: String? = nil) -> Double {
        shapeLine(text, language: language, features: features).width * size / Double(unitsPerEm)
    }

    /// The horizontal advance FreeType reads for one glyph (font units, unhinted).
    public func advance(of glyph: UInt32) -> Double {
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return 0 }
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Double(advance)
    }

    /// True when the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { glyph(for: scalar) != 0 }

    /// The glyph a character maps to (0 when the font lacks it), as FreeType reads the cmap.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return 0 }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    /// The kerning FreeType reads from the font's legacy `kern` table between two glyphs
    /// (font units; 0 for fonts that kern only in GPOS, as Inter does).
    public func legacyKerning(_ left: UInt32, _ right: UInt32) -> Double {
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return 0 }
        var kerning = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_UNSCALED.rawValue), &kerning) == 0 else { return 0 }
        return Double(kerning.x)
    }

    /// `text` (one line) as a path at `size` pixels per em, the left end of its baseline
    /// at `(x, baseline)`, laid out as `shapeLine` lays it out with `features`. Fill it
    /// with the non-zero rule.
    public func path(_ text: String, size: Double, x: Double, baseline: Double, features: [String] = [], language: String? = nil) -> Path {
        path(shapeLine(text, language: language, features: features), size: size, x: x, baseline: baseline)
    }

    /// A glyph's outline in font units with y pointing down (as pixels do), cached.
    func outline(of glyph: UInt32) -> GlyphOutline {
        lock.lock()
        defer { lock.unlock() }
        if let cached = outlines[glyph] { return cached }
        let outline = decompose(glyph)
        outlines[glyph] = outline
        return outline
    }

    /// FreeType's outline of one glyph as path elements: its contours of lines, conic
    /// (quadratic, TrueType) and cubic (CFF) segments, unscaled and unhinted. Caller holds
    /// the lock.
    private func decompose(_ glyph: UInt32) -> GlyphOutline {
        guard let face,
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
              let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return GlyphOutline(path: Path())
        }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let user else { return 1 }
                Unmanaged<OutlineBuilder>.fromOpaque(user).takeUnretainedValue().move(to.pointee)
                return 0
            },
            line_to: { to, user in
                guard let to, let user else { return 1 }
                Unmanaged<OutlineBuilder>.fromOpaque(user).takeUnretainedValue().line(to.pointee)
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let user else { return 1 }
                Unmanaged<OutlineBuilder>.fromOpaque(user).takeUnretainedValue().quad(control.pointee, to.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                guard let c1, let c2, let to, let user else { return 1 }
                Unmanaged<OutlineBuilder>.fromOpaque(user).takeUnretainedValue().cubic(c1.pointee, c2.pointee, to.pointee)
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let status = withExtendedLifetime(builder) { FT_Outline_Decompose(&slot.pointee.outline, &funcs, user) }
        guard status == 0 else { return GlyphOutline(path: Path()) }
        if builder.open { builder.path.closeSubpath() }
        return GlyphOutline(path: builder.path)
    }
}

/// A glyph's outline in font units, y down.
struct GlyphOutline {
    var path: Path
}

/// Collects FreeType's decomposition callbacks into a path (y flipped to point down).
private final class OutlineBuilder {
    var path = Path()
    var open = false

    private func point(_ v: FT_Vector) -> PathPoint { PathPoint(x: Double(v.x), y: -Double(v.y)) }

    func move(_ to: FT_Vector) {
        if open { path.closeSubpath() }
        let p = point(to)
        path.move(to: p.x, p.y)
        open = true
    }
    func line(_ to: FT_Vector) {
        let p = point(to)
        path.line(to: p.x, p.y)
    }
    func quad(_ control: FT_Vector, _ to: FT_Vector) { path.quadCurve(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.curve(to: point(to), control1: point(c1), control2: point(c2))
    }
}

/// Results computed once per key and then read (shaped runs and lines, which are
/// deterministic), safe from any thread; it starts over when it holds
/// `Font.runCacheLimit` of them.
final class ShapingCache<Key: Hashable, Value>: @unchecked Sendable {
    private var values: [Key: Value] = [:]
    private let lock = NSLock()

    /// The value for `key`, computed by `make` the first time (outside the lock).
    func value(for key: Key, _ make: () -> Value) -> Value {
        lock.lock()
        let cached = values[key]
        lock.unlock()
        if let cached { return cached }
        let made = make()
        lock.lock()
        if values.count >= Font.runCacheLimit { values.removeAll(keepingCapacity: true) }
        values[key] = made
        lock.unlock()
        return made
    }
}
