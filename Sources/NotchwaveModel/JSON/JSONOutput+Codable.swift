/// `JSONOutput` through `Codable`, so a machine-written file can hold a free-form value
/// (a batch manifest's parameters) beside typed fields.
///
/// Encoding writes numbers as `formatNumber` does (integral values without a fraction,
/// others rounded to nine decimals); the member order is the encoder's (with
/// `.sortedKeys`, sorted). Decoding sorts each object's members by key: keyed
/// containers do not keep the file's order, and sorted is the order a `.sortedKeys`
/// encoder wrote them in.
extension JSONOutput: Codable {
    /// A member name of an object.
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the value; a number that is not finite is an `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .object(members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case let .array(items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case let .string(s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        case let .number(n):
            var container = encoder.singleValueContainer()
            let number = JSONOutput.canonicalNumber(n)
            if let integer = number.integer { try container.encode(integer) } else { try container.encode(number.value) }
        case let .bool(b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// Decodes any JSON value (scalars tried first: they are most of a document, and
    /// every failed attempt costs a thrown error).
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let s = try? single.decode(String.self) {
            self = .string(s)
        } else if let n = try? single.decode(Double.self) {
            self = .number(n)
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if var container = try? decoder.unkeyedContainer() {
            var items: [JSONOutput] = []
            while !container.isAtEnd { items.append(try container.decode(JSONOutput.self)) }
            self = .array(items)
        } else {
            let container = try decoder.container(keyedBy: Key.self)
            self = .object(try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                ($0.stringValue, try container.decode(JSONOutput.self, forKey: $0))
            })
        }
    }
}
