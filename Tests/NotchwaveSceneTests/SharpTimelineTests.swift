import Testing
import NotchwaveModel
import NotchwaveScene
import NotchwaveTimeline

@Suite("Sharp timeline (spec section 2)")
struct SharpTimelineTests {
    let red = Color(rgb: 0xFF3B30), green = Color(rgb: 0x34C759), blue = Color(rgb: 0x007AFF)

    func timeline(start: Double = 0, stop: Double? = nil, period: Double = 0.3, waves: Int = 3) -> SharpTimeline {
        SharpTimeline(animation: AnimationParameters(period: period, waves: waves, colors: [red, green, blue], start: start, stop: stop))
    }

    @Test("waves are emitted at start + k period, with the tolerance of 1e-9 s")
    func emission() {
        let t = timeline(start: 0.25)
        #expect(t.emissionTime(0) == 0.25)
        #expect(abs(t.emissionTime(4) - 1.45) < 1e-12)
        #expect(t.lastEmittedIndex(at: 0.2) == nil)
        #expect(t.lastEmittedIndex(at: 0.25) == 0)
        #expect(t.lastEmittedIndex(at: 0.25 - 5e-10) == 0)
        #expect(t.lastEmittedIndex(at: 0.25 - 2e-9) == nil)
        #expect(t.lastEmittedIndex(at: 0.55 - 5e-10) == 1)
        #expect(t.lastEmittedIndex(at: 0.5499) == 0)
        // Frame times i / 60 land exactly on emissions every 18 frames.
        let u = timeline()
        for k in 0..<50 { #expect(u.lastEmittedIndex(at: Double(18 * k) / 60) == k) }
    }

    @Test("colours form a ring")
    func colourRing() {
        let t = timeline()
        let state = t.state(at: 1.25)
        #expect(state.waves.map(\.index) == [1, 2, 3, 4])
        #expect(state.waves.map(\.color) == [green, blue, red, green])
    }

    @Test("phase is easeIn of (t - t_k) / D, clamped")
    func phase() {
        let t = timeline()
        let state = t.state(at: 0.45)
        #expect(state.waves.count == 2)
        #expect(abs(state.waves[0].phase - CubicBezierEasing.easeIn(0.5)) < 1e-12)
        #expect(abs(state.waves[1].phase - CubicBezierEasing.easeIn(0.15 / 0.9)) < 1e-12)
        #expect(t.phase(startedAt: 1, at: 0.5) == 0)
        #expect(t.phase(startedAt: 0, at: 5) == 1)
    }

    @Test("a finished wave stays until a later wave has finished")
    func finishedWaves() {
        let t = timeline()
        // At 0.95 wave 0 has finished (0.95 > 0.9) and is the bottom layer.
        #expect(t.state(at: 0.95).waves.map(\.index) == [0, 1, 2, 3])
        #expect(t.state(at: 0.95).waves[0].phase == 1)
        // At 1.25 wave 1 has finished too: wave 0 is dropped.
        #expect(t.state(at: 1.25).waves.first?.index == 1)
        #expect(t.state(at: 0).waves.map(\.index) == [0])
        #expect(t.state(at: 0).waves[0].phase == 0)
    }

    @Test("no wave after stop; the closing wave's colour and phase; the end")
    func stop() {
        let t = timeline(stop: 1.0)
        // Waves 0...3 exist (t_3 = 0.9 <= 1.0); wave 4 (t = 1.2) never appears.
        #expect(t.state(at: 1.5).waves.map(\.index).max() == 3)
        #expect(t.closingFront == red) // floor(1.0 / 0.3) = 3 -> colors[0]
        let closing = t.state(at: 1.45).closing
        #expect(closing != nil)
        #expect(abs((closing?.phase ?? 0) - CubicBezierEasing.easeIn(0.5)) < 1e-12)
        #expect(t.state(at: 0.99).closing == nil)
        #expect(t.completionTime == 1.9)
        let end = t.state(at: 1.9)
        #expect(end.waves.isEmpty && end.closing == nil)
        // A stop exactly on an emission time includes that wave.
        let u = timeline(stop: 0.6)
        #expect(u.lastIndexBeforeStop == 2)
        #expect(u.closingFront == blue)
        #expect(u.state(at: 1.0).waves.map(\.index).max() == 2)
    }

    @Test("frame count is round(T fps) and frame i shows i / fps")
    func frames() throws {
        let preset = Preset(id: "p", name: "P", aliases: [], family: "generic", screenPoints: Sourced(Size2(width: 375, height: 667)),
                            scale: Sourced(2), screenPixels: Sourced(Size2(width: 750, height: 1334)), cornerRadius: Sourced(0),
                            statusBarHeight: Sourced(20), cutout: .none, barOverride: nil, notes: [])
        // A scene whose loop is 0.9 s and whose animation ends 0.9 s after a stop at 2 s.
        struct Timed: SceneKind {
            static let name = "timed", summary = "a scene for tests"
            static let options: [any AnyParameter] = []
            static func resolve(_ values: ParameterValues, options: ParameterValues, preset: Preset) throws -> Timed { Timed() }
            var isOpaque: Bool { true }
            var loopLength: Double? { 0.9 }
            var naturalEnd: Double?
            var json: JSONOutput { .null }
            func makeScene(plan: RenderPlan, layout: CanvasLayout) throws -> any Scene {
                throw ParameterError(subject: "timed", problem: "draws nothing")
            }
        }
        var request = RenderRequest()
        request[Parameters.duration] = 1.01
        request[Parameters.fps] = 30
        #expect(try request.resolve(preset: preset, scene: Timed()).frameCount == 30)
        request[Parameters.duration] = 1.02
        #expect(try request.resolve(preset: preset, scene: Timed()).frameCount == 31)
        request[Parameters.duration] = nil
        request.remove(Parameters.fps)
        #expect(try request.resolve(preset: preset, scene: Timed()).frameCount == 180)
        request[NotchWaves.stop] = 2
        request[Parameters.hold] = 0.5
        let plan = try request.resolve(preset: preset, scene: Timed(naturalEnd: 2.9))
        #expect(abs(plan.duration - 3.4) < 1e-12)
        #expect(plan.frameCount == 204)
        #expect(plan.time(ofFrame: 30) == 0.5)
    }
}
