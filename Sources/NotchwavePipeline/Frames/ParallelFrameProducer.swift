import Foundation
import NotchwaveRaster

/// Renders frames on several threads and hands them over in order.
///
/// Workers take batches of consecutive frame indices (fewer hand-offs, less locking),
/// each renders into canvases from a pool (each worker has its own rasterizer), and the
/// caller receives the frames strictly in order.
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
    private var ready: [Int: (canvas: Canvas, changed: [Range<Int>])] = [:]
    private var pool: [Canvas] = []
    private var stop = false
    private var end = 0
    /// A frame buffer a worker could not allocate: the run stops and says so.
    private var failure: OutOfMemory?

    /// A producer with `workers` threads taking `batch` frames at a time, with at most
    /// `window` frames in flight (at least one batch per worker).
    init(renderer: FrameRenderer, workers: Int, batch: Int = 2, window: Int? = nil) {
        self.renderer = renderer
        self.workers = max(1, workers)
        self.batch = max(1, batch)
        self.window = max(window ?? self.workers * self.batch * 2, self.workers * self.batch)
    }

    /// Renders frames `frames` and calls `consume(index, slice, changed)` for each, in
    /// order, on the calling thread: the slice holds the frame's dynamic rows (the
    /// renderer's template has the others), of which `changed` may differ from the
    /// template's. The slice is reused after `consume` returns. Stops early, and
    /// rethrows, when `consume` throws or `cancellation` is set.
    func run(frames: Range<Int>, cancellation: CancellationToken, consume: (Int, Canvas, [Range<Int>]) throws -> Void) throws {
        condition.lock()
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
            guard let (canvas, changed) = ready.removeValue(forKey: index) else {
                let failure = self.failure
                condition.unlock()
                throw PipelineError.output(failure?.description ?? "frame \(index) was not rendered")
            }
            condition.unlock()
            defer {
                condition.lock()
                pool.append(canvas)
                handedOver = index + 1
                condition.broadcast()
                condition.unlock()
            }
            try consume(index, canvas, changed)
        }
    }

    private func workerLoop() {
        let rasterizer = Rasterizer(kernel: renderer.kernel)
        var claimed: [(Int, Canvas?)] = []
        var rendered: [(Int, Canvas, [Range<Int>])] = []
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
            for (index, pooled) in claimed {
                let canvas: Canvas
                let changed: [Range<Int>]
                do throws(OutOfMemory) {
                    if let pooled { canvas = pooled } else { canvas = try renderer.makeSlice() }
                    changed = try renderer.render(frame: index, into: canvas, using: rasterizer)
                } catch {
                    condition.lock()
                    failure = failure ?? error
                    stop = true
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                rendered.append((index, canvas, changed))
            }
            condition.lock()
            for (index, canvas, changed) in rendered { ready[index] = (canvas, changed) }
            condition.broadcast()
            condition.unlock()
        }
    }
}
