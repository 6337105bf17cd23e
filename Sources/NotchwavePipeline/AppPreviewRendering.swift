import Foundation
import NotchwaveModel
import NotchwaveScene
import NotchwaveVideo

extension RenderSession {
    /// The plan of an App Store preview of `request` on `preset`: 30 fps unless a lower
    /// rate is asked, 15 s unless a duration, a stop or loops decide it (a loop is
    /// repeated to fill 15 s), then checked: 15 to 30 s, at most 30 fps, a device with a
    /// display class.
    public static func previewPlan(_ request: RenderRequest, preset: Preset) throws -> RenderPlan {
        var request = request
        let scene = try Scenes.resolve(request, preset: preset)
        // The clip follows the scene's end when the user asked for it: a stop, or a hold
        // after a script's end.
        let endIsAsked = scene.endIsAsked || (request.isGiven(Parameters.hold) && scene.naturalEnd != nil)
        try AppPreviewRequest.prepare(&request, loopLength: scene.loopLength, endIsAsked: endIsAsked)
        let plan = try request.resolve(preset: preset, scene: scene)
        _ = try AppPreviewRequest.check(preset: plan.preset, frames: plan.frameCount, fps: plan.fps, values: request, endIsAsked: endIsAsked)
        return plan
    }

    /// Where a preview's sound comes from: `--audio`; else the recordings' own sound,
    /// segment by segment (silence for a recording without), when any has sound; else
    /// silence.
    static func sound(plan: RenderPlan) -> SoundSource {
        if let audio = plan.appPreview?.audio { return .file(audio) }
        guard let backdrop = plan.backdrop else { return .silence }
        let segments = backdrop.asSegments(duration: plan.duration).segments
        var known: [String: Bool] = [:]
        let pieces = segments.map { segment -> SoundPiece in
            let sounds = known[segment.recording] ?? SoundSource.hasSound(segment.recording)
            known[segment.recording] = sounds
            return SoundPiece(path: sounds ? segment.recording : nil, start: segment.start, length: segment.length,
                              crossfade: segment.transition == .crossfade ? segment.transitionDuration : 0)
        }
        return pieces.contains { $0.path != nil } ? .recordings(pieces) : .silence
    }

    /// An App Store preview is an .mp4 or .mov file.
    static func checkPreviewContainer(_ output: OutputPath) throws {
        guard !output.isStandardOutput, ["mp4", "mov"].contains(output.fileExtension) else {
            throw PipelineError.unsupported("--profile app-preview writes .mp4 or .mov, not \"\(output)\"")
        }
    }

    /// What an app preview render writes, checked before anything is rendered.
    struct PreviewSetup {
        let formatName: String
        let width: Int
        let height: Int
        let posterIndex: Int?
        let posterPath: String?
    }

    /// Checks the output and encoder options against the preview profile.
    static func previewSetup(plan: RenderPlan, output: OutputPath, preview: AppPreviewRequest) throws -> PreviewSetup {
        let encode = plan.encoding
        let ext = output.fileExtension
        try checkPreviewContainer(output)
        if let codec = encode.codec, codec != .h264 {
            throw PipelineError.unsupported("profile app-preview encodes H.264 (App Store Connect takes H.264 or ProRes 422 HQ), not \(codec.rawValue)")
        }
        if let option = encode.givenOptions.first(where: { $0.parameter.key != Parameters.speed.key }) {
            throw PipelineError.unsupported("\(option.subject) does not apply with --profile app-preview, which sets the encoder (H.264 High at level 4.0, 11 Mbit/s, VBV 12 Mbit/s)")
        }
        let displayClass: AppStoreDisplayClass
        do {
            displayClass = try AppPreviewRequest.check(preset: plan.preset, frames: plan.frameCount, fps: plan.fps)
        } catch {
            throw PipelineError.unsupported(error.description)
        }
        var posterIndex: Int? = nil
        if let poster = preview.poster {
            let index = Int((poster * Double(plan.fps)).rounded(.down))
            guard poster >= 0, index < plan.frameCount else {
                throw PipelineError.unsupported("--poster \(JSONOutput.formatNumber(poster)) is not within the video's \(JSONOutput.formatNumber(plan.duration)) s")
            }
            posterIndex = index
        }
        if let audio = preview.audio { try InputPath.check(audio, for: "--audio") }
        let size = displayClass.previewSize
        return PreviewSetup(formatName: ext == "mov" ? "mov" : "mp4", width: preview.landscape ? size.height : size.width,
                            height: preview.landscape ? size.width : size.height, posterIndex: posterIndex,
                            posterPath: posterIndex == nil ? nil : AppPreviewRequest.posterPath(for: output.path))
    }
}
