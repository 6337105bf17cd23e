import Foundation

/// The presets of a directory of JSON files, looked up by id, name or alias.
public struct PresetLibrary: Sendable {
    /// The presets, sorted by id (numbers by value).
    public let presets: [Preset]
    /// The directory they were read from.
    public let directory: String

    /// Reads every `*.json` file of `directory`; the first invalid file is an error.
    public init(directory: String) throws {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else {
            throw PresetLookupError.missingDirectory(directory)
        }
        var presets: [Preset] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            presets.append(try PresetLibrary.load(file: path))
        }
        var seen: [String: String] = [:]
        for preset in presets {
            for key in [preset.id, preset.name] + preset.aliases {
                let normalized = PresetLibrary.normalize(key)
                if let other = seen[normalized], other != preset.id {
                    throw PresetLookupError.ambiguous(key, [other, preset.id])
                }
                seen[normalized] = preset.id
            }
        }
        // Numbers in ids sort by value: iphone-8 before iphone-11.
        self.presets = presets.sorted { $0.id.compare($1.id, options: .numeric) == .orderedAscending }
        self.directory = directory
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
        if let match = presets.first(where: { preset in
            ([preset.id, preset.name] + preset.aliases).contains { PresetLibrary.normalize($0) == key }
        }) {
            return match
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

    /// The presets directory: `$NOTCHWAVE_PRESETS`, else the first `presets` folder (or
    /// `share/notchwave/presets`) found walking up from the executable, else `./presets`.
    public static func defaultDirectory(executablePath: String? = nil) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["NOTCHWAVE_PRESETS"], !explicit.isEmpty { return explicit }
        let manager = FileManager.default
        let executable = executablePath ?? (try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            for candidate in ["presets", "share/notchwave/presets"] {
                let path = directory.appendingPathComponent(candidate).path
                if manager.fileExists(atPath: (path as NSString).appendingPathComponent("iphone-x.json")) { return path }
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { break }
            directory = parent
        }
        return "presets"
    }
}

/// A preset that cannot be found or read.
public enum PresetLookupError: Error, Sendable, Equatable, CustomStringConvertible, ExitCoded {
    case unknown(String, suggestions: [String])
    case missingDirectory(String)
    case unreadable(String)
    case ambiguous(String, [String])

    /// An unknown name is a usage error; a broken library a failure.
    public var exitCode: Int32 {
        if case .unknown = self { return ExitCodes.usage }
        return ExitCodes.failure
    }

    public var description: String {
        switch self {
        case let .unknown(name, suggestions):
            return "unknown preset \"\(name)\"\(EditDistance.hint(suggestions)); `notchwave presets` lists them"
        case let .missingDirectory(path):
            return "no presets directory at \(path) (set NOTCHWAVE_PRESETS to the folder of preset JSON files)"
        case let .unreadable(path):
            return "cannot read preset file \(path)"
        case let .ambiguous(name, ids):
            return "the name \"\(name)\" matches several presets: \(ids.joined(separator: ", "))"
        }
    }
}
