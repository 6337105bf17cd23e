import Foundation

/// A first-in first-out queue between two threads that holds at most `capacity` items:
/// `push` waits while it is full, `pop` while it is empty. Closing it wakes both sides.
final class BoundedQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    /// Appends `item`, waiting for room; false if the queue was closed.
    @discardableResult
    func push(_ item: Element) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while items.count >= capacity && !closed { condition.wait() }
        if closed { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The oldest item, waiting for one; nil once closed and empty.
    func pop() -> Element? {
        condition.lock(); defer { condition.unlock() }
        while items.isEmpty && !closed { condition.wait() }
        if items.isEmpty { return nil }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// Stops the queue: pending pops drain what is left, pushes fail.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
