import Foundation

/// Reading user-supplied text the same way everywhere: files (presets, job files,
/// manifests) and numbers typed on the command line or inside expressions.
public enum TextInput {
    /// The UTF-8 text of a configuration file's bytes: a leading byte-order mark is
    /// dropped, and bytes that are not UTF-8 are an error naming their offset.
    public static func decode(_ bytes: [UInt8], file: String) throws -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var iterator = body.makeIterator()
        var decoder = UTF8()
        var offset = body.startIndex
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return String(scalars)
            case .error:
                throw ConfigurationError(file: file, path: "$", position: nil,
                                         problem: "not UTF-8 text (invalid byte 0x\(String(body[offset], radix: 16, uppercase: true)) at byte offset \(offset))")
            }
        }
    }

    /// Reads `path` and decodes it with `decode(_:file:)`; nil when it cannot be read.
    public static func read(_ path: String) throws -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try decode(Array(data), file: path)
    }

    /// A decimal number (`12`, `-0.5`, `1e-3`, `.25`): digits with an optional sign,
    /// point and exponent; no hex, no `inf` or `nan`, finite. Command-line seconds and
    /// whole numbers, and the numbers of `cubic-bezier(...)`, all follow this one rule.
    public static func decimal<S: StringProtocol>(_ text: S) -> Double? {
        let allowed = Set("0123456789+-.eE")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), text.contains(where: \.isNumber),
              let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }
}
