import Foundation
import Testing
import NotchwaveModel
import TestSupport

@Suite("The device table")
struct PresetTableTests {
    static let directory = CommandRunner.packageRoot.appendingPathComponent("presets").path

    static let required = [
        "iphone-x", "iphone-xr", "iphone-xs", "iphone-xs-max", "iphone-11", "iphone-11-pro", "iphone-11-pro-max",
        "iphone-12-mini", "iphone-12", "iphone-12-pro", "iphone-12-pro-max", "iphone-13-mini", "iphone-13", "iphone-13-pro",
        "iphone-13-pro-max", "iphone-14", "iphone-14-plus", "iphone-16e", "iphone-14-pro", "iphone-14-pro-max", "iphone-15",
        "iphone-15-plus", "iphone-15-pro", "iphone-15-pro-max", "iphone-16", "iphone-16-plus", "iphone-16-pro",
        "iphone-16-pro-max", "iphone-17", "iphone-17-pro", "iphone-17-pro-max", "iphone-air", "iphone-8", "iphone-se-2",
        "iphone-se-3", "macbook-pro-14", "macbook-pro-16", "macbook-air-13", "macbook-air-15",
        "iphone-8-plus", "iphone-17e", "iphone-18-pro", "iphone-18-pro-max",
    ]

    @Test("every required device has a preset of the right cutout kind")
    func coverage() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        let ids = Set(library.presets.map(\.id))
        for id in PresetTableTests.required { #expect(ids.contains(id), "missing \(id)") }
        for id in ["iphone-14-pro", "iphone-15", "iphone-16-pro", "iphone-17-pro-max", "iphone-air", "iphone-18-pro"] {
            if case .island = try library.preset(named: id).cutout {} else { Issue.record("\(id) should have an island") }
        }
        for id in ["iphone-8", "iphone-8-plus", "iphone-se-2", "iphone-se-3"] {
            let preset = try library.preset(named: id)
            #expect(preset.cutout == .none && preset.statusBarHeight.value == 20)
        }
        for id in ["iphone-13", "iphone-16e", "iphone-17e", "macbook-pro-14", "macbook-air-13"] {
            if case .notch = try library.preset(named: id).cutout {} else { Issue.record("\(id) should have a notch") }
        }
    }

    @Test("every number of every repository preset has a source and a confidence")
    func sources() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        for preset in library.presets {
            for field in preset.sourcedFields {
                #expect(field.source?.isEmpty == false, "\(preset.id) \(field.name) has no source")
                #expect(field.confidence != nil, "\(preset.id) \(field.name) has no confidence")
            }
        }
    }

    @Test("every estimated number names the measurement or source that would confirm it")
    func estimatesNameTheirConfirmation() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        var estimates = 0
        for preset in library.presets {
            for field in preset.sourcedFields where field.confidence == .estimated {
                estimates += 1
                #expect((field.confirm?.count ?? 0) >= 20, "\(preset.id) \(field.name) is estimated but names nothing that would confirm it")
            }
        }
        #expect(estimates > 0)
    }

    @Test("no source repeats its confidence as a prefix (the confidence says it once)")
    func sourcesDoNotRepeatTheirConfidence() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        for preset in library.presets {
            for field in preset.sourcedFields {
                for word in Confidence.allCases.map(\.rawValue) {
                    #expect(field.source?.hasPrefix(word + ":") != true, "\(preset.id) \(field.name): \(field.source ?? "")")
                }
            }
        }
    }

    @Test("the iPhone 17e is a notch device with the 16e's screen: 47.33-pt corners, a 47-pt status bar")
    func iPhone17eHasTheNotch() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        let e17 = try library.preset(named: "iPhone 17e")
        // A simulator probe and framebuffer mask of the shipping model (flutter_device_preview
        // device_specs/apple-iphone-17e.json: safe area 47, a notch 161.77 pt between its
        // walls and 33.67 pt deep) and BezelKit's _displayCornerRadius for iPhone18,5.
        guard case let .notch(notch) = e17.cutout else { Issue.record("the 17e has a notch, got \(e17.cutout.kind)"); return }
        #expect(e17.cornerRadius.value == 47.33)
        #expect(e17.statusBarHeight.value == 47)
        #expect(e17.pixelWidth == 1170 && e17.pixelHeight == 2532)
        #expect(abs(notch.width.value - 161.77) < 0.5 && abs(notch.height.value - 33.67) < 0.5)
        #expect(e17.bar == (try library.preset(named: "iphone-16e")).bar)
    }

    @Test("each notch's bar is the spec's relation applied to the file's raw numbers: width = cs + 2 (rt + 2 rb), h >= rt + rb")
    func notchRelation() throws {
        // The raw numbers are read with Foundation's JSON parser, not the preset decoder,
        // so this checks the decoder's derivation against the spec's formula.
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        var notches = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: PresetTableTests.directory) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: PresetTableTests.directory + "/" + name))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let cutout = try #require(root["cutout"] as? [String: Any])
            guard cutout["kind"] as? String == "notch" else { continue }
            func value(_ key: String) throws -> Double { try #require((cutout[key] as? [String: Any])?["value"] as? Double) }
            let width = try value("width"), height = try value("height"), rt = try value("topRadius"), rb = try value("bottomRadius")
            let cs = width - 2 * (rt + 2 * rb)
            #expect(cs >= 0, "\(name): cs = \(cs)")
            #expect(height >= rt + rb, "\(name)")
            let bar = try library.preset(named: try #require(root["id"] as? String)).bar
            #expect(abs(bar.cs - cs) < 1e-9 && bar.h == height && bar.rt == rt && bar.rb == rb, "\(name): \(bar)")
            notches += 1
        }
        #expect(notches >= 20)
    }

    @Test("aliases users type find presets")
    func aliases() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        #expect(try library.preset(named: "iPhone 15 Pro").id == "iphone-15-pro")
        #expect(try library.preset(named: "iphone15pro").id == "iphone-15-pro")
        #expect(try library.preset(named: "IPHONE-16E").id == "iphone-16e")
        #expect(try library.preset(named: "MacBook Pro 14-inch").id == "macbook-pro-14")
        #expect(try library.preset(named: "MacBook Air 13\" (M2)").id == "macbook-air-13")
        #expect(try library.preset(named: "MacBook Air 13-inch").id == "macbook-air-13")
    }

    @Test("presets/README.md is the current output of `presets --markdown`")
    func readmeIsCurrent() throws {
        let library = try PresetLibrary(directory: PresetTableTests.directory)
        let readme = try String(contentsOfFile: PresetTableTests.directory + "/README.md", encoding: .utf8)
        #expect(readme == PresetCatalog.markdown(library.presets) + "\n", "run `make presets-readme`")
    }
}
