import NotchwaveModel
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

    /// The animation; what is not given is the parameters' declared default (colours and
    /// background read in `appearance`).
    public init(period: Double = NotchWaves.period.defaultValue, waves: Int = NotchWaves.waves.defaultValue, colors: [Color]? = nil,
                background: Color? = nil, start: Double = NotchWaves.start.defaultValue, stop: Double? = NotchWaves.stop.defaultValue,
                appearance: Appearance = NotchWaves.appearance.defaultValue, cycle: Double = NotchWaves.cycle.defaultValue,
                loop: Bool = Parameters.loop.defaultValue) {
        self.cycle = cycle
        self.loop = loop
        self.period = period
        self.waves = waves
        self.colors = colors ?? NotchWaves.colors.defaultValue.items.compactMap { SystemColors.color(named: $0, appearance: appearance) }
        self.background = background ?? appearance.defaultBackground
        self.start = start
        self.stop = stop
    }

    /// Duration of one wave, `D = period * waves`.
    public var waveDuration: Double { period * Double(waves) }
}

extension ParameterValues {
    /// The notch waves' animation (spec section 2): the values given, or the spec's
    /// defaults (named colours read in the chosen appearance).
    public func animation() throws(ParameterError) -> AnimationParameters {
        let appearance = self[NotchWaves.appearance]
        let colors: [Color]
        do {
            colors = try Color.parseList(self[NotchWaves.colors].joined, appearance: appearance)
        } catch {
            throw self.error(NotchWaves.colors, error.description)
        }
        var background = appearance.defaultBackground
        if isGiven(Parameters.backdrop) && isGiven(NotchWaves.background) {
            throw error(NotchWaves.background, "the backdrop is the background; give one of \(subject(NotchWaves.background)) and \(subject(Parameters.backdrop))")
        }
        if isGiven(Parameters.backdrop) {
            // The backdrop is the background: it shows wherever no wave is.
            background = .transparent
        } else if let text = given(NotchWaves.background) {
            do {
                background = try Color.parse(text, appearance: appearance)
            } catch {
                throw self.error(NotchWaves.background, error.description)
            }
        }
        let start = self[NotchWaves.start]
        let stop = self[NotchWaves.stop]
        if let stop, stop < start {
            throw self.error(NotchWaves.stop, "the stop (\(JSONOutput.formatNumber(stop)) s) is before the start (\(JSONOutput.formatNumber(start)) s)")
        }
        let loop = self[Parameters.loop]
        if loop && stop != nil { throw self.error(Parameters.loop, "a seamless loop has no stop; drop \(subject(NotchWaves.stop))") }
        return AnimationParameters(period: self[NotchWaves.period], waves: self[NotchWaves.waves], colors: colors,
                                   background: background, start: start, stop: stop, appearance: appearance,
                                   cycle: self[NotchWaves.cycle], loop: loop)
    }
}
