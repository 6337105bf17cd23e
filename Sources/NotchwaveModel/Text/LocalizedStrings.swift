import Foundation

/// An app's localized strings, read from its own files: a String Catalog
/// (`Localizable.xcstrings`, Xcode's JSON format) or `.strings` files (`"key" = "value";`,
/// one per `LANG.lproj` folder). Captions name their text by key; each locale's preview
/// gets that locale's translation.
///
/// Catalog rules followed: a key without an entry in the source language is its own
/// source text (as Xcode treats it); a `stringUnit` with an empty value counts as missing;
/// device variations pick `iphone`, `ipad` or `other` by the device; plural variations
/// (captions have no count) take `other`.
public struct LocalizedStrings: Sendable, Equatable {
    /// The file read (the catalog, or the `.strings` file named).
    public var file: String
    /// The language the app is developed in (a catalog's `sourceLanguage`; for `.strings`
    /// files `en` when an `en.lproj` exists, else the named file's language).
    public var sourceLanguage: String
    /// The locales that have strings, as the files name them (`de`, `pt-BR`, `zh-Hans`).
    public var locales: [String]
    /// Key → locale → variant (`""` plain, `iphone`, `ipad`, ...) → text.
    var table: [String: [String: [String: String]]]

    /// Reads `path`: `.xcstrings` as a String Catalog, `.strings` as the strings of its
    /// `LANG.lproj` folder and of every sibling `*.lproj` folder's file of the same name.
    public static func load(_ path: String) throws -> LocalizedStrings {
        let lower = path.lowercased()
        if lower.hasSuffix(".xcstrings") {
            guard let text = try TextInput.read(path) else { throw missing(path) }
            return try catalog(text, file: path)
        }
        guard lower.hasSuffix(".strings") else {
            throw ConfigurationError(file: path, path: "$", position: nil, problem: "not a String Catalog (.xcstrings) or a .strings file")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let language = folder.hasSuffix(".lproj") ? String(((folder as NSString).lastPathComponent).dropLast(6)) : nil
        var files: [(String, String)] = []
        if language != nil {
            let parent = (folder as NSString).deletingLastPathComponent
            let siblings = ((try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent)) ?? []).filter { $0.hasSuffix(".lproj") }.sorted()
            for sibling in siblings {
                let candidate = ((parent as NSString).appendingPathComponent(sibling) as NSString).appendingPathComponent(name)
                if FileManager.default.isReadableFile(atPath: candidate) { files.append((String(sibling.dropLast(6)), candidate)) }
            }
        }
        if files.isEmpty { files = [(language ?? "en", path)] }
        var table: [String: [String: [String: String]]] = [:]
        for (locale, file) in files {
            guard let bytes = FileManager.default.contents(atPath: file) else { throw missing(file) }
            for (key, value) in try stringsFile(Array(bytes), file: file) { table[key, default: [:]][locale, default: [:]][""] = value }
        }
        let locales = files.map(\.0).filter { $0 != "Base" }
        let source = locales.contains("en") ? "en" : (language.flatMap { $0 == "Base" ? nil : $0 } ?? locales.first ?? "en")
        if files.contains(where: { $0.0 == "Base" }) {
            // Base.lproj holds the development language's strings.
            for key in table.keys { if let base = table[key]?["Base"], table[key]?[source] == nil { table[key]?[source] = base } }
        }
        return LocalizedStrings(file: path, sourceLanguage: source, locales: locales, table: table)
    }

    private static func missing(_ path: String) -> Error {
        InputPathError(subject: "strings", path: path, problem: InputPath.problem(path)?.description ?? "cannot be read")
    }

    /// A String Catalog's text.
    public static func catalog(_ text: String, file: String) throws -> LocalizedStrings {
        let root = try JSONValues.parse(text, file: file)
        var object = try JSONObjectReader(root, file: file)
        let source = try object.string("sourceLanguage")
        _ = try object.optionalString("version")
        var table: [String: [String: [String: String]]] = [:]
        var locales = Set<String>([source])
        if object.has("strings") {
            let strings = try object.object("strings")
            for member in strings.members {
                var entry = try JSONObjectReader(member.value, file: file, path: strings.path(of: member.key))
                var forKey: [String: [String: String]] = [:]
                if entry.has("localizations") {
                    let localizations = try entry.object("localizations")
                    for localization in localizations.members {
                        locales.insert(localization.key)
                        forKey[localization.key] = try units(localization.value, file: file, path: localizations.path(of: localization.key))
                    }
                }
                // Keys a catalog entry may carry beside its localizations.
                for other in ["comment", "extractionState", "shouldTranslate"] { _ = entry.optional(other) }
                try entry.finish()
                table[member.key] = forKey
            }
        }
        // Anything else at the top level is left alone (Xcode may add keys).
        return LocalizedStrings(file: file, sourceLanguage: source, locales: locales.sorted(), table: table)
    }

    /// One localization's texts by variant: `""` for a plain `stringUnit`, the device names
    /// of device variations, `other` for plural variations.
    private static func units(_ node: JSONNode, file: String, path: String) throws -> [String: String] {
        var reader = try JSONObjectReader(node, file: file, path: path)
        var result: [String: String] = [:]
        if reader.has("stringUnit") {
            var unit = try reader.object("stringUnit")
            _ = try unit.optionalString("state")
            let value = try unit.string("value")
            if !value.isEmpty { result[""] = value }
        }
        if reader.has("variations") {
            let variations = try reader.object("variations")
            for kind in variations.members {
                let cases = try JSONObjectReader(kind.value, file: file, path: variations.path(of: kind.key))
                for option in cases.members {
                    let inner = try units(option.value, file: file, path: cases.path(of: option.key))
                    guard let value = inner[""] else { continue }
                    switch kind.key {
                    case "device": result[option.key] = value
                    case "plural" where option.key == "other": result[""] = result[""] ?? value
                    default: break
                    }
                }
            }
        }
        _ = reader.optional("substitutions")
        try reader.finish()
        return result
    }

    /// The entries of a `.strings` file (`"key" = "value";`, C and line comments, the
    /// escapes `\n \t \r \" \\ \Uxxxx \uxxxx`, keys unquoted when plain); UTF-8 or UTF-16
    /// with its byte-order mark.
    public static func stringsFile(_ bytes: [UInt8], file: String) throws -> [(String, String)] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(data: Data(bytes), encoding: .utf16) else {
                throw ConfigurationError(file: file, path: "$", position: nil, problem: "not UTF-16 text after its byte-order mark")
            }
            text = decoded
        } else {
            text = try TextInput.decode(bytes, file: file)
        }
        var reader = StringsReader(scalars: Array(text.unicodeScalars), file: file)
        return try reader.entries()
    }

    /// The text of `key` in `locale` for a device of `family` (`iphone`, `ipad`): the
    /// locale's own, else the best match of its language (`de-DE` finds `de`; `zh-Hans-CN`
    /// finds `zh-Hans`), else, with `fallback`, the source language's. Nil when missing.
    public func text(_ key: String, locale: String, family: String, fallback: Bool) -> String? {
        let entry = table[key] ?? [:]
        func pick(_ units: [String: String]?) -> String? {
            guard let units else { return nil }
            return units[family] ?? units[""] ?? units["other"]
        }
        if let match = matchingLocale(locale), let text = pick(entry[match]) { return text }
        if fallback || LocalizedStrings.sameLanguage(locale, sourceLanguage) {
            if let text = pick(entry[sourceLanguage]) { return text }
            // A key with no source entry is its own source text (Xcode's rule), when it is in the catalog.
            if table[key] != nil { return key }
        }
        return nil
    }

    /// The file's locale that `locale` reads: the same tag (case and `_` ignored), else its
    /// tag shortened one subtag at a time (`zh-Hans-CN` → `zh-Hans` → `zh`).
    public func matchingLocale(_ locale: String) -> String? {
        func normal(_ s: String) -> String { s.replacingOccurrences(of: "_", with: "-").lowercased() }
        var parts = normal(locale).split(separator: "-").map(String.init)
        while !parts.isEmpty {
            let tag = parts.joined(separator: "-")
            if let found = locales.first(where: { normal($0) == tag }) { return found }
            parts.removeLast()
        }
        return nil
    }

    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        a.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first == b.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first
    }

    /// Every key, sorted.
    public var keys: [String] { table.keys.sorted() }
}

/// Reads the old-style property list of a `.strings` file.
private struct StringsReader {
    let scalars: [Unicode.Scalar]
    let file: String
    var index = 0
    var line = 1

    init(scalars: [Unicode.Scalar], file: String) {
        self.scalars = scalars
        self.file = file
    }

    func error(_ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, path: "line \(line)", position: nil, problem: problem)
    }

    mutating func entries() throws -> [(String, String)] {
        var result: [(String, String)] = []
        while true {
            try skip()
            guard index < scalars.count else { return result }
            let key = try token("a key")
            try skip()
            guard index < scalars.count, scalars[index] == "=" else { throw error("expected = after the key \"\(key)\"") }
            index += 1
            try skip()
            let value = try token("a value")
            try skip()
            guard index < scalars.count, scalars[index] == ";" else { throw error("expected ; after the value of \"\(key)\"") }
            index += 1
            result.append((key, value))
            guard result.count <= 100_000 else { throw error("more than 100000 entries") }
        }
    }

    /// White space and comments.
    mutating func skip() throws {
        while index < scalars.count {
            let c = scalars[index]
            if c == "\n" { line += 1; index += 1; continue }
            if c == " " || c == "\t" || c == "\r" || c == "\u{FEFF}" { index += 1; continue }
            if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
                continue
            }
            if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                index += 2
                while index + 1 < scalars.count && !(scalars[index] == "*" && scalars[index + 1] == "/") {
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                guard index + 1 < scalars.count else { throw error("a comment is not closed (*/)") }
                index += 2
                continue
            }
            return
        }
    }

    /// A quoted string, or a plain word of letters, digits and `_.-`.
    mutating func token(_ what: String) throws -> String {
        guard index < scalars.count else { throw error("expected \(what), found the end of the file") }
        if scalars[index] != "\"" {
            var word = String.UnicodeScalarView()
            while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) || "_.-$:/".unicodeScalars.contains(scalars[index]) {
                word.append(scalars[index])
                index += 1
            }
            guard !word.isEmpty else { throw error("expected \(what) (a quoted string), found '\(scalars[index])'") }
            return String(word)
        }
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            if c == "\"" { return String(text) }
            if c == "\n" { line += 1 }
            guard c == "\\" else { text.append(c); continue }
            guard index < scalars.count else { break }
            let e = scalars[index]
            index += 1
            switch e {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "\"", "\\", "'": text.append(e)
            case "U", "u":
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, index < scalars.count, let d = UInt32(String(scalars[index]), radix: 16) {
                    value = value * 16 + d
                    index += 1
                    digits += 1
                }
                guard digits == 4 else { throw error("\\\(e) expects four hexadecimal digits") }
                // A UTF-16 surrogate pair written as two escapes.
                if (0xD800..<0xDC00).contains(value), index + 5 < scalars.count, scalars[index] == "\\",
                   scalars[index + 1] == "U" || scalars[index + 1] == "u",
                   let low = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16), (0xDC00..<0xE000).contains(low) {
                    index += 6
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw error("\\\(e)\(String(value, radix: 16)) is not a character") }
                text.append(scalar)
            default: text.append(e)
            }
        }
        throw error("a string is not closed (\")")
    }
}
