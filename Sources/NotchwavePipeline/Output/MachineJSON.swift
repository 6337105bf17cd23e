import Foundation
import NotchwaveModel

/// JSON that notchwave writes and reads back itself (batch manifests, the input of the
/// parameter hash), through `Codable`. Files people write by hand (presets, job files,
/// scripts) are read with the position-aware `JSONValues` / `JSONObjectReader` instead.
enum MachineJSON {
    /// A document for a file people may also read: keys sorted at every level, two-space
    /// indentation, `/` unescaped, ending in a newline.
    static func document(_ value: some Encodable) throws -> [UInt8] {
        Array(try encoder(pretty: true).encode(value)) + [UInt8(ascii: "\n")]
    }

    /// Canonical bytes for hashing: one line without whitespace, the keys of every object
    /// sorted, `/` unescaped, numbers as `JSONOutput` writes them (integral values as
    /// integers, others rounded to nine decimals and spelled in their shortest round-trip
    /// digits). The same value always gives the same bytes; the bytes depend only on the
    /// value and on Foundation's `JSONEncoder` (a toolchain whose encoder spelled a string
    /// or a number differently would change every hash once, so batches render again:
    /// never a stale skip). A number that is not finite is an `EncodingError`.
    static func canonical(_ value: some Encodable) throws -> [UInt8] {
        Array(try encoder(pretty: false).encode(value))
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Decodes a `T` from `text`, the contents of `file`. Anything wrong is one
    /// `ConfigurationError` naming the file, the JSON path and the problem (text that is
    /// not JSON at all with its line and column).
    static func decode<T: Decodable>(_ type: T.Type, from text: String, file: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch let error as DecodingError {
            // Foundation says only "not valid JSON": the position-aware parser says where.
            if case let .dataCorrupted(context) = error, context.codingPath.isEmpty {
                _ = try JSONValues.parse(text, file: file)
            }
            throw ConfigurationError(file: file, path: path(error.context.codingPath), position: nil, problem: problem(error))
        }
    }

    /// `$.outputs[2].status` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        "$" + codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    /// What is wrong, in words.
    static func problem(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(key, _):
            return "missing field \"\(key.stringValue)\""
        case let .valueNotFound(type, _):
            return "expected \(type), found null"
        case let .typeMismatch(_, context), let .dataCorrupted(context):
            return sentence(context.debugDescription)
        @unknown default:
            return sentence(error.context.debugDescription)
        }
    }

    /// Foundation's message without its capital and full stop, to fit in a line.
    private static func sentence(_ text: String) -> String {
        var text = text
        if text.hasSuffix(".") { text.removeLast() }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

extension DecodingError {
    /// The context of any case.
    var context: Context {
        switch self {
        case let .keyNotFound(_, context), let .valueNotFound(_, context), let .typeMismatch(_, context), let .dataCorrupted(context):
            return context
        @unknown default:
            return Context(codingPath: [], debugDescription: "\(self)")
        }
    }
}
