/// A JSON syntax error with its position.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var position: JSONPosition
}

/// A small strict JSON parser (RFC 8259) that records the position of every value.
public struct JSONParser {
    private let bytes: [UInt8]
    private let allowsComments: Bool
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Parses `text` into a node; with `allowingComments`, `//` and `/* */` comments are
    /// skipped like white space (for hand-written job files).
    public static func parse(_ text: String, allowingComments: Bool = false) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: Array(text.utf8), allowsComments: allowingComments)
        try parser.skipComments()
        let node = try parser.value(depth: 0)
        try parser.skipComments()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected text after the JSON value")
        }
        return node
    }

    private init(bytes: [UInt8], allowsComments: Bool) {
        self.bytes = bytes
        self.allowsComments = allowsComments
    }

    /// White space and, when allowed, comments.
    private mutating func skipComments() throws(JSONSyntaxError) {
        skipWhitespace()
        guard allowsComments else { return }
        while index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/") {
            if bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if bytes[index + 1] == UInt8(ascii: "*") {
                let start = position
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                    index += 1
                }
                guard index + 1 < bytes.count else { throw JSONSyntaxError(message: "unterminated /* comment", position: start) }
                index += 2
            } else {
                return
            }
            skipWhitespace()
        }
    }

    private var position: JSONPosition { JSONPosition(line: line, column: index - lineStart + 1) }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < 64 else { throw error("nesting deeper than 64 levels") }
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        let start = position
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), at: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try number()), at: start)
        default:
            throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))', expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw error("invalid literal, expected '\(word)'") }
            index += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        index += 1
        var members: [JSONNode.Member] = []
        try skipComments()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return JSONNode(.object(members), at: start)
        }
        while true {
            try skipComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyPosition = position
            let key = try string()
            if members.contains(where: { $0.key == key }) {
                throw JSONSyntaxError(message: "duplicate key \"\(key)\"", position: keyPosition)
            }
            try skipComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            try skipComments()
            let member = try value(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: member))
            try skipComments()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}'")
        }
        return JSONNode(.object(members), at: start)
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        index += 1
        var items: [JSONNode] = []
        try skipComments()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return JSONNode(.array(items), at: start)
        }
        while true {
            try skipComments()
            items.append(try value(depth: depth + 1))
            try skipComments()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']'")
        }
        return JSONNode(.array(items), at: start)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw error("control character in a string") }
            if byte != UInt8(ascii: "\\") { raw.append(byte); index += 1; continue }
            flush()
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(scalar)
            default:
                throw error("invalid escape '\\\(String(decoding: [escape], as: UTF8.self))'")
            }
        }
        flush()
        return String(scalars)
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = JSONParser.hexValue(bytes[index]) else { throw error("invalid \\u escape") }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            var n = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; n += 1 }
            return n
        }
        guard index < bytes.count else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("invalid number: digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range") }
        return value
    }
}
