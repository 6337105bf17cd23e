import Foundation
import Testing
import NotchwaveRaster
import NotchwaveScene

@Suite("LiquidSwipe geometry (spec 3.3 to 3.5)")
struct LiquidSwipeGeometryTests {
    /// Spec table 3.3, W = 375, H = 812, left side: p, ledge, hr, vr, tip x, button x
    /// (nil where the table has none), opacity.
    static let table: [(Double, Double, Double, Double, Double, Double?, Double)] = [
        (0, 15, 48.00, 82.0, 63.00, 31.00, 1.00), (0.1, 15, 111.00, 244.2, 126.00, 94.00, 0.50),
        (0.2, 15, 174.00, 406.4, 189.00, 157.00, 0), (0.3, 75, 237.00, 568.6, 312.00, 280.00, 0),
        (0.4, 135, 300.00, 730.8, 435.00, 403.00, 0), (0.5, 195, 151.88, 730.8, 346.88, nil, 0),
        (0.6, 255, 1.84, 730.8, 256.84, nil, 0), (0.7, 315, -75.06, 730.8, 239.94, nil, 0),
        (0.8, 375, -76.93, 730.8, 298.07, nil, 0), (0.9, 375, -39.88, 730.8, 335.12, nil, 0),
        (1.0, 375, 300.00, 730.8, 675.00, nil, 0),
    ]

    @Test("table 3.3 reproduced for the left slider, and mirrored for the right", arguments: table)
    func table33(row: (Double, Double, Double, Double, Double, Double?, Double)) {
        let (p, ledge, hr, vr, tip, button, opacity) = row
        let left = LiquidSwipeWave(side: .left, centerY: 100, progress: p, width: 375, height: 812)
        #expect(abs(left.ledgeX - ledge) < 0.005)
        #expect(abs(left.horizontalRadius - hr) < 0.005, "hr at \(p): \(left.horizontalRadius)")
        #expect(abs(left.verticalRadius - vr) < 0.05)
        #expect(abs(left.tipX - tip) < 0.005)
        if let button { #expect(abs(left.buttonCenter.x - button) < 0.005) }
        #expect(abs(left.buttonOpacity - opacity) < 1e-9)
        let right = LiquidSwipeWave(side: .right, centerY: 300, progress: p, width: 375, height: 812)
        #expect(abs(right.ledgeX - (375 - ledge)) < 0.005)
        #expect(abs(right.tipX - (375 - tip)) < 0.005)
        #expect(right.buttonCenter.y == 300)
    }

    @Test("the bump turns into a dent at p = 0.60155, deepest (−0.278 · 0.8 W) near p = 0.75")
    func dent() {
        func hr(_ p: Double) -> Double { LiquidSwipeWave(side: .left, centerY: 0, progress: p, width: 375, height: 812).horizontalRadius }
        #expect(hr(0.6015) > 0 && hr(0.6016) < 0)
        let (pMin, value) = stride(from: 0.6, through: 1.0, by: 0.0005).map { ($0, hr($0)) }.min { $0.1 < $1.1 }!
        #expect(abs(pMin - 0.75) < 0.01 && abs(value / 300 + 0.278) < 0.001, "\(pMin) \(value / 300)")
    }

    @Test("the wave path runs up the ledge, through the tip at the bump's middle, and ends at centerY − vr")
    func wavePath() {
        for side in SliderSide.allCases {
            let wave = LiquidSwipeWave(side: side, centerY: 250, progress: 0.25, width: 390, height: 844)
            let elements = wave.path.elements
            #expect(elements.count == 5 + 10 + 1)
            guard case let .cubic(_, _, tip) = elements[5 + 4], case let .cubic(_, _, end) = elements[5 + 9] else {
                Issue.record("no cubic segments where expected"); return
            }
            #expect(abs(tip.x - wave.tipX) < 1e-9 && abs(tip.y - 250) < 1e-9)
            #expect(abs(end.x - wave.ledgeX) < 1e-9 && abs(end.y - (250 - wave.verticalRadius)) < 1e-9)
            guard case let .move(first) = elements[0] else { Issue.record("no move first"); return }
            #expect(first.x == wave.ledgeX && first.y == -100)
        }
    }

    @Test("the chevron points into the screen and the button circle has the configured radius")
    func button() {
        let left = LiquidSwipeWave(side: .left, centerY: 100, progress: 0, width: 375, height: 812)
        let right = LiquidSwipeWave(side: .right, centerY: 300, progress: 0, width: 375, height: 812)
        guard case let .move(l0) = left.chevron.elements[0], case let .line(l1) = left.chevron.elements[1],
              case let .move(r0) = right.chevron.elements[0], case let .line(r1) = right.chevron.elements[1] else {
            Issue.record("unexpected chevron"); return
        }
        #expect(l1.x - l0.x == 4 && l1.y - l0.y == 5)        // ">" on the left
        #expect(r1.x - r0.x == -4 && r1.y - r0.y == 5)       // "<" on the right
        guard case let .arc(center, radius, _, _, _) = left.buttonCircle.elements[1] else { Issue.record("no arc"); return }
        #expect(radius == 24 && center == left.buttonCenter)
    }
}

@Suite("LiquidSwipe poses")
struct LiquidSwipePoseTests {
    @Test("a pose paints the page, the neighbours' colours inside the waves, and the same with both kernels")
    func pose() {
        let page = RGBA8(r: 0xF7, g: 0xA6, b: 0x95), previous = RGBA8(r: 0xF4, g: 0x71, b: 0x53), next = RGBA8(r: 0x8D, g: 0xAE, b: 0xF5)
        let w = 120.0, h = 260.0, scale = 2.0
        let pose = LiquidSwipePose(left: LiquidSwipeWave(side: .left, centerY: 100, progress: 0, width: w, height: h),
                                   right: LiquidSwipeWave(side: .right, centerY: 180, progress: 0.1, width: w, height: h),
                                   page: page, previous: previous, next: next)
        let list = pose.drawList(scale: scale)
        func render(_ kernel: RasterKernel) -> Canvas {
            let canvas = Canvas(width: Int(w * scale), height: Int(h * scale))
            Rasterizer(kernel: kernel).render(list, into: canvas, rows: 0..<canvas.height)
            return canvas
        }
        let simd = render(.simd), scalar = render(.scalar)
        #expect(simd.straightBytes() == scalar.straightBytes())
        func straight(_ x: Double, _ y: Double) -> RGBA8 { simd.pixel(x: Int(x * scale), y: Int(y * scale)).straight }
        #expect(straight(60, 240) == page)                     // the middle of the page, far from both waves
        #expect(straight(5, 250) == previous)                  // inside the left ledge (15 pt)
        #expect(straight(118, 10) == next)                     // inside the right ledge
        #expect(straight(5 + 40, 100) == previous)             // inside the left bump (tip at 63 pt)
    }
}
