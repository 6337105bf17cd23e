import Foundation
import Testing
import NotchwavePipeline
import TestSupport

/// The golden PNGs against `Tests/Reference/notch_waves_reference.py`, a renderer of the
/// notch-wave spec (`notch-waves.md`, style sharp; and seed-systems.md 2.2-2.3 for the
/// smooth style's steady state) written from the specs alone (numpy, exact coverage in
/// x, 256 sub-rows in y). `GoldenFrameTests` pins the renderer to the
/// goldens bit for bit; this pins the goldens to the spec, so regenerating them
/// (`UPDATE_GOLDENS=1`) after a regression fails here.
///
/// Threshold: PSNR >= 70 dB over premultiplied RGBA (straight colour of nearly
/// transparent mask pixels says nothing) and no channel more than 2 levels apart. The
/// goldens measure 74-82 dB with at most 1 level apart (8-bit rounding of analytic
/// coverage on both sides); the reference drawn 1 ms of animation later than its golden
/// (iPhone X at 1.1 s: edges moved by well under a pixel) measures 39.6 dB.
@Suite("Goldens against the independent reference renderer of the spec")
struct GoldenReferenceTests {
    struct Case: Sendable, CustomStringConvertible {
        /// The golden's name, or the frame's name when it is rendered here (`live`).
        var golden: String
        var preset: String
        var time: Double
        var stop: Double? = nil
        var screen = false
        /// Rendered by the renderer now instead of read from a golden (no sharp island
        /// golden exists; the island's geometry still gets checked against the spec).
        var live = false
        /// The style (`smooth`: its steady state only, see `notCovered`).
        var style = "sharp"
        var description: String { golden }
        /// The smooth style's rim gradients differ by up to one level in many pixels
        /// (the mean colour and the stops rounded or not: 61-65 dB with no pixel more
        /// than 1 level apart; 2 ms later in time: 39.5 dB), so its threshold is 58 dB; the geometry still has to
        /// agree to within 2 levels everywhere.
        var threshold: Double { style == "smooth" ? 58 : 70 }
    }

    /// Every golden of the sharp style (the default) and the smooth style's steady state.
    static let cases: [Case] = [
        Case(golden: "iphone-x-bar-t0.25", preset: "iphone-x", time: 0.25),
        Case(golden: "iphone-x-bar-t1.1", preset: "iphone-x", time: 1.1),
        Case(golden: "iphone-x-bar-t1.45-stop1.0", preset: "iphone-x", time: 1.45, stop: 1.0),
        Case(golden: "iphone-xr-bar-t0.6", preset: "iphone-xr", time: 0.6),
        Case(golden: "iphone-xr-bar-t2.2-stop2.0", preset: "iphone-xr", time: 2.2, stop: 2.0),
        Case(golden: "plain-bar-t0.5", preset: "plain", time: 0.5),
        Case(golden: "plain-bar-t1.3-stop1.0", preset: "plain", time: 1.3, stop: 1.0),
        Case(golden: "iphone-xr-screen-mask-t0.9", preset: "iphone-xr", time: 0.9, screen: true),
        Case(golden: "iphone-15-pro-bar-t0.7", preset: "iphone-15-pro", time: 0.7, live: true),
        Case(golden: "iphone-15-pro-bar-t1.4-stop1.2", preset: "iphone-15-pro", time: 1.4, stop: 1.2, live: true),
        Case(golden: "iphone-16-pro-max-bar-t1.5-stop1.0", preset: "iphone-16-pro-max", time: 1.5, stop: 1.0, live: true),
        Case(golden: "smooth-iphone-x-bar-t1.6", preset: "iphone-x", time: 1.6, style: "smooth"),
        Case(golden: "smooth-plain-bar-t1.6", preset: "plain", time: 1.6, style: "smooth"),
    ]
    /// Smooth goldens the reference does not draw: the opening curtain (t < 1 s), the
    /// closing curtain after a stop (seed-systems.md 2.4) and the island's rim around the
    /// pill's cap (not in the seed; the project's own extension).
    static let notCovered = ["smooth-iphone-x-bar-t0.4", "smooth-iphone-x-bar-t2.7-stop2.0",
                             "smooth-iphone-15-pro-bar-t1.6", "smooth-iphone-15-pro-bar-t2.7-stop2.0"]

    static let root = CommandRunner.packageRoot.path

    @Test("every golden is cross-checked or explicitly not covered")
    func everyGoldenListed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: GoldenFrameTests.directory)
            .filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
        #expect(!names.isEmpty)
        for name in names where !Self.notCovered.contains(name) {
            #expect(Self.cases.contains { $0.golden == name && !$0.live }, "golden \(name) has no reference check")
        }
    }

    @Test("golden frames (and sharp island frames) agree with the spec's reference renderer at 70 dB or more (smooth: 58)", arguments: cases)
    func golden(_ c: Case) throws {
        let script = Self.root + "/Tests/Reference/notch_waves_reference.py"
        let dir = TemporaryDirectory()
        let out = dir.file("reference.rgba")
        var arguments = [script, "--preset", Self.root + "/presets/\(c.preset).json", "--time", "\(c.time)", "-o", out]
        if let stop = c.stop { arguments += ["--stop", "\(stop)"] }
        if c.screen { arguments += ["--region", "screen", "--mask"] }
        if c.style != "sharp" { arguments += ["--style", c.style] }
        let run = try CommandRunner.run("python3", arguments)
        try #require(run.status == 0, "\(run.stderr)")
        let size = run.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x").compactMap { Int($0) }
        try #require(size.count == 2)
        let (w, h) = (size[0], size[1])
        let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        try #require(reference.count == w * h * 4)
        let golden: [UInt8]
        if c.live {
            let frame = try FrameExport.straightRGBA(plan: try GoldenFrameTests.plan(c.preset, stop: c.stop), time: c.time)
            try #require(frame.width == w && frame.height == h, "the frame is \(frame.width)x\(frame.height), the reference \(w)x\(h)")
            golden = frame.bytes
        } else {
            golden = try MediaProbe.decodePNG(GoldenFrameTests.directory + "/\(c.golden).png", width: w, height: h)
        }
        try #require(golden.count == w * h * 4, "the golden is not \(w)x\(h)")
        var sum = 0.0, worst = 0.0
        for p in 0..<(w * h) {
            let i = 4 * p
            let aa = Double(golden[i + 3]), ab = Double(reference[i + 3])
            for ch in 0..<4 {
                let a = ch == 3 ? aa : Double(golden[i + ch]) * aa / 255
                let b = ch == 3 ? ab : Double(reference[i + ch]) * ab / 255
                sum += (a - b) * (a - b)
                worst = max(worst, abs(a - b))
            }
        }
        let mse = sum / Double(w * h * 4)
        let psnr = mse == 0 ? Double.infinity : 10 * log10(255 * 255 / mse)
        print("golden \(c.golden): \(String(format: "%.1f", psnr)) dB, largest difference \(String(format: "%.2f", worst))")
        #expect(psnr >= c.threshold, "\(c.golden): \(psnr) dB")
        #expect(worst <= 2, "\(c.golden): a channel \(worst) levels apart")
    }
}
