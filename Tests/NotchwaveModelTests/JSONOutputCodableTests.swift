import Foundation
import Testing
import NotchwaveModel

/// `JSONOutput` through Foundation's encoder and decoder, against JSON text written by hand.
@Suite("JSONOutput through Codable")
struct JSONOutputCodableTests {
    @Test("every kind of value decodes as itself; members come back sorted by key")
    func decodes() throws {
        let text = #"[true, 1, 0, 2.5, "s/t", null, {"b": [false, {}], "a": []}, 1e300]"#
        let value = try JSONDecoder().decode(JSONOutput.self, from: Data(text.utf8))
        #expect(value.rendered(indent: nil) == #"[true,1,0,2.5,"s/t",null,{"a":[],"b":[false,{}]},1e+300]"#)
    }

    @Test("encoding with sorted keys is canonical: numbers as formatNumber writes them, any member order gives the same bytes")
    func encodesCanonically() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let a = JSONOutput.object([("b", .number(0.1 + 0.2)), ("a", .array([.bool(true), .null, .string("x/y"), .number(3)])),
                                   ("c", .object([("z", .number(-0.5)), ("y", .number(1e-10))]))])
        let b = JSONOutput.object([("c", .object([("y", .number(1e-10)), ("z", .number(-0.5))])),
                                   ("a", .array([.bool(true), .null, .string("x/y"), .number(3)])), ("b", .number(0.3))])
        let expected = #"{"a":[true,null,"x/y",3],"b":0.3,"c":{"y":0,"z":-0.5}}"#
        #expect(String(decoding: try encoder.encode(a), as: UTF8.self) == expected)
        #expect(try encoder.encode(a) == encoder.encode(b))
        // A number JSON cannot hold is an error, not a document.
        #expect(throws: EncodingError.self) { try encoder.encode(JSONOutput.array([.number(.nan)])) }
    }
}
