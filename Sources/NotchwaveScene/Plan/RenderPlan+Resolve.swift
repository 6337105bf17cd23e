import NotchwaveModel

extension RenderPlan {
    /// How long a clip lasts when neither a duration nor the scene's own timing decides.
    public static let defaultDuration = 3.0
}

extension ParameterValues {
    /// The plan of these values for `preset` drawing `scene` (already resolved from them
    /// by the scene module): the declared defaults where nothing was given, the default
    /// duration from the scene's own timing (its end plus `hold`, or whole loops with
    /// `loop`, else 3 s), and `fps` when no rate was given (GIF's 25).
    public func resolve(preset: Preset, scene: any SceneKind, defaultFPS: Int? = nil) throws(ParameterError) -> RenderPlan {
        try validate()
        let loop = self[Parameters.loop]
        if scene.loopLength == nil, let looping = ([Parameters.loop, Parameters.loops] as [any AnyParameter]).first(where: { isGiven($0) }) {
            throw error(looping, "the \(scene.name) scene does not loop")
        }
        if isGiven(Parameters.loops) && !loop { throw error(Parameters.loops, "counts seamless loops, so it needs \(mention(Parameters.loop, to: Parameters.loops))") }
        let fps = given(Parameters.fps) ?? defaultFPS ?? Parameters.fps.defaultValue
        let loops = self[Parameters.loops]
        let hold = self[Parameters.hold]
        let offset = self[Parameters.offset]
        let duration: Double
        if isGiven(Parameters.hold) && isGiven(Parameters.duration) {
            throw error(Parameters.hold, "lengthens the clip past the scene's end, so it does not go with \(mention(Parameters.duration, to: Parameters.hold))")
        }
        if isGiven(Parameters.hold) && scene.naturalEnd == nil {
            throw error(Parameters.hold, "holds the last frame after the scene's end, and the \(scene.name) scene does not end by itself here")
        }
        if loop && scene.loopLength == nil {
            throw error(Parameters.loop, "the \(scene.name) scene does not loop")
        }
        let segments = self[Parameters.segments]
        if let explicit = given(Parameters.duration) {
            duration = explicit
            if let segments, explicit > segments.duration + 1e-9 {
                throw error(Parameters.duration, "the segments last \(JSONOutput.formatNumber((segments.duration * 1000).rounded() / 1000)) s: the clip can be shorter, not longer")
            }
            if loop, let loopLength = scene.loopLength {
                let count = explicit / loopLength
                guard abs(count - count.rounded()) < 1e-9, count.rounded() >= 1 else {
                    throw error(Parameters.duration, "with \(subject(Parameters.loop)) the clip is whole loops of \(JSONOutput.formatNumber(loopLength)) s (use \(mention(Parameters.loops, "N", to: Parameters.duration)) instead)")
                }
            }
        } else if let segments {
            // Recordings in segments: the clip is theirs (a scene over them ends with them).
            duration = segments.duration
        } else if loop, let loopLength = scene.loopLength {
            duration = loopLength * Double(loops)
        } else if let end = scene.naturalEnd {
            duration = max(end - offset, 0) + hold
        } else {
            duration = RenderPlan.defaultDuration
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
                              masksCorners: self[Parameters.mask], evenSizePolicy: self[Parameters.even],
                              backdrop: try backdrop(), appPreview: try appPreview(), encoding: EncodeRequest(self))
        plan.offset = offset
        plan.captions = try captionTrack(preset: preset, duration: duration)
        guard plan.frameCount >= 1 else {
            throw error(Parameters.duration, "\(JSONOutput.formatNumber(duration)) s at \(fps) fps is less than one frame")
        }
        return plan
    }
}
