import Foundation
import NotchwaveRaster

/// Renders frames on several threads and hands them over in order.
///
/// Workers take frame indices in order, each renders into a canvas from a pool (each
/// worker has its own rasterizer), and the caller receives the frames strictly in order.
/// At most `window` frames are in flight (rendered or being rendered, not yet handed
/// over), so memory stays bounded however long the video. A frame depends only on its
/// index, so any number of workers gives the same frames.
final class ParallelFrameProducer: @unchecked Sendable {
    private let renderer: FrameRenderer
    private let workers: Int
    private let window: Int
    private let condition = NSCondition()
    private var next = 0
    private var handedOver = 0
    private var ready: [Int: Canvas] = [:]
    private var pool: [Canvas] = []
    private var created = 0
    private var stop = false
    private var end = 0

    /// A producer with `workers` threads and at most `window` frames in flight.
    init(renderer: FrameRenderer, workers: Int, window: Int) {
        self.renderer = renderer
        self.workers = max(1, workers)
        self.window = max(window, self.workers)
    }

    /// Renders frames `frames` and calls `consume(index, canvas)` for each, in order, on
    /// the calling thread. The canvas is reused after `consume` returns. Stops early, and
    /// rethrows, when `consume` throws or `cancellation` is set.
    func run(frames: Range<Int>, cancellation: CancellationToken, consume: (Int, Canvas) throws -> Void) throws {
        condition.lock()
        next = frames.lowerBound
        handedOver = frames.lowerBound
        end = frames.upperBound
        stop = false
        condition.unlock()
        var threads: [Thread] = []
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            let thread = Thread { [self] in
                workerLoop()
                done.leave()
            }
            thread.stackSize = 1 << 20
            threads.append(thread)
            thread.start()
        }
        defer {
            condition.lock()
            stop = true
            condition.broadcast()
            condition.unlock()
            done.wait()
        }
        for index in frames {
            try cancellation.check()
            condition.lock()
            while ready[index] == nil { condition.wait() }
            let canvas = ready.removeValue(forKey: index)!
            condition.unlock()
            defer {
                condition.lock()
                pool.append(canvas)
                handedOver = index + 1
                condition.broadcast()
                condition.unlock()
            }
            try consume(index, canvas)
        }
    }

    private func workerLoop() {
        let rasterizer = Rasterizer(kernel: renderer.kernel)
        while true {
            condition.lock()
            while !stop && next < end && next >= handedOver + window { condition.wait() }
            if stop || next >= end { condition.unlock(); return }
            let index = next
            next += 1
            var canvas = pool.popLast()
            let needsNew = canvas == nil
            if needsNew { created += 1 }
            condition.unlock()
            if canvas == nil { canvas = renderer.makeCanvas() }
            guard let canvas else { return }
            renderer.render(frame: index, into: canvas, using: rasterizer)
            condition.lock()
            ready[index] = canvas
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Canvases allocated so far (bounded by the window).
    var canvasesCreated: Int {
        condition.lock(); defer { condition.unlock() }
        return created
    }
}
