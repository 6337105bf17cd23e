import Foundation
import Testing
import NotchwaveModel
import TestSupport

/// Each broken preset in `BrokenPresets/` fails with exactly this one-line message: the
/// file, the JSON path, the problem and the position.
@Suite("Broken presets")
struct BrokenPresetTests {
    static let directory = CommandRunner.packageRoot.appendingPathComponent("Tests/NotchwaveModelTests/BrokenPresets").path

    static let expected: [String: String] = [
        "bad-confidence.json": "$.cornerRadius.confidence: unknown confidence \"sure\" (expected stated, derived or estimated) (line 32, column 19)",
        "bad-id.json": "$.id: \"iPhone X\" is not a lowercase, hyphenated id (like \"iphone-15-pro\") (line 2, column 9)",
        "cutout-too-large.json": "$.cutout.width: the notch (500 x 30 pt) is larger than the screen (line 42, column 14)",
        "h-less-than-radii.json": "$.cutout: h < rt + rb (20 < 6 + 20) (line 40, column 13)",
        "missing-field.json": "$.scale: missing field \"scale\" (line 1, column 1)",
        "negative-centre-spacing.json": "$.cutout: the bar's centre spacing cs = -8 is negative (the notch is narrower than 2 (rt + 2 rb)) (line 40, column 13)",
        "non-positive.json": "$.cutout.height.value: must be positive, got 0 (line 49, column 16)",
        "pixels-mismatch.json": "$.screenPixels: the pixel size is not the point size times one scale (3 across, 2.463 down) (line 22, column 19)",
        "syntax-error.json": "$: invalid JSON: expected ',' or '}' (line 4, column 3)",
        "unknown-cutout.json": "$.cutout.kind: unknown cutout kind \"hole\" (expected none, notch or island) (line 41, column 13)",
        "unknown-key.json": "$.colour: unknown key \"colour\" (known keys: \"aliases\", \"appStoreClass\", \"bar\", \"cornerRadius\", \"cutout\", \"family\", \"id\", \"name\", \"notes\", \"scale\", \"screenPixels\", \"screenPoints\", \"statusBarHeight\") (line 67, column 3)",
        "wrong-type-nested.json": "$.cutout.topRadius: expected a number, found a string (line 53, column 18)",
        "wrong-type.json": "$.screenPoints: expected an array, found a string (line 9, column 19)",
    ]

    /// Presets beyond the pixel budget or with a disagreeing scale (HostileInputTests).
    static let budget: Set<String> = ["too-many-pixels.json", "enormous-pixels.json", "scale-mismatch.json"]

    @Test("every broken preset has its exact message, and the folder has no unchecked file")
    func messages() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BrokenPresetTests.directory).filter { $0.hasSuffix(".json") }.sorted()
        #expect(Set(files) == Set(BrokenPresetTests.expected.keys).union(BrokenPresetTests.budget))
        for file in files where !BrokenPresetTests.budget.contains(file) {
            let text = try String(contentsOfFile: BrokenPresetTests.directory + "/" + file, encoding: .utf8)
            do {
                _ = try Preset.decode(text, file: file)
                Issue.record("\(file) loaded without an error")
            } catch {
                #expect("\(error)" == "\(file): \(BrokenPresetTests.expected[file] ?? "")")
                #expect(!"\(error)".contains("\n"))
            }
        }
    }

    @Test("the CLI reports a broken --preset-file in one line with exit code 64")
    func cli() throws {
        let run = try CommandRunner.notchwave(["frame", "--time", "0", "--preset-file", BrokenPresetTests.directory + "/missing-field.json", "-o", "/tmp/unused.png"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("missing-field.json: $.scale: missing field \"scale\""))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
