import Foundation
import Testing
import NotchwaveModel
import NotchwaveScene

/// The parameter registry (the shared parameters and the scenes', assembled by
/// `Scenes.parameters`): one declaration per parameter, read the same way from the
/// command line and from job files, with messages that name the parameter as written.
@Suite("The parameter registry")
struct ParameterRegistryTests {
    @Test("keys and options are unique, options are the keys in kebab case (switches on by default: --no-KEY)")
    func names() {
        let keys = Scenes.parameters.map(\.key), flags = Scenes.parameters.map(\.flag)
        #expect(Set(keys).count == keys.count && Set(flags).count == flags.count)
        for p in Scenes.parameters where p.key != Parameters.sceneOptions.key && p.key != NotchWaves.styleOptions.key {
            var kebab = ""
            for c in p.key { kebab += c.isUppercase ? "-" + c.lowercased() : String(c) }
            #expect(p.flag == kebab || p.flag == "no-" + kebab, "\(p.key) → --\(p.flag)")
            #expect(!p.help.isEmpty && (p.isSwitch == p.valueName.isEmpty))
        }
        #expect(Parameters.tenBit.flag == "ten-bit" && NotchWaves.cutout.flag == "no-cutout" && Parameters.backdropStart.flag == "backdrop-start")
    }

    @Test("the same value reads the same from text and from JSON", arguments: [
        ("period", "0.5", "0.5"), ("waves", "4", "4"), ("fps", "30", "30"), ("region", "bar", "\"bar\""), ("quality", "draft", "\"draft\""),
        ("codec", "x265", "\"hevc\""), ("colors", "red,#00FF00", "[\"red\", \"#00FF00\"]"), ("easing", "ease-out", "\"ease-out\""),
        ("bitrate", "4M", "4000000"), ("speed", "slow", "\"slow\""), ("loop", "true", "true"),
    ])
    func textAndJSON(key: String, text: String, json: String) throws {
        let parameter = try #require(Scenes.parameter(key: key))
        let node = try JSONValues.parse(json, file: "t.json")
        let a = try parameter.read(.text(text)), b = try parameter.read(.json(node))
        #expect(a.json == b.json, "\(key): \(a.json.rendered()) vs \(b.json.rendered())")
    }

    @Test("ranges and choices are checked with the bounds in the message", arguments: [
        ("period", "0", "0 is out of range (0.001 to 60 seconds)"), ("waves", "65", "65 is out of range (1 to 64)"),
        ("fps", "241", "241 is out of range (1 to 240)"), ("region", "top", "'top' is not one of screen, bar"),
        ("fps", "1.5", "expected a whole number, got '1.5'"), ("period", "0x10", "expected a number, got '0x10'"),
        ("codec", "mpeg2", "unknown codec 'mpeg2'"), ("easing", "bouncy", "invalid easing \"bouncy\""),
    ])
    func checked(key: String, text: String, message: String) throws {
        let parameter = try #require(Scenes.parameter(key: key))
        do {
            _ = try parameter.read(.text(text))
            Issue.record("accepted \(key) \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("messages name a value as the user wrote it: the flag, or the JSON path with line and column")
    func subjects() throws {
        var values = ParameterValues()
        #expect(throws: ParameterError.self) { try values.set(.text("99"), for: NotchWaves.waves, from: .commandLine) }
        do { try values.set(.text("99"), for: NotchWaves.waves, from: .commandLine) } catch {
            #expect(error.description == "--waves: 99 is out of range (1 to 64)")
        }
        let node = try JSONValues.parse("99", file: "t.json")
        do {
            try values.set(.json(node), for: NotchWaves.waves, from: .jobFile(path: "$.variants[1].waves", position: JSONPosition(line: 5, column: 20)))
        } catch {
            #expect(error.description == "$.variants[1].waves (line 5, column 20): 99 is out of range (1 to 64)")
        }
        // A cross-parameter problem found when resolving names the parameter as written too.
        values.set(1.5, for: Parameters.hold, from: .jobFile(path: "$.defaults.hold", position: JSONPosition(line: 3, column: 12)))
        #expect(values.error(Parameters.hold, "needs a stop").description == "$.defaults.hold (line 3, column 12): needs a stop")
        #expect(values.mention(NotchWaves.stop, to: Parameters.hold) == "\"stop\"")
        #expect(ParameterValues().mention(NotchWaves.stop, "2", to: Parameters.hold) == "--stop 2")
    }

    @Test("defaults come from the declarations; values set later win; canonical JSON has sorted keys")
    func defaultsAndOverrides() throws {
        var defaults = ParameterValues()
        #expect(defaults[NotchWaves.period] == 0.3 && defaults[NotchWaves.waves] == 3 && defaults[NotchWaves.cutout] == true)
        #expect(defaults.given(NotchWaves.period) == nil && !defaults.isGiven(NotchWaves.period))
        defaults[NotchWaves.period] = 0.5
        defaults[Parameters.fps] = 30
        var variant = ParameterValues()
        variant[NotchWaves.period] = 0.7
        let merged = defaults.overridden(by: variant)
        #expect(merged[NotchWaves.period] == 0.7 && merged[Parameters.fps] == 30)
        #expect(merged.json.rendered(indent: nil) == #"{"fps":30,"period":0.7}"#)
    }

    @Test("scene and style options read against their owner's declarations; unknown keys get a suggestion")
    func optionLists() throws {
        let page = Parameter<Int>("page", "N", "a page", default: 0, in: 0...9, group: .scene)
        let list = OptionList([OptionList.Entry(key: "page", input: .text("3"))])
        let values = try list.read([page], option: "scene-option", owner: "the test scene", source: nil)
        #expect(values[page] == 3)
        do {
            _ = try OptionList([OptionList.Entry(key: "pgae", input: .text("3"))]).read([page], option: "scene-option", owner: "the test scene", source: nil)
            Issue.record("accepted pgae")
        } catch {
            #expect(error.description == "--scene-option pgae: the test scene has no option 'pgae' (did you mean page?) (it takes page)")
        }
        let node = try JSONValues.parse("{\n  \"page\": 12\n}", file: "t.json")
        let decoded = try OptionList.decode(node)
        do {
            _ = try decoded.read([page], option: "scene-option", owner: "the test scene",
                                                 source: .jobFile(path: "$.defaults.sceneOptions", position: node.position))
            Issue.record("accepted 12")
        } catch {
            #expect(error.description == "$.defaults.sceneOptions.page (line 2, column 3): 12 is out of range (0 to 9)")
        }
    }

    @Test("a job file's bad value fails its outputs with its place; a value of the wrong type fails the file")
    func jobFiles() throws {
        let job = try BatchJobSpec.decode(#"{"presets": ["iphone-x"], "variants": [{"name": "a",\#n "waves": 99}]}"#, file: "job.json")
        let error = try #require(job.variants[0].parameters.firstInvalid)
        #expect(error.description == "$.variants[0].waves (line 2, column 11): 99 is out of range (1 to 64)")
        #expect(throws: ConfigurationError.self) {
            _ = try BatchJobSpec.decode(#"{"presets": ["iphone-x"], "variants": [{"name": "a", "waves": "many"}]}"#, file: "job.json")
        }
    }
}
