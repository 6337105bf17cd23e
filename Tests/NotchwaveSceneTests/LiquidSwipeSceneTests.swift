import Foundation
import Testing
import NotchwaveModel
import NotchwaveRaster
import NotchwaveScene
import NotchwaveTimeline

@Suite("The LiquidSwipe scene and its options")
struct LiquidSwipeSceneTests {
    @Test("defaults: page 0, the current palette in its listed order, 0@100 and 0@300, right on top, head springs")
    func defaults() throws {
        let options = try LiquidSwipe.options([])
        #expect(options.page == 0 && options.top == .right && options.springs == .head && options.script == nil)
        #expect(options.pageColors.map(\.description) == LiquidSwipeOptions.currentPalette.map(\.description))
        #expect(options.left == SliderPose(progress: 0, centerY: 100) && options.right == SliderPose(progress: 0, centerY: 300))
        #expect(LiquidSwipeOptions.currentPalette.first == Color(rgb: 0xF7A695) && LiquidSwipeOptions.palette2019.count == 12)
    }

    @Test("every option parses, and bad values are one error naming the option")
    func parsing() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("ls-options-\(getpid()).json")
        try #"{"events": [{"tap": "left", "at": 1}]}"#.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let options = try LiquidSwipe.options([("page", "2"), ("colors", "#112233,445566"), ("seed", "7"), ("left", "0.25@180"),
                                                    ("right", "1@40.5"), ("top", "left"), ("springs", "article"), ("script", script.path)])
        #expect(options.page == 2 && options.colors?.colors == [Color(rgb: 0x112233), Color(rgb: 0x445566)] && options.seed == 7)
        #expect(options.left == SliderPose(progress: 0.25, centerY: 180) && options.right == SliderPose(progress: 1, centerY: 40.5) && options.top == .left && options.springs == .article && options.script == script.path)
        #expect(try InteractionScript.load(path: script.path) == InteractionScript(events: [.tap(side: .left, time: 1)]))
        #expect(try LiquidSwipe.options([("palette", "2019")]).pageColors == LiquidSwipeOptions.palette2019)
        let bad: [(String, String)] = [("page", "-1"), ("colors", "12345"), ("colors", "GGGGGG"), ("palette", "1999"), ("seed", "x"),
                                       ("left", "0.5"), ("left", "1.5@100"), ("right", "0.5@1e9"), ("top", "middle"), ("springs", "soft"),
                                       ("script", ""), ("speed", "2")]
        for (key, value) in bad {
            #expect(throws: ParameterError.self) { try LiquidSwipe.options([(key, value)]) }
            do { _ = try LiquidSwipe.options([(key, value)]) } catch let error as ParameterError {
                #expect(error.subject == "--scene-option \(key)", "\(error)")
            }
        }
        #expect(throws: ParameterError.self) { try LiquidSwipe.options([("colors", "112233"), ("palette", "2019")]) }
    }

    @Test("seed shuffles deterministically: a permutation, the same for the same seed, another for another seed")
    func shuffle() throws {
        let a = try LiquidSwipe.options([("palette", "2019"), ("seed", "42")]).pageColors
        let b = try LiquidSwipe.options([("palette", "2019"), ("seed", "42")]).pageColors
        let c = try LiquidSwipe.options([("palette", "2019"), ("seed", "43")]).pageColors
        #expect(a == b && a != c && a != LiquidSwipeOptions.palette2019)
        #expect(Set(a.map(\.description)) == Set(LiquidSwipeOptions.palette2019.map(\.description)))
    }

    @Test("without a script the scene is the options' static pose at every time; with one it follows the time line")
    func scene() throws {
        let options = try LiquidSwipe.options([("page", "1"), ("left", "0.1@150"), ("right", "0.3@420"), ("top", "left")])
        let still = LiquidSwipeScene(options: options, width: 375, height: 812, scale: 3)
        #expect(still.canvasWidth == 1125 && still.canvasHeight == 2436)
        let pose = still.pose(at: 5)
        #expect(pose.page == Color(rgb: 0x8DAEF5).rgba8 && pose.previous == Color(rgb: 0xF7A695).rgba8 && pose.next == Color(rgb: 0x2558D5).rgba8)
        #expect(pose.left.progress == 0.1 && pose.left.centerY == 150 && pose.right.progress == 0.3 && pose.top == .left)
        #expect(still.drawList(at: 0) == still.drawList(at: 7.5))

        let moving = LiquidSwipeScene(options: options, script: InteractionScript(events: [.tap(side: .left, time: 1)]), width: 375, height: 812, scale: 3)
        #expect(moving.pose(at: 0.5) == pose)
        #expect(moving.state(at: 1.35).page == 0 && moving.pose(at: 1.35).page == Color(rgb: 0xF7A695).rgba8)
        #expect(moving.pose(at: 1.35).next == Color(rgb: 0x8DAEF5).rgba8 && moving.pose(at: 1.35).previous == Color(rgb: 0xF47153).rgba8)
    }
}

extension Color {
    var rgba8: RGBA8 { RGBA8(r: red, g: green, b: blue, a: alpha) }
}
