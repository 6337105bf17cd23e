/// Growth of the flat scratch storage the row loop reuses (spans, cells, intervals,
/// piece rows): storage is only ever replaced by a bigger block, outside the common path.
extension UnsafeMutablePointer {
    /// New storage for at least `needed` elements (at least twice `capacity`), holding
    /// this storage's first `count` elements; this storage is freed and `capacity` set.
    func grown(keeping count: Int, capacity: inout Int, needed: Int) -> UnsafeMutablePointer<Pointee> {
        let newCapacity = Swift.max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<Pointee>.allocate(capacity: newCapacity)
        bigger.moveInitialize(from: self, count: count)
        deallocate()
        capacity = newCapacity
        return bigger
    }
}
