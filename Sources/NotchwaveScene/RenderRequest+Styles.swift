import NotchwaveModel

extension RenderRequest {
    /// The plan for `preset`, with the default duration taken from the chosen style's own
    /// timing (its loop length with `--loop`, its natural end after `--stop`).
    public func resolveWithStyle(preset: Preset) throws -> RenderPlan {
        let geometry = SceneGeometry(preset: preset)
        return try resolve(preset: preset) { animation, selection in
            try WaveStyles.timing(animation: animation, selection: selection, geometry: geometry)
        }
    }
}
