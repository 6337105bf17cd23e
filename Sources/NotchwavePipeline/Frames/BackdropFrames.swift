import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwaveRaster
import NotchwaveVideo

/// The backdrop's pictures as frame-sized opaque canvases, one per output frame: a still
/// is decoded and scaled once; a video is decoded in order, in step with the render's
/// time line (output frame `i` shows the last picture at or before `start + i / fps`,
/// the last picture held when the video is shorter).
///
/// Video pictures are decoded on demand by the render thread that needs one (one at a
/// time, under a lock) and kept only until that frame is rendered: the workers render
/// frames inside a bounded window, so at most that many pictures are held however long
/// the video. A picture depends only on the frame's index, so any number of workers
/// shows the same pictures. Pixels outside the placed picture (`--backdrop-fit fit`,
/// padding columns) are black; a picture with transparency is put over black. For a
/// landscape App Store preview the picture is a landscape one: placed on the screen
/// turned landscape, then turned back a quarter clockwise onto the portrait canvas (the
/// preview turns the frame counter-clockwise, so it ends upright).
final class BackdropFrames: @unchecked Sendable {
    /// The backdrop as asked.
    let backdrop: Backdrop
    /// True for a still image (every frame shows the same canvas).
    let isStill: Bool
    private let canvasWidth: Int
    private let canvasHeight: Int
    private let screenWidth: Int
    private let screenHeight: Int
    private let placement: BackdropPlacement
    private let fps: Int
    private let landscape: Bool
    private let lock = NSLock()
    private var reader: PictureReader
    private var still: Canvas?
    /// The picture that is current in the reader, converted (shared by the frames that show it).
    private var currentCanvas: Canvas?
    /// Output frames whose picture is known and not yet released.
    private var resolved: [Int: Canvas] = [:]
    /// The next output frame to resolve.
    private var nextIndex = 0
    private var failure: Error?
    /// Scratch for a picture scaled to a size other than the screen's (`scaledBytes`
    /// bytes, from `OutOfMemory.allocate`).
    private var scaled: UnsafeMutablePointer<UInt8>?
    private var scaledBytes = 0

    /// Opens `backdrop` for a plan's frames on a `canvasWidth` x `canvasHeight` canvas.
    /// Throws `PipelineError.unsupported` when its aspect ratio does not fit the screen
    /// and no fit is given, and FFmpeg's error when it cannot be read.
    init(backdrop: Backdrop, plan: RenderPlan, canvasWidth: Int, canvasHeight: Int) throws {
        self.backdrop = backdrop
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        screenWidth = plan.preset.pixelWidth
        screenHeight = plan.preset.pixelHeight
        fps = plan.fps
        landscape = plan.appPreview?.landscape ?? false
        try InputPath.check(backdrop.path, for: backdrop.subject)
        do {
            reader = try PictureReader(path: backdrop.path)
        } catch {
            throw BackdropFrames.failure(error, backdrop: backdrop, reading: "cannot read")
        }
        isStill = reader.isStill
        do {
            // A rotated recording is placed as it is displayed.
            let sideways = reader.rotation % 180 != 0
            placement = try backdrop.placement(sourceWidth: sideways ? reader.height : reader.width,
                                               sourceHeight: sideways ? reader.width : reader.height,
                                               width: landscape ? screenHeight : screenWidth, height: landscape ? screenWidth : screenHeight)
        } catch {
            throw PipelineError.unsupported(error.description)
        }
        if isStill {
            do {
                guard try reader.nextTime() != nil else { throw PipelineError.output("\(backdrop.subject): no picture could be decoded from \(backdrop.path)") }
                reader.advance()
                still = try convertCurrent()
            } catch let error as FFmpegError {
                throw BackdropFrames.failure(error, backdrop: backdrop, reading: "cannot read")
            }
        }
    }

    deinit { OutOfMemory.release(scaled) }

    /// The canvas output frame `index` shows (on a decoding error mid-video: the last
    /// good picture, the error kept for `checkFailure`; nil when not even a black picture
    /// could be had, out of memory, which `checkFailure` then reports). Call
    /// `release(index)` when the frame is rendered.
    func canvas(frame index: Int) -> Canvas? {
        if let still { return still }
        lock.lock()
        defer { lock.unlock() }
        if let canvas = resolved[index] { return canvas }
        if index < nextIndex {
            // Asked again after its release: a second pass over the frames (GIF).
            restart()
        }
        while nextIndex <= index {
            resolved[nextIndex] = picture(at: backdrop.start + Double(nextIndex) / Double(fps))
            nextIndex += 1
        }
        return resolved[index]
    }

    /// The canvas showing the backdrop at time `t` of the render (for single frames; nil
    /// as `canvas(frame:)` says).
    func canvas(atTime t: Double) -> Canvas? {
        if let still { return still }
        lock.lock()
        defer { lock.unlock() }
        return picture(at: backdrop.start + t)
    }

    /// Drops frame `index`'s picture (it is rendered).
    func release(_ index: Int) {
        guard still == nil else { return }
        lock.lock()
        resolved.removeValue(forKey: index)
        lock.unlock()
    }

    /// Pictures held right now (for tests of the bound).
    var heldPictures: Int {
        lock.lock(); defer { lock.unlock() }
        return Set(resolved.values.map { ObjectIdentifier($0) }).count
    }

    /// Throws the error a decode ran into, if any.
    func checkFailure() throws {
        lock.lock(); let error = failure; lock.unlock()
        if let error { throw error }
    }

    /// The picture at source time `t` (under the lock): advances the reader past every
    /// picture at or before `t`; the first picture when `t` is before it.
    private func picture(at t: Double) -> Canvas? {
        do {
            var advanced = false
            while let next = try reader.nextTime(), next <= t + 1e-6 || !reader.hasPicture {
                reader.advance()
                advanced = true
            }
            if advanced || currentCanvas == nil { currentCanvas = try convertCurrent() }
        } catch {
            if failure == nil { failure = BackdropFrames.failure(error, backdrop: backdrop, reading: nil) }
        }
        if let currentCanvas { return currentCanvas }
        let black: Canvas
        do {
            black = try Canvas.allocate(width: canvasWidth, height: canvasHeight)
        } catch {
            if failure == nil { failure = PipelineError.output(error.description) }
            return nil
        }
        black.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), rows: 0..<canvasHeight)
        currentCanvas = black
        return black
    }

    /// Reopens the video for another pass from its start (under the lock).
    private func restart() {
        resolved.removeAll()
        nextIndex = 0
        currentCanvas = nil
        do {
            reader = try PictureReader(path: backdrop.path)
        } catch {
            if failure == nil { failure = BackdropFrames.failure(error, backdrop: backdrop, reading: "cannot reopen") }
        }
    }

    /// The one line for `error` from the reader: a problem of the file itself as the
    /// reader words it (it names the file), else FFmpeg's reason after the file's name
    /// (`reading`: what was being done, such as "cannot read"), never an internal name.
    private static func failure(_ error: Error, backdrop: Backdrop, reading: String?) -> PipelineError {
        let path = backdrop.path, subject = backdrop.subject
        guard let error = error as? FFmpegError else { return PipelineError.output("\(subject): \(path): \(oneLineDescription(of: error))") }
        if error.isAboutTheFile { return PipelineError.output("\(subject): \(error.message)") }
        if let cause = error.cause { return PipelineError.output("\(subject): \(path): \(cause.description)") }
        return PipelineError.output("\(subject): \(reading.map { "\($0) \(path)" } ?? path): \(error.message)")
    }

    /// The reader's current picture on a new opaque canvas.
    private func convertCurrent() throws -> Canvas {
        let canvas = try Canvas.allocate(width: canvasWidth, height: canvasHeight)
        let p = placement
        let turns = reader.rotation
        if !landscape && turns == 0 && p.x == 0 && p.y == 0 && p.width == canvasWidth && p.height == canvasHeight {
            try reader.convertCurrent(width: p.width, height: p.height, into: canvas.pixels, bytesPerRow: canvas.bytesPerRow)
        } else {
            canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), rows: 0..<canvasHeight)
            // The stored picture, scaled so that it is p.width x p.height once turned for display.
            let storedWidth = turns % 180 == 0 ? p.width : p.height, storedHeight = turns % 180 == 0 ? p.height : p.width
            let rowBytes = storedWidth * 4
            let buffer: UnsafeMutablePointer<UInt8>
            if let scaled, scaledBytes == rowBytes * storedHeight {
                buffer = scaled
            } else {
                OutOfMemory.release(scaled)
                scaled = nil
                buffer = try OutOfMemory.allocate(UInt8.self, count: rowBytes * storedHeight, for: "the backdrop's picture")
                scaled = buffer
                scaledBytes = rowBytes * storedHeight
            }
            try { () throws in
                try reader.convertCurrent(width: storedWidth, height: storedHeight, into: buffer, bytesPerRow: rowBytes)
                let picture = UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt32.self)
                let pixels = UnsafeMutableRawPointer(canvas.pixels).assumingMemoryBound(to: UInt32.self)
                if turns == 0 && !landscape {
                    // Upright: whole rows of the placed picture that fall on the screen.
                    let x0 = max(0, p.x), x1 = min(min(screenWidth, canvasWidth), p.x + p.width)
                    guard x1 > x0 else { return }
                    for y in max(0, p.y)..<max(max(0, p.y), min(min(screenHeight, canvasHeight), p.y + p.height)) {
                        (pixels + y * canvasWidth + x0).update(from: picture + (y - p.y) * p.width + (x0 - p.x), count: x1 - x0)
                    }
                    return
                }
                // Every canvas pixel on the screen takes the placed picture's pixel, if any:
                // at (x, y) upright; at (y, width - 1 - x) of the landscape screen when turned;
                // then from the stored picture as it is turned for display.
                for y in 0..<min(screenHeight, canvasHeight) {
                    for x in 0..<min(screenWidth, canvasWidth) {
                        let sx = (landscape ? y : x) - p.x, sy = (landscape ? screenWidth - 1 - x : y) - p.y
                        guard sx >= 0, sx < p.width, sy >= 0, sy < p.height else { continue }
                        let u: Int, v: Int
                        switch turns {
                        case 90: (u, v) = (sy, p.width - 1 - sx)
                        case 180: (u, v) = (p.width - 1 - sx, p.height - 1 - sy)
                        case 270: (u, v) = (p.height - 1 - sy, sx)
                        default: (u, v) = (sx, sy)
                        }
                        pixels[y * canvasWidth + x] = picture[v * storedWidth + u]
                    }
                }
            }()
        }
        Self.flattenOverBlack(canvas)
        return canvas
    }

    /// Straight RGBA with any transparency becomes opaque premultiplied: the picture over black.
    private static func flattenOverBlack(_ canvas: Canvas) {
        let count = canvas.width * canvas.height
        let words = UnsafeMutableRawPointer(canvas.pixels).assumingMemoryBound(to: UInt32.self)
        for i in 0..<count {
            let word = words[i]
            let alpha = word >> 24
            if alpha == 255 { continue }
            var result: UInt32 = 0xFF00_0000
            for shift in stride(from: UInt32(0), through: 16, by: 8) {
                let c = (word >> shift) & 0xFF
                result |= ((c * alpha + 127) / 255) << shift
            }
            words[i] = result
        }
    }
}
