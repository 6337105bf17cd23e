/// The pending actions of a scripted time line, taken earliest first (ties in the order
/// they were scheduled): a binary min-heap, so that a script of n events resolves in
/// O(n log n) instead of a scan of the whole queue per action.
struct EventQueue<Action> {
    private var heap: [(time: Double, order: Int, action: Action)] = []
    private var scheduled = 0

    var isEmpty: Bool { heap.isEmpty }

    /// Adds `action` at `time`.
    mutating func schedule(_ time: Double, _ action: Action) {
        heap.append((time, scheduled, action))
        scheduled += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest action (the first scheduled among equal times).
    mutating func next() -> (time: Double, action: Action)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return (first.time, first.action)
    }

    private static func precedes(_ a: (time: Double, order: Int, action: Action), _ b: (time: Double, order: Int, action: Action)) -> Bool {
        (a.time, a.order) < (b.time, b.order)
    }
}

/// The last entry of `steps` (sorted by time, ties in the order appended) whose time is at
/// most `t`, found by bisection; the first entry when none is.
func lastStep<T>(_ steps: [(time: Double, value: T)], at t: Double) -> T {
    var low = 0, high = steps.count  // the first index whose time is above t lies in low...high
    while low < high {
        let middle = (low + high) / 2
        if steps[middle].time <= t { low = middle + 1 } else { high = middle }
    }
    return steps[Swift.max(low - 1, 0)].value
}

/// The most events a script may hold: far beyond any clip (3600 s at one event a frame at
/// 240 fps is 864,000 frames; a script this long is a mistake or an attack), and small
/// enough that resolving one stays well under a second.
public let maximumScriptEvents = 100_000
