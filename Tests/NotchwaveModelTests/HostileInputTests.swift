import Foundation
import Testing
import NotchwaveModel
import TestSupport

/// Inputs a hostile user gives: a byte-order mark or bytes that are not UTF-8, numbers
/// in hex or beyond any range, frames beyond the pixel budget.
@Suite("Hostile input")
struct HostileInputTests {
    static let presetText = (try? String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("presets/iphone-x.json"), encoding: .utf8)) ?? ""

    @Test("a UTF-8 byte-order mark is dropped; the text decodes as without it")
    func byteOrderMark() throws {
        let bytes = Array(HostileInputTests.presetText.utf8)
        let plain = try TextInput.decode(bytes, file: "p.json")
        #expect(try TextInput.decode([0xEF, 0xBB, 0xBF] + bytes, file: "p.json") == plain)
        #expect(try Preset.decode(TextInput.decode([0xEF, 0xBB, 0xBF] + bytes, file: "p.json"), file: "p.json").id == "iphone-x")
    }

    @Test("bytes that are not UTF-8 are refused with their offset", arguments: [
        ([0x7B, 0x22, 0xFF, 0x22, 0x7D] as [UInt8], 2, "FF"), ([0x22, 0xC3] as [UInt8], 1, "C3"), ([0xED, 0xA0, 0x80] as [UInt8], 0, "ED"),
    ])
    func invalidUTF8(bytes: [UInt8], offset: Int, byte: String) {
        do {
            _ = try TextInput.decode(bytes, file: "j.json")
            Issue.record("decoded")
        } catch {
            #expect("\(error)" == "j.json: $: not UTF-8 text (invalid byte 0x\(byte) at byte offset \(offset))")
        }
    }

    @Test("decimal numbers only: hex, inf and nan are not numbers anywhere", arguments: [
        ("12", 12.0), ("-0.5", -0.5), ("1e-3", 0.001), (".25", 0.25), ("0x10", nil), ("0x1p-2", nil), ("inf", nil), ("nan", nil),
        ("1e400", nil), ("", nil), ("+", nil), ("1_000", nil), (" 1", nil),
    ] as [(String, Double?)])
    func decimal(text: String, value: Double?) {
        #expect(TextInput.decimal(text) == value)
    }

    @Test("presets beyond the pixel budget, or whose scale disagrees with their sizes, are refused", arguments: [
        ("too-many-pixels.json", "$.screenPixels: 100000 x 100000 px is beyond the pixel budget (at most 16384 px a side and 33554432 px (33.5 megapixels) in all)"),
        ("enormous-pixels.json", "$.screenPixels: 1000000000000000.0 x 1000000000000000.0 px is beyond the pixel budget"),
        ("scale-mismatch.json", "$.scale: a scale of 100 does not agree with the sizes: 1125 px over 375 pt is 3 px a point"),
    ])
    func budget(file: String, message: String) throws {
        let text = try String(contentsOfFile: BrokenPresetTests.directory + "/" + file, encoding: .utf8)
        do {
            _ = try Preset.decode(text, file: file)
            Issue.record("\(file) loaded")
        } catch {
            #expect("\(error)".hasPrefix("\(file): \(message)"), "\(error)")
        }
    }

    @Test("the budget: 8K UHD fits, one pixel more a side or in all does not")
    func budgetEdges() {
        #expect(PixelBudget.problem(width: 7680, height: 4320) == nil)
        #expect(PixelBudget.problem(width: 16384, height: 2048) == nil)
        #expect(PixelBudget.problem(width: 16385, height: 1) != nil)
        #expect(PixelBudget.problem(width: 1, height: 16385) != nil)
        #expect(PixelBudget.problem(width: 8193, height: 4096) != nil)
        #expect(PixelBudget.problem(width: .nan, height: 1) != nil)
    }
}
