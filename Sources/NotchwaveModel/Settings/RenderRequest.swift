/// What a user asked for: parameter values as given (command line, job file), each with
/// where it was written. `resolve` checks them and applies the declared defaults.
public typealias RenderRequest = ParameterValues

extension ParameterValues {
    /// Re-checks every value given against its declaration (values set by the library's
    /// callers skip the readers' checks).
    public func validate() throws(ParameterError) {
        if let firstInvalid { throw firstInvalid }
        for parameter in givenParameters {
            if let problem = problem(of: parameter) { throw error(parameter, problem) }
        }
    }

    /// Fails when a parameter was given that does not apply to `scene` (or, for the notch
    /// waves, to `style`), naming it as written.
    public func checkScope(scene: String, style: String?) throws(ParameterError) {
        for parameter in givenParameters {
            switch parameter.scope {
            case let .scenes(names) where !names.contains(scene):
                throw error(parameter, "belongs to the \(names.joined(separator: " and ")) scene\(names.count > 1 ? "s" : ""), not \(scene)")
            case let .styles(names) where style.map({ !names.contains($0) }) ?? true:
                throw error(parameter, "belongs to the \(parameter.scope.summary), not \(style.map { "the \($0) style" } ?? "the \(scene) scene")")
            default: continue
            }
        }
    }

    /// The notch waves' animation (spec section 2): the values given, or the spec's
    /// defaults (named colours read in the chosen appearance).
    public func animation() throws(ParameterError) -> AnimationParameters {
        let appearance = self[Parameters.appearance] ?? .light
        let colors: [Color]
        do {
            colors = try Color.parseList((self[Parameters.colors] ?? TextList(["red", "green", "blue"])).joined, appearance: appearance)
        } catch {
            throw self.error(Parameters.colors, error.description)
        }
        var background = appearance.defaultBackground
        if isGiven(Parameters.backdrop) {
            // The backdrop is the background: it shows wherever no wave is.
            background = .transparent
        } else if let text = given(Parameters.background) {
            do {
                background = try Color.parse(text, appearance: appearance)
            } catch {
                throw self.error(Parameters.background, error.description)
            }
        }
        let start = self[Parameters.start] ?? 0
        let stop = self[Parameters.stop]
        if let stop, stop < start {
            throw self.error(Parameters.stop, "the stop (\(JSONOutput.formatNumber(stop)) s) is before the start (\(JSONOutput.formatNumber(start)) s)")
        }
        let loop = self[Parameters.loop] ?? false
        if loop && stop != nil { throw self.error(Parameters.loop, "a seamless loop has no stop; drop \(subject(Parameters.stop))") }
        return AnimationParameters(period: self[Parameters.period] ?? 0.3, waves: self[Parameters.waves] ?? 3, colors: colors,
                                   background: background, start: start, stop: stop, appearance: appearance,
                                   cycle: self[Parameters.cycle] ?? 1, loop: loop)
    }

    /// The plan of these values for `preset` drawing `scene` (already resolved from them
    /// by the scene module): the declared defaults where nothing was given, the default
    /// duration from the scene's own timing (its end plus `hold`, or whole loops with
    /// `loop`, else 3 s), and `fps` when no rate was given (GIF's 25).
    public func resolve(preset: Preset, scene: any PlannedScene, defaultFPS: Int? = nil) throws(ParameterError) -> RenderPlan {
        try validate()
        if isGiven(Parameters.hold) && given(Parameters.stop) == nil {
            throw error(Parameters.hold, "holds the last frame after the closing wave, so it needs \(mention(Parameters.stop, to: Parameters.hold))")
        }
        let loop = self[Parameters.loop] ?? false
        if isGiven(Parameters.loops) && !loop { throw error(Parameters.loops, "counts seamless loops, so it needs \(mention(Parameters.loop, to: Parameters.loops))") }
        let fps = given(Parameters.fps) ?? defaultFPS ?? Parameters.fps.defaultValue ?? 60
        let loops = self[Parameters.loops] ?? 1
        let hold = self[Parameters.hold] ?? 0
        let offset = self[Parameters.offset] ?? 0
        let duration: Double
        if loop && scene.loopLength == nil {
            throw error(Parameters.loop, "the \(scene.name) scene does not loop")
        }
        if let explicit = given(Parameters.duration) {
            duration = explicit
            if loop, let loopLength = scene.loopLength {
                let count = explicit / loopLength
                guard abs(count - count.rounded()) < 1e-9, count.rounded() >= 1 else {
                    throw error(Parameters.duration, "with \(subject(Parameters.loop)) the clip is whole loops of \(JSONOutput.formatNumber(loopLength)) s (use \(mention(Parameters.loops, "N", to: Parameters.duration)) instead)")
                }
            }
        } else if loop, let loopLength = scene.loopLength {
            duration = loopLength * Double(loops)
        } else if let end = scene.naturalEnd {
            duration = max(end - offset, 0) + hold
        } else {
            duration = 3
        }
        if loop, let loopLength = scene.loopLength {
            // A seamless loop needs a whole number of frames per loop.
            let frames = loopLength * Double(fps)
            guard abs(frames - frames.rounded()) < 1e-6 else {
                let fitting = (1...240).filter { abs(loopLength * Double($0) - (loopLength * Double($0)).rounded()) < 1e-6 }
                let nearest = fitting.sorted { (abs($0 - fps), $0) < (abs($1 - fps), $1) }.prefix(3).sorted()
                let suggestion = nearest.map(String.init).joined(separator: ", ")
                throw error(Parameters.loop, "one loop lasts \(JSONOutput.formatNumber(loopLength)) s, \(JSONOutput.formatNumber(frames)) frames at \(fps) fps: not a whole number, so the clip would not repeat seamlessly" + (suggestion.isEmpty ? "" : "; use \(mention(Parameters.fps, suggestion, to: Parameters.loop))"))
            }
        }
        guard duration > 0, duration <= 3600 else {
            if !isGiven(Parameters.duration) {
                throw error(Parameters.duration, "the video would last \(JSONOutput.formatNumber(duration)) s, more than the 3600 s a render may last")
            }
            throw error(Parameters.duration, "\(JSONOutput.formatNumber(duration)) is out of range (more than 0 and at most 3600 seconds)")
        }
        if let problem = PixelBudget.problem(width: preset.screenPixels.value.width, height: preset.screenPixels.value.height) {
            throw ParameterError(subject: "preset \(preset.id)", problem: problem)
        }
        var plan = RenderPlan(preset: preset, scene: scene, fps: fps, duration: duration,
                              region: self[Parameters.region] ?? .screen, drawsCutout: self[Parameters.cutout] ?? true,
                              masksCorners: self[Parameters.mask] ?? false, evenSizePolicy: self[Parameters.even] ?? .pad,
                              backdrop: try backdrop(), appPreview: try appPreview(), encoding: EncodeRequest(self))
        plan.offset = offset
        guard plan.frameCount >= 1 else {
            throw error(Parameters.duration, "\(JSONOutput.formatNumber(duration)) s at \(fps) fps is less than one frame")
        }
        return plan
    }
}
