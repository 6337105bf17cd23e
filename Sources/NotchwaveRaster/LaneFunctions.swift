/// Transcendental functions built from basic IEEE operations only, so that the scalar
/// reference and the SIMD kernels compute them bit-identically on every machine.
extension LaneArithmetic {
    /// Taylor coefficients of asin(w) = w + w^3 * (c1 + c2 w^2 + ...), for w <= 1/2.
    /// Ten terms leave a truncation error below 1e-8, under Float's own rounding.
    @usableFromInline static var arcsineCoefficients: (Float, Float, Float, Float, Float, Float, Float, Float, Float, Float) {
        (1.0 / 6.0, 3.0 / 40.0, 5.0 / 112.0, 35.0 / 1152.0, 63.0 / 2816.0,
         231.0 / 13312.0, 143.0 / 10240.0, 6435.0 / 557056.0, 12155.0 / 1245184.0, 46189.0 / 5505024.0)
    }

    /// asin(z) for z in [0, 1] (radians), accurate to a few Float ulps.
    ///
    /// Above 1/2 it uses asin(z) = pi/2 - 2 asin(sqrt((1 - z) / 2)).
    @inline(__always) static func arcsineOfUnit(_ z: Self) -> Self {
        let half = Self(broadcast: 0.5)
        let big = laneLess(half, z)
        let w = laneSelect(big, ((Self(broadcast: 1) - z) * half).laneSquareRoot(), z)
        let w2 = w * w
        let c = arcsineCoefficients
        var p = Self(broadcast: c.9)
        p = p * w2 + Self(broadcast: c.8)
        p = p * w2 + Self(broadcast: c.7)
        p = p * w2 + Self(broadcast: c.6)
        p = p * w2 + Self(broadcast: c.5)
        p = p * w2 + Self(broadcast: c.4)
        p = p * w2 + Self(broadcast: c.3)
        p = p * w2 + Self(broadcast: c.2)
        p = p * w2 + Self(broadcast: c.1)
        p = p * w2 + Self(broadcast: c.0)
        let q = w + w * w2 * p
        return laneSelect(big, Self(broadcast: Float.pi / 2) - q - q, q)
    }

    /// atan(t) for t in [0, 1] (radians).
    ///
    /// Above tan(pi/8) it uses atan(t) = pi/4 + atan((t - 1) / (t + 1)); the reduced
    /// argument stays within +-0.4143, where nine Taylor terms reach Float precision.
    @inline(__always) static func arctangentOfUnit(_ t: Self) -> Self {
        let one = Self(broadcast: 1)
        let reduce = laneLess(Self(broadcast: 0.41421356), t)
        let u = laneSelect(reduce, (t - one) / (t + one), t)
        let u2 = u * u
        var p = Self(broadcast: 1.0 / 19.0)
        p = Self(broadcast: -1.0 / 17.0) + u2 * p
        p = Self(broadcast: 1.0 / 15.0) + u2 * p
        p = Self(broadcast: -1.0 / 13.0) + u2 * p
        p = Self(broadcast: 1.0 / 11.0) + u2 * p
        p = Self(broadcast: -1.0 / 9.0) + u2 * p
        p = Self(broadcast: 1.0 / 7.0) + u2 * p
        p = Self(broadcast: -1.0 / 5.0) + u2 * p
        p = Self(broadcast: 1.0 / 3.0) + u2 * p
        let a = u - u * u2 * p
        return laneSelect(reduce, Self(broadcast: Float.pi / 4) + a, a)
    }

    /// The direction of (dx, dy) in radians in [0, 2 pi), measured from +x towards +y.
    ///
    /// With y pointing down (screen coordinates) the angle grows clockwise, as SwiftUI's
    /// `Angle` does for `AngularGradient`.
    @inline(__always) static func direction(dx: Self, dy: Self) -> Self {
        let zero = Self(broadcast: 0)
        let ax = dx.laneAbs()
        let ay = dy.laneAbs()
        let small = laneMin(ax, ay)
        let large = laneMax(ax, ay)
        let safeLarge = laneMax(large, Self(broadcast: Float.leastNormalMagnitude))
        var a = arctangentOfUnit(small / safeLarge)
        a = laneSelect(laneLess(ax, ay), Self(broadcast: Float.pi / 2) - a, a)
        a = laneSelect(laneLess(dx, zero), Self(broadcast: Float.pi) - a, a)
        let twoPi = Self(broadcast: 2 * Float.pi)
        a = laneSelect(laneLess(dy, zero), twoPi - a, a)
        return laneSelect(laneLess(a, twoPi), a, a - twoPi)
    }
}
