/// The animation's parameters (spec section 2), in seconds and colours.
public struct AnimationParameters: Sendable, Equatable {
    /// Time between wave emissions (the seed's `waveEmitPeriod`).
    public var period: Double
    /// Waves in flight at once (`visibleWavesCount`); one wave lasts `period * waves`.
    public var waves: Int
    /// The colour ring; wave `k` takes `colors[k mod count]`.
    public var colors: [Color]
    /// The colour under the bar, and of the closing wave.
    public var background: Color
    /// When the first wave is emitted.
    public var start: Double
    /// When emission stops and the closing wave starts, or nil for none.
    public var stop: Double?
    /// The length of one loop of styles that loop (the smooth style's clock).
    public var cycle: Double
    /// Render a seamless loop: whole cycles with no transitions.
    public var loop: Bool

    /// The spec's defaults: 0.3 s, 3 waves, red, green, blue on white, start 0, no stop.
    public init(period: Double = 0.3, waves: Int = 3, colors: [Color]? = nil, background: Color = .white,
                start: Double = 0, stop: Double? = nil, appearance: Appearance = .light,
                cycle: Double = 1, loop: Bool = false) {
        self.cycle = cycle
        self.loop = loop
        self.period = period
        self.waves = waves
        self.colors = colors ?? ["red", "green", "blue"].compactMap { SystemColors.color(named: $0, appearance: appearance) }
        self.background = background
        self.start = start
        self.stop = stop
    }

    /// Duration of one wave, `D = period * waves`.
    public var waveDuration: Double { period * Double(waves) }
}
