import Foundation
import Testing
import NotchwaveModel
import NotchwaveScene
import NotchwaveRaster
import NotchwaveText
import TestSupport

/// A scene that exists only here, with one option: everything about the option must come
/// from its one declaration.
struct WobbleOptions: DeclaredOptions {
    var depth = 3.0
    init() {}
    static let scope = ParameterScope.scenes([Wobble.name])
    static let declarations: [any OptionDeclaration<WobbleOptions>] = [
        Option(\.depth, "depth", "PT", "how far the test scene wobbles", in: 0...10, unit: "points"),
    ]
}

struct Wobble: SceneKind {
    static let name = "wobble"
    static let summary = "a scene for tests"
    static var options: [any AnyParameter] { WobbleOptions.parameters }
    let options: WobbleOptions
    static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Wobble {
        Wobble(options: WobbleOptions(options))
    }
    var isOpaque: Bool { true }
    var loopLength: Double? { nil }
    var naturalEnd: Double? { nil }
    var json: JSONOutput { options.json }
    func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
        throw ParameterError(subject: "wobble", problem: "draws nothing")
    }
}

@Suite("Scene options: declared once, everything derived")
struct SceneOptionDeclarationTests {
    static func preset() throws -> Preset {
        try PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path).preset(named: "iphone-x")
    }

    static func plan(_ scene: String, _ pairs: [(String, String)], extra: [(any AnyParameter, String)] = [],
                     among registered: [any SceneKind.Type] = Scenes.all) throws -> RenderPlan {
        var values = ParameterValues()
        values[Scenes.scene] = scene
        var list = OptionList()
        for (key, value) in pairs { list = list.appending(try OptionList.parse("\(key)=\(value)")) }
        values[Parameters.sceneOptions] = list
        for (parameter, text) in extra { try values.set(.text(text), for: parameter, from: .commandLine) }
        return try Scenes.plan(values, preset: try preset(), among: registered)
    }

    @Test("a test-only scene's option: parsed, echoed, compared, helped and suggested from its one declaration")
    func throwawayOption() throws {
        let registered: [any SceneKind.Type] = Scenes.all + [Wobble.self]
        let base = try Self.plan("wobble", [], among: registered)
        let deep = try Self.plan("wobble", [("depth", "7.5")], among: registered)
        // Parsing into the typed field, its default from the field's initial value.
        #expect((base.scene as? Wobble)?.options.depth == 3 && (deep.scene as? Wobble)?.options.depth == 7.5)
        // The JSON echo and so the plan's identity.
        #expect(deep.scene.json.rendered(indent: nil) == #"{"depth":7.5}"# && base.scene.json.rendered(indent: nil) == #"{"depth":3}"#)
        let same = try Self.plan("wobble", [("depth", "3")], among: registered)
        #expect(base != deep && base == same)
        // Help: key, value name, help text and default (what `notchwave scenes` prints).
        let parameter = try #require(Wobble.options.first)
        #expect(parameter.key == "depth" && parameter.valueName == "PT" && parameter.help == "how far the test scene wobbles")
        #expect(parameter.defaultText == "3" && parameter.scope == .scenes(["wobble"]))
        // Checks and "did you mean".
        #expect { try Self.plan("wobble", [("depth", "11")], among: registered) } throws: { error in
            "\(error)" == "--scene-option depth: 11 is out of range (0 to 10 points)"
        }
        #expect { try Self.plan("wobble", [("dpeth", "1")], among: registered) } throws: { error in
            "\(error)".contains("has no option 'dpeth'") && "\(error)".contains("did you mean depth?")
        }
        // Not registered, not selectable.
        #expect(throws: ParameterError.self) { try Self.plan("wobble", []) }
        // A job file's "sceneOptions" reads through the same declaration, its errors placed
        // by JSON path, line and column.
        let node = try JSONValues.parse("{\n  \"depth\": 7.5,\n  \"dpeth\": 1\n}", file: "job.json")
        let listed = try OptionList.decode(node)
        #expect { try listed.read(Wobble.options, option: Parameters.sceneOptions.flag, owner: "the wobble scene",
                                  source: .jobFile(path: "$.defaults.sceneOptions", position: node.position)) } throws: { error in
            "\(error)".hasPrefix("$.defaults.sceneOptions.dpeth (line 3, column 3):") && "\(error)".contains("did you mean depth?")
        }
        let fromJob = try OptionList.decode(try JSONValues.parse(#"{"depth": 7.5}"#, file: "job.json"))
            .read(Wobble.options, option: Parameters.sceneOptions.flag, owner: "the wobble scene", source: nil)
        #expect(WobbleOptions(fromJob).depth == 7.5)
    }

    /// A value other than the default for every option of every scene: a new option without
    /// an entry here fails `everyOptionChangesThePlan`.
    static func alternatives(_ dir: TemporaryDirectory) throws -> [String: [String: String]] {
        let liquidScript = dir.file("ls.json"), popupScript = dir.file("p.json"), controlsScript = dir.file("c.json")
        try #"{"events": [{"tap": "left", "at": 1}]}"#.write(toFile: liquidScript, atomically: true, encoding: .utf8)
        try #"{"events": [{"drag": "thumb", "at": 1, "path": [[0, 0], [1, 40]]}]}"#.write(toFile: controlsScript, atomically: true, encoding: .utf8)
        try #"{"events": [{"show": true, "at": 0.5}]}"#.write(toFile: popupScript, atomically: true, encoding: .utf8)
        return [
            LiquidSwipe.name: ["page": "2", "colors": "112233,445566", "palette": "2019", "seed": "9", "left": "0.3@200",
                               "right": "0.2@310", "top": "left", "springs": "article", "script": liquidScript],
            Popup.name: ["type": "toast", "vertical-padding": "51", "position": "top", "background": "#00000040", "autohide": "2",
                         "size": "201x100", "color": "green", "text": "Hi", "button": "Go", "font-size": "18", "state": "shown",
                         "appear": "center-scale", "close-on-tap": "false", "close-on-tap-outside": "true", "drag-to-dismiss": "false",
                         "script": popupScript],
            // Each changed over its context in `contexts`.
            Controls.name: ["component": "button", "style": "system", "tint": "purple", "value": "0.5", "bounds": "0...2", "role": "destructive",
                            "disabled": "true", "pressed": "true", "control-size": "small", "material": "thick", "label": "Volume",
                            "script": controlsScript],
            // The none scene declares no options.
            NoScene.name: [:],
        ]
    }

    /// The options an alternative is changed over, by scene and key (options that apply
    /// only with another, such as the controls' `style` with a component, need it there).
    static let contexts: [String: [String: [(String, String)]]] = [
        Controls.name: ["style": [("component", "slider")], "value": [("component", "slider")], "bounds": [("component", "slider")],
                        "role": [("component", "button")], "pressed": [("component", "button")], "label": [("component", "button")],
                        "control-size": [("component", "capsule-stepper")], "material": [("component", "slider")],
                        "script": [("component", "slider")]],
    ]

    @Test("changing any one option of any scene changes the plan's identity (batch resume re-renders)")
    func everyOptionChangesThePlan() throws {
        let dir = TemporaryDirectory()
        let alternatives = try Self.alternatives(dir)
        for kind in Scenes.all where kind.name != NotchWaves.name {
            let table = try #require(alternatives[kind.name], "no alternatives for \(kind.name)")
            #expect(Set(table.keys) == Set(kind.options.map(\.key)), "\(kind.name): every declared option needs an alternative value here")
            for option in kind.options {
                let start = Self.contexts[kind.name]?[option.key] ?? []
                let base = try Self.plan(kind.name, start)
                let value = try #require(table[option.key])
                let changed = try Self.plan(kind.name, start + [(option.key, value)])
                #expect(changed != base, "\(kind.name) \(option.key)=\(value) leaves the plan unchanged")
                #expect(changed.scene.json != base.scene.json, "\(kind.name) \(option.key)=\(value) is not in the JSON echo")
            }
        }
        // Render parameters of a scene's own (the popup's --font): another font file.
        let font = dir.file("font.otf")
        try FileManager.default.copyItem(atPath: try #require(Font.defaultPaths.first { FileManager.default.fileExists(atPath: $0) }), toPath: font)
        let own: [String: [String: String]] = [Popup.name: ["font": font]]
        for kind in Scenes.all where kind.name != NotchWaves.name {
            #expect(Set(own[kind.name]?.keys.map { $0 } ?? []) == Set(kind.parameters.map(\.key)), "\(kind.name): every own parameter needs an alternative value here")
            guard !kind.parameters.isEmpty else { continue }
            let base = try Self.plan(kind.name, [])
            for parameter in kind.parameters {
                let value = try #require(own[kind.name]?[parameter.key])
                let changed = try Self.plan(kind.name, [], extra: [(parameter, value)])
                #expect(changed != base && changed.scene.json != base.scene.json, "--\(parameter.flag) \(value) leaves the plan unchanged")
            }
        }
        // The notch waves: every render parameter scoped to them (a new one without an entry
        // here fails), each changed alone over a context that makes it count (hold needs a
        // stop, loops a loop), and their style's options.
        let waves: [(parameter: any AnyParameter, value: String, context: [(any AnyParameter, String)])] = [
            (NotchWaves.style, "smooth", []), (NotchWaves.styleOptions, "gradient-length=9", [(NotchWaves.style, "smooth")]),
            (NotchWaves.period, "0.4", []), (NotchWaves.waves, "4", []), (NotchWaves.colors, "red,blue", []),
            (NotchWaves.background, "black", []), (NotchWaves.appearance, "dark", []), (NotchWaves.start, "0.5", []),
            (NotchWaves.stop, "2", []), (NotchWaves.easing, "linear", []), (Parameters.loop, "true", []),
            (NotchWaves.region, "bar", []), (NotchWaves.cutout, "false", []),
            (Parameters.hold, "1", [(NotchWaves.stop, "2")]), (Parameters.loops, "2", [(Parameters.loop, "true")]),
        ]
        // Their own parameters (the style's `cycle` is checked below), and the shared timing
        // parameters that only they make count here.
        let scoped = NotchWaves.parameters.filter { if case let .scenes(names) = $0.scope { return names.contains(NotchWaves.name) } else { return false } }
            .map(\.key) + ["loop", "hold", "loops"]
        #expect(Set(waves.map(\.parameter.key)) == Set(scoped), "every parameter of the notch waves needs an alternative value here")
        for (parameter, value, context) in waves {
            let base = try Self.plan(NotchWaves.name, [], extra: context)
            let changed = try Self.plan(NotchWaves.name, [], extra: context + [(parameter, value)])
            #expect(changed != base, "--\(parameter.flag) \(value) leaves the plan unchanged")
            if NotchWaves.parameters.contains(where: { $0.key == parameter.key }) {
                #expect(changed.scene.json != base.scene.json, "--\(parameter.flag) \(value) is not in the notch waves' JSON echo")
            }
        }
        let smooth = try Self.plan(NotchWaves.name, [], extra: [(NotchWaves.style, "smooth")])
        let styleAlternatives = ["gradient-length": "9", "middle-stop": "0.3", "dynamic-curtain": "true", "interpolation": "oklab"]
        #expect(Set(styleAlternatives.keys) == Set(SmoothStyle.options.map(\.key)))
        for (key, value) in styleAlternatives {
            let changed = try Self.plan(NotchWaves.name, [], extra: [(NotchWaves.style, "smooth"),
                                                                    (NotchWaves.styleOptions, "\(key)=\(value)")])
            #expect(changed.scene.json != smooth.scene.json, "--style-option \(key)=\(value) is not in the JSON echo")
        }
        let cycle = try Self.plan(NotchWaves.name, [], extra: [(NotchWaves.style, "smooth"), (NotchWaves.cycle, "2")])
        #expect(cycle.scene.json != smooth.scene.json)
    }

    @Test("the shared timing parameters apply to every scene: --hold lengthens any scene that ends by itself, and is refused by one that does not")
    func holdIsShared() throws {
        let script = CommandRunner.packageRoot.appendingPathComponent("examples/popup-show-hide.json").path
        // The script's last event is at 6 s; the popup's clip runs on for its settle time.
        let ended = try Self.plan(Popup.name, [("script", script)])
        #expect(abs(ended.duration - (6 + Popup.settleTime)) < 1e-12)
        let held = try Self.plan(Popup.name, [("script", script)], extra: [(Parameters.hold, "2.5")])
        #expect(abs(held.duration - (6 + Popup.settleTime + 2.5)) < 1e-12 && held != ended)
        do {
            _ = try Self.plan(Popup.name, [], extra: [(Parameters.hold, "1")])
            Issue.record("a popup without a script took --hold")
        } catch {
            #expect("\(error)" == "--hold: holds the last frame after the scene's end, and the popup scene does not end by itself here")
        }
        // The notch waves end only with a stop, and say so.
        do {
            _ = try Self.plan(NotchWaves.name, [], extra: [(Parameters.hold, "1")])
            Issue.record("the notch waves took --hold without --stop")
        } catch {
            #expect("\(error)" == "--hold: holds the last frame after the closing wave, so it needs --stop")
        }
    }

    @Test("a default is written once: each declared option's default is its field's initial value")
    func defaultsComeFromTheFields() throws {
        let liquid = LiquidSwipeOptions(), popup = PopupOptions()
        for declaration in LiquidSwipeOptions.declarations {
            #expect(declaration.parameter.defaultText != nil || declaration.json(of: liquid) == .null, "\(declaration.parameter.key)")
        }
        #expect(LiquidSwipeOptions.parameter(\.page).defaultText == "0" && PopupOptions.parameter(\.text).defaultText == "Popup!")
        #expect(PopupOptions.parameter(\.size).defaultText == "200x100" && popup.json.rendered(indent: nil).contains(#""size":"200x100""#))
        #expect(LiquidSwipeOptions.parameter(\.left).defaultText == "0@100")
    }
}
