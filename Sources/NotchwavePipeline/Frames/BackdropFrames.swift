import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwaveRaster
import NotchwaveVideo

/// The backdrop's pictures as frame-sized opaque canvases, one per output frame: a still
/// is decoded and scaled once; a recording is decoded in order, in step with the render's
/// time line. The time line is the backdrop's segments (`RecordingSegments`; one file from
/// `--backdrop-start` is one endless segment): output frame `i` shows, of each segment
/// showing at `i / fps`, the last picture at or before the recording's time there (the
/// last picture held when the recording is shorter), and inside a crossfade the two
/// segments' pictures mixed by their weights.
///
/// Pictures are decoded on demand by the render thread that needs one (one at a time,
/// under a lock) and kept only until that frame is rendered: the workers render frames
/// inside a bounded window, so at most that many pictures are held however long the
/// video; a segment's decoder is closed once the frames have passed it. A picture depends
/// only on the frame's index, so any number of workers shows the same pictures. Pixels
/// outside the placed picture (`--backdrop-fit fit`, padding columns) are black; a picture
/// with transparency is put over black. For a landscape App Store preview the picture is
/// a landscape one: placed on the screen turned landscape, then turned back a quarter
/// clockwise onto the portrait canvas (the preview turns the frame counter-clockwise, so
/// it ends upright).
final class BackdropFrames: @unchecked Sendable {
    /// The backdrop as asked.
    let backdrop: Backdrop
    /// True for a single still image (every frame shows the same canvas).
    let isStill: Bool
    private let canvasWidth: Int
    private let canvasHeight: Int
    private let screenWidth: Int
    private let screenHeight: Int
    private let fps: Int
    private let landscape: Bool
    /// The segments the pictures come from (one endless one for a single file).
    private let timeline: RecordingSegments
    private let lock = NSLock()
    /// One decoder per segment, opened when the segment is first shown.
    private var sources: [SegmentSource?]
    private var still: Canvas?
    /// Output frames whose picture is known and not yet released.
    private var resolved: [Int: Canvas] = [:]
    /// The next output frame to resolve.
    private var nextIndex = 0
    private var failure: Error?

    /// Opens `backdrop` for a plan's frames on a `canvasWidth` x `canvasHeight` canvas.
    /// Throws `PipelineError.unsupported` when a picture's aspect ratio does not fit the
    /// screen and no fit is given, and FFmpeg's error when a file cannot be read (every
    /// segment's file is opened and checked here, before anything is rendered).
    convenience init(backdrop: Backdrop, plan: RenderPlan, canvasWidth: Int, canvasHeight: Int) throws {
        try self.init(backdrop: backdrop, screenWidth: plan.preset.pixelWidth, screenHeight: plan.preset.pixelHeight, fps: plan.fps,
                      landscape: plan.appPreview?.landscape ?? false, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// Opens `backdrop` for pictures placed on a `screenWidth` x `screenHeight` area (a
    /// screen, or a framed canvas's background) at `fps`, on a `canvasWidth` x
    /// `canvasHeight` canvas.
    init(backdrop: Backdrop, screenWidth: Int, screenHeight: Int, fps: Int, landscape: Bool, canvasWidth: Int, canvasHeight: Int) throws {
        self.backdrop = backdrop
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.fps = fps
        self.landscape = landscape
        timeline = backdrop.segments ?? RecordingSegments([RecordingSegment(recording: backdrop.path, start: backdrop.start, end: backdrop.start + 1e9)])
        sources = Array(repeating: nil, count: timeline.segments.count)
        var first: SegmentSource?
        // Every segment's file is opened and placed now (errors before any frame); only the
        // first stays open, the others are opened again when their turn comes.
        let screen = landscape ? (screenHeight, screenWidth) : (screenWidth, screenHeight)
        for index in timeline.segments.indices {
            let source = try BackdropFrames.openSource(timeline, segment: index, backdrop: backdrop, screen: screen)
            if index == 0 { first = source }
        }
        isStill = timeline.segments.count == 1 && (first?.reader.isStill ?? false)
        sources[0] = first
        if isStill, let first {
            do {
                guard try first.reader.nextTime() != nil else { throw PipelineError.output("\(backdrop.subject): no picture could be decoded from \(first.path)") }
                first.reader.advance()
                still = try convertCurrent(first)
            } catch let error as FFmpegError {
                throw BackdropFrames.failure(error, path: first.path, subject: backdrop.subject, reading: "cannot read")
            }
        }
    }

    /// The decoder of segment `index`'s recording, its picture placed on the screen.
    private func openSource(segment index: Int) throws -> SegmentSource {
        try BackdropFrames.openSource(timeline, segment: index, backdrop: backdrop,
                                      screen: landscape ? (screenHeight, screenWidth) : (screenWidth, screenHeight))
    }

    /// The decoder of segment `index` of `timeline`, its picture placed on a `screen`-sized
    /// screen (width, height; the landscape screen for a landscape preview).
    private static func openSource(_ timeline: RecordingSegments, segment index: Int, backdrop: Backdrop,
                                   screen: (width: Int, height: Int)) throws -> SegmentSource {
        let path = timeline.segments[index].recording
        let subject = timeline.segments.count > 1 ? "\(backdrop.subject), segment \(index + 1)" : backdrop.subject
        try InputPath.check(path, for: subject)
        let reader: PictureReader
        do {
            reader = try PictureReader(path: path)
        } catch {
            throw BackdropFrames.failure(error, path: path, subject: subject, reading: "cannot read")
        }
        let placement: BackdropPlacement
        do {
            // A rotated recording is placed as it is displayed.
            let sideways = reader.rotation % 180 != 0
            var located = backdrop
            located.path = path
            located.subject = subject
            placement = try located.placement(sourceWidth: sideways ? reader.height : reader.width,
                                              sourceHeight: sideways ? reader.width : reader.height,
                                              width: screen.width, height: screen.height)
        } catch {
            throw PipelineError.unsupported(error.description)
        }
        // A segment past its recording's end would show one frozen picture: refused.
        if let segments = backdrop.segments, !reader.isStill, let length = reader.duration {
            let segment = segments.segments[index]
            if segment.start >= length - 1e-3 || segment.end > length + 0.05 {
                let which = segment.start >= length - 1e-3 ? "\"in\" (\(JSONOutput.formatNumber(segment.start)) s)" : "\"out\" (\(JSONOutput.formatNumber(segment.end)) s)"
                throw PipelineError.unsupported("\(subject): \(which) is past the end of \(path), which lasts \(String(format: "%.2f", length)) s")
            }
        }
        return SegmentSource(path: path, subject: subject, reader: reader, placement: placement)
    }

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
            resolved[nextIndex] = picture(at: Double(nextIndex) / Double(fps), closingPassed: true)
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
        return picture(at: t, closingPassed: false)
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

    /// The picture at output time `t` (under the lock): each segment showing then, its
    /// decoder advanced past every picture at or before its recording's time, mixed by
    /// weight inside a crossfade. With `closingPassed`, decoders of segments before the
    /// first one showing are closed (frames are resolved in order).
    private func picture(at t: Double, closingPassed: Bool) -> Canvas? {
        let showing = timeline.sources(at: t)
        if closingPassed, let earliest = showing.first?.segment {
            for k in 0..<earliest where sources[k] != nil { sources[k] = nil }
        }
        var canvases: [(Canvas, Double)] = []
        for (segment, time, weight) in showing {
            guard let canvas = picture(segment: segment, at: time) else { return nil }
            canvases.append((canvas, weight))
        }
        guard let (first, _) = canvases.first else { return nil }
        guard canvases.count == 2 else { return first }
        // A crossfade: the earlier segment's picture mixed toward the later one's.
        do {
            let mixed = try Canvas.allocate(width: canvasWidth, height: canvasHeight)
            mixed.copyRows(of: first, originY: 0)
            mixed.mix(toward: canvases[1].0, weight: canvases[1].1)
            return mixed
        } catch {
            if failure == nil { failure = PipelineError.output(error.description) }
            return nil
        }
    }

    /// Segment `index`'s picture at its recording's time `t`: the last one at or before
    /// it, the first when `t` is before it; black when nothing could be decoded.
    private func picture(segment index: Int, at t: Double) -> Canvas? {
        do {
            let source: SegmentSource
            if let open = sources[index] {
                source = open
            } else {
                source = try openSource(segment: index)
                sources[index] = source
            }
            var advanced = false
            while let next = try source.reader.nextTime(), next <= t + 1e-6 || !source.reader.hasPicture {
                source.reader.advance()
                advanced = true
            }
            if advanced || source.current == nil { source.current = try convertCurrent(source) }
            if let current = source.current { return current }
        } catch {
            if failure == nil {
                let path = timeline.segments[index].recording
                failure = BackdropFrames.failure(error, path: path, subject: sources[index]?.subject ?? backdrop.subject, reading: nil)
            }
            if let current = sources[index]?.current { return current }
        }
        let black: Canvas
        do {
            black = try Canvas.allocate(width: canvasWidth, height: canvasHeight)
        } catch {
            if failure == nil { failure = PipelineError.output(error.description) }
            return nil
        }
        black.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), rows: 0..<canvasHeight)
        sources[index]?.current = black
        return black
    }

    /// Reopens the recordings for another pass from the start (under the lock).
    private func restart() {
        resolved.removeAll()
        nextIndex = 0
        for k in sources.indices { sources[k] = nil }
    }

    /// The one line for `error` from the reader: a problem of the file itself as the
    /// reader words it (it names the file), else FFmpeg's reason after the file's name
    /// (`reading`: what was being done, such as "cannot read"), never an internal name.
    private static func failure(_ error: Error, path: String, subject: String, reading: String?) -> PipelineError {
        guard let error = error as? FFmpegError else { return PipelineError.output("\(subject): \(path): \(oneLineDescription(of: error))") }
        if error.isAboutTheFile { return PipelineError.output("\(subject): \(error.message)") }
        if let cause = error.cause { return PipelineError.output("\(subject): \(path): \(cause.description)") }
        return PipelineError.output("\(subject): \(reading.map { "\($0) \(path)" } ?? path): \(error.message)")
    }

    /// A source's current picture on a new opaque canvas.
    private func convertCurrent(_ source: SegmentSource) throws -> Canvas {
        let canvas = try Canvas.allocate(width: canvasWidth, height: canvasHeight)
        let p = source.placement
        let reader = source.reader
        let turns = reader.rotation
        if !landscape && turns == 0 && p.x == 0 && p.y == 0 && p.width == canvasWidth && p.height == canvasHeight {
            try reader.convertCurrent(width: p.width, height: p.height, into: canvas.pixels, bytesPerRow: canvas.bytesPerRow)
        } else {
            canvas.fill(PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255), rows: 0..<canvasHeight)
            // The stored picture, scaled so that it is p.width x p.height once turned for display.
            let storedWidth = turns % 180 == 0 ? p.width : p.height, storedHeight = turns % 180 == 0 ? p.height : p.width
            let rowBytes = storedWidth * 4
            let buffer: UnsafeMutablePointer<UInt8>
            if let scaled = source.scaled, source.scaledBytes == rowBytes * storedHeight {
                buffer = scaled
            } else {
                OutOfMemory.release(source.scaled)
                source.scaled = nil
                buffer = try OutOfMemory.allocate(UInt8.self, count: rowBytes * storedHeight, for: "the backdrop's picture")
                source.scaled = buffer
                source.scaledBytes = rowBytes * storedHeight
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
        // A picture without alpha converts to opaque pixels: nothing to flatten.
        if reader.currentHasAlpha { Self.flattenOverBlack(canvas) }
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

/// One segment's recording being decoded: its reader, where its pictures go on the
/// screen, the picture that is current, converted, and scratch for scaling. Owns the
/// scratch memory and frees it.
private final class SegmentSource {
    let path: String
    /// How messages name it (`segments, segment 2`).
    let subject: String
    let reader: PictureReader
    let placement: BackdropPlacement
    /// The current picture, converted (shared by the frames that show it).
    var current: Canvas?
    /// Scratch for a picture scaled to a size other than the screen's (`scaledBytes`
    /// bytes, from `OutOfMemory.allocate`).
    var scaled: UnsafeMutablePointer<UInt8>?
    var scaledBytes = 0

    init(path: String, subject: String, reader: PictureReader, placement: BackdropPlacement) {
        self.path = path
        self.subject = subject
        self.reader = reader
        self.placement = placement
    }

    deinit { OutOfMemory.release(scaled) }
}
