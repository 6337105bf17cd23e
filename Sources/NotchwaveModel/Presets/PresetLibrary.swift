import Foundation

/// The presets notchwave knows, looked up by id, name or alias: the built-in ones (compiled
/// into the binary from `presets/*.json`), with a directory of the user's own JSON files
/// (`--presets DIR` or `$NOTCHWAVE_PRESETS`) merged over them. A user's preset replaces the
/// built-in one of the same id; a query matches ids first, then names and aliases, the
/// user's before the built-in ones; two presets of one source that share an id, a name or
/// an alias are an error.
public struct PresetLibrary: Sendable {
    /// The presets, sorted by id (numbers by value).
    public let presets: [Preset]
    /// Where the presets came from, lowest first ("built in", then a directory).
    public let sources: [String]
    /// The presets of each source after merging, highest first: the lookup order.
    private let lookup: [[Preset]]

    /// What `sources` calls the compiled-in presets.
    public static let builtInSource = "built in"

    /// The presets of `directory` alone (every `*.json` file; the first invalid one is an
    /// error).
    public init(directory: String) throws {
        try self.init(layers: [(directory, try PresetLibrary.files(in: directory))])
    }

    /// The built-in presets with those of `userDirectory`, if given, merged over them.
    public init(userDirectory: String? = nil) throws {
        var layers = [(PresetLibrary.builtInSource, PresetLibrary.builtInFiles.map { (name: "built-in presets/\($0.name)", text: $0.text) })]
        if let userDirectory { layers.append((userDirectory, try PresetLibrary.files(in: userDirectory))) }
        try self.init(layers: layers)
    }

    /// The standard library: the built-in presets, with `--presets DIR` (`option`) or
    /// else `$NOTCHWAVE_PRESETS` merged over them.
    public static func standard(option: String? = nil) throws -> PresetLibrary {
        if let option { return try PresetLibrary(userDirectory: option) }
        let environment = ProcessInfo.processInfo.environment["NOTCHWAVE_PRESETS"]
        return try PresetLibrary(userDirectory: environment.flatMap { $0.isEmpty ? nil : $0 })
    }

    private init(layers: [(source: String, files: [(name: String, text: String)])]) throws {
        var merged: [[Preset]] = []
        for layer in layers {
            let presets = try layer.files.map { try Preset.decode($0.text, file: $0.name) }
            var seen: [String: (id: String, file: String)] = [:]
            for (preset, file) in zip(presets, layer.files.map(\.name)) {
                for key in [preset.id, preset.name] + preset.aliases {
                    let normalized = PresetLibrary.normalize(key)
                    if let other = seen[normalized], other.id != preset.id || key == preset.id {
                        let files = [other.file, file].map { ($0 as NSString).lastPathComponent }
                        throw PresetLookupError.ambiguous(key, [other.id, preset.id], source: layer.source, files: files)
                    }
                    seen[normalized] = (preset.id, file)
                }
            }
            let replaced = Set(presets.map(\.id))
            merged = merged.map { $0.filter { !replaced.contains($0.id) } }
            merged.append(presets)
        }
        // Numbers in ids sort by value: iphone-8 before iphone-11.
        presets = merged.joined().sorted { $0.id.compare($1.id, options: .numeric) == .orderedAscending }
        sources = layers.map(\.source)
        lookup = merged.reversed()
    }

    /// The `*.json` files of `directory`, by path, sorted.
    private static func files(in directory: String) throws -> [(name: String, text: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw PresetLookupError.missingDirectory(directory)
        }
        return try names.sorted().filter { $0.hasSuffix(".json") }.map { name in
            let path = (directory as NSString).appendingPathComponent(name)
            guard let text = try TextInput.read(path) else { throw PresetLookupError.unreadable(path) }
            return (path, text)
        }
    }

    /// Reads and validates one preset file.
    public static func load(file: String) throws -> Preset {
        guard let text = try TextInput.read(file) else {
            throw PresetLookupError.unreadable(file)
        }
        return try Preset.decode(text, file: file)
    }

    /// The preset whose id, name or alias matches `query` ignoring case, spaces, hyphens
    /// and punctuation (`iphone-15-pro`, `"iPhone 15 Pro"`, `iphone15pro`).
    public func preset(named query: String) throws -> Preset {
        let key = PresetLibrary.normalize(query)
        // An id is never shadowed: ids first, then names and aliases, the user's first.
        for layer in lookup {
            if let match = layer.first(where: { PresetLibrary.normalize($0.id) == key }) { return match }
        }
        for layer in lookup {
            if let match = layer.first(where: { preset in
                ([preset.name] + preset.aliases).contains { PresetLibrary.normalize($0) == key }
            }) {
                return match
            }
        }
        throw PresetLookupError.unknown(query, suggestions: suggestions(for: query))
    }

    /// Ids close to `query`, for "did you mean" messages.
    public func suggestions(for query: String) -> [String] {
        EditDistance.suggestions(for: query, in: presets.map(\.id), normalize: PresetLibrary.normalize)
    }

    /// Lowercase letters and digits only.
    public static func normalize(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }
}

/// A preset that cannot be found or read.
public enum PresetLookupError: Error, Sendable, Equatable, CustomStringConvertible, ExitCoded {
    case unknown(String, suggestions: [String])
    case missingDirectory(String)
    case unreadable(String)
    case ambiguous(String, [String], source: String, files: [String])

    /// An unknown name or a folder that is not there is a usage error; a broken library a
    /// failure.
    public var exitCode: Int32 {
        switch self {
        case .unknown, .missingDirectory: return ExitCodes.usage
        case .unreadable, .ambiguous: return ExitCodes.failure
        }
    }

    public var description: String {
        switch self {
        case let .unknown(name, suggestions):
            return "unknown preset \"\(name)\"\(EditDistance.hint(suggestions)); `notchwave presets` lists them"
        case let .missingDirectory(path):
            return "no presets directory at \(path) (--presets and NOTCHWAVE_PRESETS name a folder of preset JSON files)"
        case let .unreadable(path):
            return "cannot read preset file \(path)"
        case let .ambiguous(name, ids, source, files):
            let what = ids.count == 2 && ids[0] == ids[1] ? "two presets have the id \"\(name)\"" : "the name \"\(name)\" matches several presets: \(ids.joined(separator: ", "))"
            return "\(source == PresetLibrary.builtInSource ? "the built-in presets" : source): \(what) (\(files.joined(separator: " and ")))"
        }
    }
}
