/// A JSON value to print, with members kept in the order they were added.
public indirect enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.rendered() == b.rendered() }

    /// The value as JSON text; `indent` spaces per level, or one line when nil.
    public func rendered(indent: Int? = 2) -> String {
        var out = ""
        write(into: &out, level: 0, indent: indent)
        return out
    }

    /// A number written without a fraction when it is integral, and rounded to nine
    /// decimals otherwise (so that 174.2 - 105.2 prints as 69, not 68.99999999999999).
    public static func formatNumber(_ n: Double) -> String {
        let number = canonicalNumber(n)
        if let integer = number.integer { return String(integer) }
        return "\(number.value)"
    }

    /// The number as JSON writes it: an integer when `n` is integral after rounding to
    /// nine decimals, otherwise the rounded value (values that are not finite, or 1e15
    /// and beyond, are left as they are).
    static func canonicalNumber(_ n: Double) -> (integer: Int64?, value: Double) {
        guard n.isFinite, abs(n) < 1e15 else { return (nil, n) }
        let rounded = (n * 1e9).rounded() / 1e9
        return (rounded == rounded.rounded() ? Int64(rounded) : nil, rounded)
    }

    /// A JSON string literal.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private func write(into out: inout String, level: Int, indent: Int?) {
        let newline = indent == nil ? "" : "\n"
        let pad = { (l: Int) in String(repeating: " ", count: (indent ?? 0) * l) }
        switch self {
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{" + newline
            for (i, (key, value)) in members.enumerated() {
                out += pad(level + 1) + JSONOutput.quote(key) + (indent == nil ? ":" : ": ")
                value.write(into: &out, level: level + 1, indent: indent)
                out += (i + 1 < members.count ? "," : "") + newline
            }
            out += pad(level) + "}"
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            let simple = items.allSatisfy { if case .object = $0 { return false }; if case .array = $0 { return false }; return true }
            if simple {
                out += "[" + items.map { $0.rendered(indent: nil) }.joined(separator: ", ") + "]"
                return
            }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad(level + 1)
                item.write(into: &out, level: level + 1, indent: indent)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += pad(level) + "]"
        case let .string(s): out += JSONOutput.quote(s)
        case let .number(n): out += JSONOutput.formatNumber(n)
        case let .bool(b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }
}
