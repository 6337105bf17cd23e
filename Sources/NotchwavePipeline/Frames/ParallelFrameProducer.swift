import Foundation
import NotchwaveRaster

/// A frame as the producer hands it over: its rendered slice, or what the caller's
/// `prepare` made of it on the worker instead.
enum ProducedFrame {
    /// The slice holding the frame's dynamic rows, and those that may differ from the
    /// template's; reused once the frame's consumer returns.
    case rendered(slice: Canvas, changed: [Range<Int>])
    /// What `prepare` returned.
    case prepared(PreparedFrame)
}

/// Renders frames on several threads and hands them over in order.
///
/// Workers take batches of consecutive frame indices (fewer hand-offs, less locking).
/// For each frame a worker first offers the caller's `prepare` the frame (with its own
/// rasterizer): a sink that renders and converts the frame itself, band by band, takes it
/// there. Otherwise the worker renders it into a canvas from a pool. The caller receives
/// the frames strictly in order.
/// At most `window` frames are in flight (rendered or being rendered, not yet handed
/// over), so memory stays bounded however long the video. A frame depends only on its
/// index, so any number of workers gives the same frames.
final class ParallelFrameProducer: @unchecked Sendable {
    private let renderer: FrameRenderer
    private let workers: Int
    private let window: Int
    private let batch: Int
    private let condition = NSCondition()
    private var next = 0
    private var handedOver = 0
    private var ready: [Int: ProducedFrame] = [:]
    private var pool: [Canvas] = []
    private var stop = false
    private var end = 0
    /// Why a worker stopped (a frame buffer it could not allocate, or `prepare`'s error):
    /// the run stops and throws it.
    private var failure: Error?
    /// The current run's offer of each frame to the caller, on the worker's thread.
    private var prepare: (Int, Rasterizer) throws -> PreparedFrame? = { _, _ in nil }

    /// A producer with `workers` threads taking `batch` frames at a time, with at most
    /// `window` frames in flight (at least one batch per worker).
    init(renderer: FrameRenderer, workers: Int, batch: Int = 2, window: Int? = nil) {
        self.renderer = renderer
        self.workers = max(1, workers)
        self.batch = max(1, batch)
        self.window = max(window ?? self.workers * self.batch * 2, self.workers * self.batch)
    }

    /// Renders frames `frames` and calls `consume(index, frame)` for each, in order, on
    /// the calling thread. Each frame is first offered to `prepare(index, rasterizer)`, on
    /// the worker's thread (for several frames at once); `frame` is `.prepared` with what
    /// it returned, or, where it returned nil, `.rendered` with the slice holding the
    /// frame's dynamic rows (the renderer's template has the others), of which `changed`
    /// may differ from the template's. That slice is reused after `consume` returns. Stops
    /// early, and rethrows, when `prepare` or `consume` throws or `cancellation` is set.
    func run(frames: Range<Int>, cancellation: CancellationToken,
             prepare: @escaping (Int, Rasterizer) throws -> PreparedFrame? = { _, _ in nil },
             consume: (Int, ProducedFrame) throws -> Void) throws {
        condition.lock()
        self.prepare = prepare
        next = frames.lowerBound
        handedOver = frames.lowerBound
        end = frames.upperBound
        stop = false
        failure = nil
        condition.unlock()
        let done = DispatchGroup()
        defer {
            condition.lock()
            stop = true
            condition.broadcast()
            condition.unlock()
            done.wait()
        }
        for _ in 0..<workers {
            done.enter()
            do {
                try WorkerThread.start(stackSize: 1 << 20, purpose: "a render thread") { [self] in
                    workerLoop()
                    done.leave()
                }
            } catch {
                done.leave()
                throw PipelineError.output(error.description)
            }
        }
        for index in frames {
            try cancellation.check()
            condition.lock()
            while ready[index] == nil && failure == nil { condition.wait() }
            guard let frame = ready.removeValue(forKey: index) else {
                let failure = self.failure
                condition.unlock()
                if let failure = failure as? OutOfMemory { throw PipelineError.output(failure.description) }
                throw failure ?? PipelineError.output("frame \(index) was not rendered")
            }
            condition.unlock()
            defer {
                condition.lock()
                if case let .rendered(slice, _) = frame { pool.append(slice) }
                handedOver = index + 1
                condition.broadcast()
                condition.unlock()
            }
            try consume(index, frame)
        }
    }

    private func workerLoop() {
        let rasterizer = Rasterizer(kernel: renderer.kernel)
        var claimed: [(Int, Canvas?)] = []
        var rendered: [(Int, ProducedFrame)] = []
        condition.lock()
        let prepare = self.prepare
        condition.unlock()
        while true {
            condition.lock()
            while !stop && next < end && next + batch > handedOver + window && next >= handedOver + batch { condition.wait() }
            if stop || next >= end { condition.unlock(); return }
            let first = next
            let last = min(next + batch, end)
            next = last
            claimed.removeAll(keepingCapacity: true)
            for index in first..<last { claimed.append((index, pool.popLast())) }
            condition.unlock()
            rendered.removeAll(keepingCapacity: true)
            // Canvases claimed for frames `prepare` took: the batch's next frame without
            // one from the pool takes one, the rest go back to the pool.
            var spare: [Canvas] = []
            for (index, pooled) in claimed {
                let canvas: Canvas
                let changed: [Range<Int>]
                do {
                    if let prepared = try prepare(index, rasterizer) {
                        rendered.append((index, .prepared(prepared)))
                        if let pooled { spare.append(pooled) }
                        continue
                    }
                    if let pooled { canvas = pooled } else if let free = spare.popLast() { canvas = free } else { canvas = try renderer.makeSlice() }
                    changed = try renderer.render(frame: index, into: canvas, using: rasterizer)
                } catch {
                    condition.lock()
                    failure = failure ?? error
                    stop = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                rendered.append((index, .rendered(slice: canvas, changed: changed)))
            }
            condition.lock()
            for (index, frame) in rendered { ready[index] = frame }
            pool += spare
            condition.broadcast()
            condition.unlock()
        }
    }
}
