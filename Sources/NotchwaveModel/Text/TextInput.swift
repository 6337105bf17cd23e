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

    /// The largest configuration file read (presets, job files, scripts, manifests).
    public static let maximumFileSize = 256 << 20

    /// Reads `path` and decodes it with `decode(_:file:)`; nil when there is no such
    /// file or it cannot be read. Anything but a regular file (links followed) is a
    /// `ConfigurationError` before it is opened, so a FIFO or a device never blocks or
    /// floods the read; so is a file over `maximumFileSize`.
    public static func read(_ path: String) throws -> String? {
        if let problem = InputPath.problem(path) {
            guard case .notARegularFile = problem else { return nil }
            throw ConfigurationError(file: path, path: "$", position: nil, problem: problem.description)
        }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > maximumFileSize {
            throw ConfigurationError(file: path, path: "$", position: nil,
                                     problem: "\(Int(info.st_size) >> 20) MB is more than the \(maximumFileSize >> 20) MB a configuration file may have")
        }
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
