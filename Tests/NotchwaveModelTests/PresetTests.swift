import Foundation
import Testing
import NotchwaveModel
import TestSupport

@Suite("Presets")
struct PresetTests {
    static let presetsDirectory = CommandRunner.packageRoot.appendingPathComponent("presets").path

    @Test("every preset file loads (decoding validates it) and ids are unique")
    func loadAll() throws {
        let library = try PresetLibrary(directory: PresetTests.presetsDirectory)
        let files = try FileManager.default.contentsOfDirectory(atPath: PresetTests.presetsDirectory).filter { $0.hasSuffix(".json") }
        #expect(library.presets.count == files.count)
        #expect(Set(library.presets.map(\.id)).count == library.presets.count)
    }

    @Test("the seed's three presets carry the issue's numbers")
    func seedPresets() throws {
        let library = try PresetLibrary(directory: PresetTests.presetsDirectory)
        let x = try library.preset(named: "iphone-x")
        #expect(x.bar == BarGeometry(h: 30, cs: 117, rt: 6, rb: 20))
        #expect(x.screenPoints.value == Size2(width: 375, height: 812) && x.scale.value == 3)
        #expect(x.bar.notchWidth == 209)
        let xr = try library.preset(named: "iphone-xr")
        #expect(xr.bar == BarGeometry(h: 33, cs: 128, rt: 7, rb: 21))
        #expect(xr.screenPoints.value == Size2(width: 414, height: 896) && xr.scale.value == 2)
        let plain = try library.preset(named: "plain")
        #expect(plain.bar == BarGeometry(h: 20, cs: 0, rt: 10, rb: 10))
        #expect(plain.cutout == .none)
        #expect(plain.screenPoints.value == Size2(width: 375, height: 667) && plain.scale.value == 2)
    }

    @Test("names and aliases find presets; unknown names suggest close ids")
    func lookup() throws {
        let library = try PresetLibrary(directory: PresetTests.presetsDirectory)
        #expect(try library.preset(named: "iPhone X").id == "iphone-x")
        #expect(try library.preset(named: "iphonexr").id == "iphone-xr")
        do {
            _ = try library.preset(named: "iphone-xx")
            Issue.record("expected an error")
        } catch let error as PresetLookupError {
            #expect(error.description.contains("unknown preset \"iphone-xx\""))
            #expect(error.description.contains("iphone-x"))
        }
    }

    @Test("decoding errors name the file, the JSON path and the problem")
    func errors() throws {
        let good = try String(contentsOfFile: PresetTests.presetsDirectory + "/iphone-x.json", encoding: .utf8)
        func message(_ text: String) -> String {
            do {
                _ = try Preset.decode(text, file: "p.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message(good.replacingOccurrences(of: "\"scale\"", with: "\"scal\"")).hasPrefix("p.json: $.scale: missing field \"scale\""))
        #expect(message(good.replacingOccurrences(of: "\"value\": 30,", with: "\"value\": \"30\",")).hasPrefix("p.json: $.cutout.height.value: expected a number, found a string"))
        #expect(message(good.replacingOccurrences(of: "\"family\"", with: "\"familly\"")).contains("unknown key \"familly\""))
        #expect(message("{ \"id\": ").hasPrefix("p.json: $: invalid JSON"))
        #expect(message("{ \"id\": ").contains("line 1"))
        #expect(message(good.replacingOccurrences(of: "\"value\": 20,", with: "\"value\": 40,")).contains("h < rt + rb"))
    }
}
