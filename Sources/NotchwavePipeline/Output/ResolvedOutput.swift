import Foundation
import NotchwaveModel
import NotchwaveScene

/// Where and how a render is written, decided once before anything is rendered: the path
/// as the user gave it made safe (`OutputPath`) and the format the plan is
/// written in (raw frames, a PNG sequence, or a video: container, encoder, pixel format),
/// checked against the plan (transparency, encoder options and size limits). Nothing
/// downstream reads the path's extension or decides the format again.
public struct ResolvedOutput: Sendable, Equatable {
    /// The path (`-` for raw frames on stdout).
    public let target: OutputPath
    /// What the path is written as.
    public let format: OutputFormat

    /// The output `given` for `plan`: normalised, its format decided and checked.
    public init(_ given: String, plan: RenderPlan) throws {
        let target = OutputPath(given)
        self.init(target: target, format: try RenderSession.format(plan: plan, output: target))
    }

    /// An output whose format is already decided.
    public init(target: OutputPath, format: OutputFormat) {
        self.target = target
        self.format = format
    }

    /// The path, normalised (`-` for raw frames on stdout).
    public var path: String { target.path }
    /// True for raw frames on stdout.
    public var isStandardOutput: Bool { target.isStandardOutput }

    /// The request's plan on `preset` and its output `given`, resolved together: the
    /// path is normalised once, its extension read once (GIF's default of 25 fps), then
    /// the plan is built and the format decided for it.
    public static func resolve(_ request: RenderRequest, preset: Preset, output given: String, library: PresetLibrary? = nil) throws -> (plan: RenderPlan, output: ResolvedOutput) {
        let target = OutputPath(given)
        let plan = try RenderSession.plan(request, preset: preset, outputExtension: target.fileExtension, library: library)
        return (plan, ResolvedOutput(target: target, format: try RenderSession.format(plan: plan, output: target)))
    }
}
