import Foundation
import Testing
import NotchwaveModel
import NotchwavePipeline
import NotchwaveScene
import TestSupport

/// The smooth style's rim follows each wave's whole outline on every cutout: inside the
/// band, away from the cutout's and the band's own anti-aliased edges, no two
/// horizontally adjacent pixels differ by more than a gradient step. A rim that stops at
/// a cap's centre shows as a column where a rim colour meets a body colour (jumps of
/// 360-500 summed RGB levels on the island presets); the gradients' steepest honest step
/// (the middle stop at 0.2 of an 8 pt rim at 3x, and a wave's leading edge over the one
/// beneath) is under 140 on every preset.
@Suite("Smooth style without seams")
struct SmoothSeamTests {
    static let library = { () -> PresetLibrary? in
        try? PresetLibrary(directory: CommandRunner.packageRoot.appendingPathComponent("presets").path)
    }()

    /// Every cutout kind: all the island presets, two notch presets, one without a cutout.
    static var presets: [String] {
        let islands = (library?.presets ?? []).filter { if case .island = $0.cutout { return true } else { return false } }.map(\.id)
        return islands + ["iphone-x", "iphone-13", "iphone-se-3"]
    }

    /// The largest step between horizontal neighbours, summed over R, G and B, among pixels
    /// inside the band rows with no dark pixel (the cutout) within `margin` pixels, and the
    /// place it is at.
    static func largestStep(_ rgba: [UInt8], width: Int, height: Int, rows: Range<Int>, margin: Int = 2) -> (step: Int, x: Int, y: Int) {
        func sum(_ x: Int, _ y: Int) -> Int { let i = (y * width + x) * 4; return Int(rgba[i]) + Int(rgba[i + 1]) + Int(rgba[i + 2]) }
        var dark = [Bool](repeating: false, count: width * height)
        for y in 0..<height { for x in 0..<width where sum(x, y) < 60 { dark[y * width + x] = true } }
        var nearDark = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width where dark[y * width + x] {
                for ny in max(0, y - margin)...min(height - 1, y + margin) {
                    for nx in max(0, x - margin)...min(width - 1, x + margin) { nearDark[ny * width + nx] = true }
                }
            }
        }
        var best = (step: 0, x: 0, y: 0)
        // The band's first and last rows are its own anti-aliased edges.
        let inner = (rows.lowerBound + 1)..<min(rows.upperBound - 1, height)
        for y in inner {
            for x in 0..<(width - 1) where !nearDark[y * width + x] && !nearDark[y * width + x + 1] {
                let i = (y * width + x) * 4
                var step = 0
                for c in 0..<3 { step += abs(Int(rgba[i + c]) - Int(rgba[i + 4 + c])) }
                if step > best.step { best = (step, x, y) }
            }
        }
        return best
    }

    @Test("no coloured-to-coloured jump in the smooth style: islands as beside a notch", arguments: presets)
    func noSeams(id: String) throws {
        let library = try #require(SmoothSeamTests.library)
        let preset = try library.preset(named: id)
        let geometry = SceneGeometry(preset: preset)
        // The opening curtain, the steady loop at several phases, and the closing curtain.
        for (time, stop) in [(0.15, nil), (0.4, nil), (1.0, nil), (1.6, nil), (2.2, nil), (2.3, 2.0), (2.7, 2.0)] as [(Double, Double?)] {
            var request = RenderRequest()
            request[NotchWaves.region] = .bar
            request[NotchWaves.style] = "smooth"
            request[NotchWaves.stop] = stop
            let plan = try Scenes.plan(request, preset: preset)
            let (rgba, width, height) = try FrameExport.straightRGBA(plan: plan, time: time)
            let found = SmoothSeamTests.largestStep(rgba, width: width, height: height, rows: geometry.bandRows)
            #expect(found.step < 200, "\(id) at \(time) s: a step of \(found.step) between x = \(found.x) and \(found.x + 1) on row \(found.y)")
        }
    }
}
