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

    @Test("kept wave shapes: every draw list equals the one built without them, in any order and from several threads; a wave that has not moved is not decomposed again")
    func keptWaveShapes() async throws {
        func pose(_ right: Double, offset: Double = 0) -> LiquidSwipePose {
            LiquidSwipePose(left: LiquidSwipeWave(side: .left, centerY: 100, progress: 0, width: 375, height: 812),
                            right: LiquidSwipeWave(side: .right, centerY: 300 + 40 * right, progress: right, width: 375, height: 812),
                            page: RGBA8(r: 0xF7, g: 0xA6, b: 0x95), previous: RGBA8(r: 0xF4, g: 0x71, b: 0x53),
                            next: RGBA8(r: 0x8D, g: 0xAE, b: 0xF5), sliderOffset: offset)
        }
        // Progress 0 to 0.9 and back, an offset of 0 and of -0 (vertices at 0 and -0: kept
        // apart), visited in a shuffled order that returns to poses seen long before.
        var poses = (0..<10).map { pose(0.1 * Double($0)) } + [pose(0.3, offset: -0.0), pose(0.3, offset: 12)]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in stride(from: poses.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            poses.swapAt(i, Int(state >> 33) % (i + 1))
        }
        let order = poses + poses.reversed() + poses
        let shapes = LiquidSwipeWaveShapes()
        for p in order { #expect(p.drawList(scale: 3, shapes: shapes) == p.drawList(scale: 3)) }
        let shared = LiquidSwipeWaveShapes()
        let lists = await withTaskGroup(of: (Int, DrawList).self) { group in
            for (i, p) in order.enumerated() { group.addTask { (i, p.drawList(scale: 3, shapes: shared)) } }
            var lists = [DrawList?](repeating: nil, count: order.count)
            for await (i, list) in group { lists[i] = list }
            return lists
        }
        for (i, p) in order.enumerated() { #expect(lists[i] == p.drawList(scale: 3), "pose \(i)") }

        // The same pose again: nothing decomposed; the right slider moved: its wave only.
        let fresh = LiquidSwipeWaveShapes()
        _ = pose(0.5).drawList(scale: 3, shapes: fresh)
        #expect(fresh.decompositions == 2)
        _ = pose(0.5).drawList(scale: 3, shapes: fresh)
        #expect(fresh.decompositions == 2)
        _ = pose(0.6).drawList(scale: 3, shapes: fresh)
        #expect(fresh.decompositions == 3)
        // An offset of -0 is another key than 0 (its vertices may differ in sign).
        _ = pose(0.6, offset: -0.0).drawList(scale: 3, shapes: fresh)
        #expect(fresh.decompositions == 5)
    }
}

extension Color {
    var rgba8: RGBA8 { RGBA8(r: red, g: green, b: blue, a: alpha) }
}
