internal import CLaneIntrinsics

/// The arithmetic the coverage integrals and the paints need, written once and run both
/// on one value (`Float`, the scalar reference kernel) and on a lane group
/// (`SIMD8<Float>`, the SIMD kernel).
///
/// Both instantiations perform the same IEEE operations in the same order, which is what
/// makes the scalar reference and the SIMD kernel bit-identical. Only basic operations
/// that IEEE 754 rounds exactly are used (+, -, *, /, sqrt, min, max, comparisons,
/// round to integer): no library transcendental functions.
public protocol LaneArithmetic: Sendable {
    /// The result of a lane-wise comparison.
    associatedtype Predicate
    /// Every lane set to `value`.
    init(broadcast value: Float)
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    /// The correctly rounded square root of each lane.
    func laneSquareRoot() -> Self
    /// Lane-wise minimum (inputs are never NaN here).
    static func laneMin(_ a: Self, _ b: Self) -> Self
    /// Lane-wise maximum (inputs are never NaN here).
    static func laneMax(_ a: Self, _ b: Self) -> Self
    /// Lane-wise `a < b`.
    static func laneLess(_ a: Self, _ b: Self) -> Predicate
    /// `whereTrue` in the lanes where `p` holds, `whereFalse` elsewhere.
    static func laneSelect(_ p: Predicate, _ whereTrue: Self, _ whereFalse: Self) -> Self
    /// Round towards minus infinity, for values in 0 ..< 2^23.
    func laneFloor() -> Self
    /// Absolute value.
    func laneAbs() -> Self
}

extension Float: LaneArithmetic {
    public typealias Predicate = Bool
    @inline(__always) public init(broadcast value: Float) { self = value }
    @inline(__always) public func laneSquareRoot() -> Float { squareRoot() }
    @inline(__always) public static func laneMin(_ a: Float, _ b: Float) -> Float { b < a ? b : a }
    @inline(__always) public static func laneMax(_ a: Float, _ b: Float) -> Float { b > a ? b : a }
    @inline(__always) public static func laneLess(_ a: Float, _ b: Float) -> Bool { a < b }
    @inline(__always) public static func laneSelect(_ p: Bool, _ t: Float, _ f: Float) -> Float { p ? t : f }
    @inline(__always) public func laneFloor() -> Float {
        // Valid for 0 <= self < 2^23 (table indices): round to an integer by adding
        // 2^23, then step down where that rounded up.
        let r = (self + 8_388_608) - 8_388_608
        return r > self ? r - 1 : r
    }
    @inline(__always) public func laneAbs() -> Float { magnitude }
}

extension SIMD8: LaneArithmetic where Scalar == Float {
    public typealias Predicate = SIMDMask<SIMD8<Int32>>
    @inline(__always) public init(broadcast value: Float) { self.init(repeating: value) }
    /// `sqrtps`: the standard library's lane loop calls `sqrtf` per lane (errno
    /// semantics keep it from vectorising); both are IEEE correctly rounded.
    @inline(__always) public func laneSquareRoot() -> SIMD8<Float> { nw_sqrt8(self) }
    @inline(__always) public static func laneMin(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        a.replacing(with: b, where: b .< a)
    }
    @inline(__always) public static func laneMax(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
        a.replacing(with: b, where: b .> a)
    }
    @inline(__always) public static func laneLess(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> Predicate { a .< b }
    @inline(__always) public static func laneSelect(_ p: Predicate, _ t: SIMD8<Float>, _ f: SIMD8<Float>) -> SIMD8<Float> {
        f.replacing(with: t, where: p)
    }
    @inline(__always) public func laneFloor() -> SIMD8<Float> {
        let magic = SIMD8<Float>(repeating: 8_388_608)
        let r = (self + magic) - magic
        return r.replacing(with: r - 1, where: r .> self)
    }
    @inline(__always) public func laneAbs() -> SIMD8<Float> {
        // Clearing the sign bit is exact, like Float.magnitude.
        SIMD8<Float>(bitPattern: bitPattern & SIMD8<UInt32>(repeating: 0x7FFF_FFFF))
    }
}

/// Half a lane group: the SIMD kernel's coverage integrals for a piece that crosses at most
/// four cell boundaries of a row (most edges), the same operations lane by lane as
/// `SIMD8<Float>` and `Float`, in one vector register instead of two.
extension SIMD4: LaneArithmetic where Scalar == Float {
    public typealias Predicate = SIMDMask<SIMD4<Int32>>
    @inline(__always) public init(broadcast value: Float) { self.init(repeating: value) }
    /// `sqrtps` through the eight-lane intrinsic (the unused upper half folds away).
    @inline(__always) public func laneSquareRoot() -> SIMD4<Float> { nw_sqrt8(SIMD8(lowHalf: self, highHalf: self)).lowHalf }
    @inline(__always) public static func laneMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .< a)
    }
    @inline(__always) public static func laneMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .> a)
    }
    @inline(__always) public static func laneLess(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Predicate { a .< b }
    @inline(__always) public static func laneSelect(_ p: Predicate, _ t: SIMD4<Float>, _ f: SIMD4<Float>) -> SIMD4<Float> {
        f.replacing(with: t, where: p)
    }
    @inline(__always) public func laneFloor() -> SIMD4<Float> {
        let magic = SIMD4<Float>(repeating: 8_388_608)
        let r = (self + magic) - magic
        return r.replacing(with: r - 1, where: r .> self)
    }
    @inline(__always) public func laneAbs() -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(self, to: SIMD4<UInt32>.self) & SIMD4<UInt32>(repeating: 0x7FFF_FFFF), to: SIMD4<Float>.self)
    }
}

extension SIMD8 where Scalar == Float {
    @inline(__always) init(bitPattern bits: SIMD8<UInt32>) {
        self = unsafeBitCast(bits, to: SIMD8<Float>.self)
    }
    @inline(__always) var bitPattern: SIMD8<UInt32> { unsafeBitCast(self, to: SIMD8<UInt32>.self) }
}

/// Table look-ups, the one operation that is a per-lane loop even in the SIMD kernel.
public protocol LaneGather: LaneArithmetic {
    /// `table[Int(lane)]` for each lane; lanes hold non-negative integral values in range.
    func laneGather(_ table: UnsafePointer<Float>) -> Self
}

extension Float: LaneGather {
    @inline(__always) public func laneGather(_ table: UnsafePointer<Float>) -> Float { table[Int(self)] }
}

extension SIMD8: LaneGather where Scalar == Float {
    @inline(__always) public func laneGather(_ table: UnsafePointer<Float>) -> SIMD8<Float> {
        var out = SIMD8<Float>()
        for lane in 0..<8 { out[lane] = table[Int(self[lane])] }
        return out
    }
}
