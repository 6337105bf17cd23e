import NotchwaveModel
import NotchwaveTimeline

/// One smooth wave in a frame.
public struct SmoothWaveState: Sendable, Equatable {
    /// Wave index `i` (0 ..< colors.count).
    public var index: Int
    /// Its position in the loop, 0...1 (after the wrap rule).
    public var position: Double
    /// The eased position.
    public var eased: Double
    /// True for the wrapped-around copy that keeps sliding out past the edge.
    public var isDuplicate: Bool
    /// The colour at its leading rim (`colors[i]`).
    public var rim: Color
    /// The colour of its body (`colors[i - 1]`).
    public var body: Color
}

/// The opening or closing curtain in a frame.
public struct CurtainState: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case opening, closing }
    public var kind: Kind
    /// Linear progress 0...1 over one cycle.
    public var progress: Double
    /// Eased progress (the same curve as the waves).
    public var eased: Double
    /// Opening: the first colour (B1's body, B2's rim). Closing: the next colour.
    public var leadColor: Color
    /// Opening: the newest wave's body colour (B2's body). Closing: that colour too (the
    /// curtain's rim).
    public var waveColor: Color
}

/// What the smooth rainbow shows at one time.
public struct SmoothFrameState: Sendable, Equatable {
    /// Waves in painting order (bottom first).
    public var waves: [SmoothWaveState]
    /// The running transition, if any.
    public var curtain: CurtainState?
    /// False before the start and after the closing curtain: background only.
    public var visible: Bool
}

/// The smooth-gradient rainbow's clock (seed-systems.md section 2.3 and 2.4): all waves
/// move on one looping clock of `cycle` seconds, wave `i` offset by `i / n`, eased; an
/// opening curtain at the start, a closing curtain on the first wave boundary after the
/// stop, and with `loop` neither (whole cycles that repeat seamlessly).
public struct SmoothTimeline: Sendable {
    public let animation: AnimationParameters
    public let easing: CubicBezierEasing

    /// The timeline of `animation` with `easing` (superEaseIn by default).
    public init(animation: AnimationParameters, easing: CubicBezierEasing = .superEaseIn) {
        self.animation = animation
        self.easing = easing
    }

    var count: Int { animation.colors.count }

    /// The loop clock at `t`, in cycles since the start.
    public func clock(at t: Double) -> Double { max(0, (t - animation.start) / animation.cycle) }

    /// `SharpWavePosition.calculate`: `frac(i / n + frac(T))`, where the end of a round is
    /// 1, not 0.
    public func position(ofWave i: Int, clock: Double) -> Double {
        let time = clock - clock.rounded(.down)
        let position = Double(i) / Double(count) + time
        let full = position.rounded(.down)
        var r = position - full
        if full > 0 && r == 0 { r = 1 }
        return r
    }

    /// The colour of wave `i`'s body: `colors[i - 1]`.
    public func body(ofWave i: Int) -> Color { animation.colors[(i - 1 + count) % count] }

    /// When the closing curtain starts: on the first wave boundary after the stop, less
    /// 0.01 of a cycle (the seed's hide delay); nil without a stop or when looping.
    public var closingStart: Double? {
        guard let stop = animation.stop, !animation.loop else { return nil }
        let t = clock(at: stop)
        let waveChange = 1 / Double(count)
        var delay = ((t / waveChange).rounded(.down) + 1) * waveChange - t
        delay = max(delay - 0.01, 0)
        return stop + delay * animation.cycle
    }

    /// When the animation is over (the closing curtain's end), or nil.
    public var end: Double? { closingStart.map { $0 + animation.cycle } }

    /// The body colour of the newest wave (the one that wrapped last) at `t`: the seed's
    /// `currentWaveBaseColor`.
    public func newestBody(at t: Double) -> Color {
        let c = clock(at: t)
        let newest = (0..<count).min { position(ofWave: $0, clock: c) < position(ofWave: $1, clock: c) } ?? 0
        return body(ofWave: newest)
    }

    /// The state at `t`.
    public func state(at t: Double) -> SmoothFrameState {
        let tolerance = SharpTimeline.tolerance
        let looping = animation.loop
        if !looping && t < animation.start - tolerance { return SmoothFrameState(waves: [], curtain: nil, visible: false) }
        if let end, t >= end - tolerance { return SmoothFrameState(waves: [], curtain: nil, visible: false) }
        // A loop has no opening: its clock runs before `start` too (negative clocks wrap
        // like positive ones), so every frame of every cycle is a steady-state frame.
        let c = looping ? (t - animation.start) / animation.cycle : clock(at: t)
        var regular: [SmoothWaveState] = []
        var duplicates: [SmoothWaveState] = []
        for i in 0..<count {
            let p = position(ofWave: i, clock: c)
            let wave = SmoothWaveState(index: i, position: p, eased: easing(p), isDuplicate: false,
                                       rim: animation.colors[i], body: body(ofWave: i))
            regular.append(wave)
            if p < 1 / Double(count) {
                var copy = wave
                copy.isDuplicate = true
                duplicates.append(copy)
            }
        }
        // zIndex = -position: the most recently restarted wave is on top; duplicates at
        // the very bottom. Ties keep index order.
        regular.sort { ($0.position, $0.index) > ($1.position, $1.index) }
        var curtain: CurtainState? = nil
        if !looping {
            let opening = (t - animation.start) / animation.cycle
            if opening < 1 {
                let progress = min(max(opening, 0), 1)
                curtain = CurtainState(kind: .opening, progress: progress, eased: easing(progress),
                                       leadColor: animation.colors[0], waveColor: newestBody(at: animation.start))
            }
            if let closing = closingStart, t >= closing - tolerance {
                let progress = min(max((t - closing) / animation.cycle, 0), 1)
                let out = newestBody(at: closing)
                let outIndex = animation.colors.firstIndex(of: out) ?? 0
                let next = animation.colors[(outIndex - 1 + count) % count]
                curtain = CurtainState(kind: .closing, progress: progress, eased: easing(progress), leadColor: next, waveColor: out)
            }
        }
        return SmoothFrameState(waves: duplicates + regular, curtain: curtain, visible: true)
    }
}
