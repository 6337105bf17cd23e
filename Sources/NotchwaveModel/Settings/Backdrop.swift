/// What to do when a backdrop's aspect ratio differs from the screen's by more than 1 %.
public enum BackdropFit: String, Sendable, CaseIterable {
    /// Scale to cover the screen and crop the overflow, centred.
    case fill
    /// Scale to fit inside the screen, centred, black bars on the remaining sides.
    case fit
    /// Scale each axis on its own to the screen's size (distorts).
    case stretch
}

/// The app's own screen under the animation: a still image (PNG, JPEG) or a video (a
/// screen recording), scaled to the preset's pixel size. A model value: it names the
/// file and how it is placed; the pipeline decodes it.
public struct Backdrop: Sendable, Equatable {
    /// The file (a path as given).
    public var path: String
    /// Seconds into a video backdrop that output frame 0 shows (0 for stills).
    public var start: Double
    /// How a different aspect ratio is handled; nil means it must match within
    /// `aspectTolerance`.
    public var fit: BackdropFit?

    /// Recordings cut or crossfaded one after another (`segments`), their files as found;
    /// nil for one file from `start`. With segments, `path` and `start` are the first's.
    public var segments: RecordingSegments?

    /// How messages name the backdrop: where it was given (`--backdrop`, or a job file's
    /// `$.variants[1].backdrop (line 5, column 40)`). Not part of its identity.
    public var subject: String

    /// A backdrop.
    public init(path: String, start: Double = 0, fit: BackdropFit? = nil, subject: String = "--backdrop") {
        self.path = path
        self.start = start
        self.fit = fit
        self.subject = subject
    }

    /// A backdrop of recordings in segments (at least one).
    public init(segments: RecordingSegments, fit: BackdropFit? = nil, subject: String = "segments") {
        self.init(path: segments.segments.first?.recording ?? "", start: segments.segments.first?.start ?? 0, fit: fit, subject: subject)
        self.segments = segments
    }

    /// The backdrop as segments: its own, or the one file from `start` to the end of
    /// the clip (`duration` seconds).
    public func asSegments(duration: Double) -> RecordingSegments {
        segments ?? RecordingSegments([RecordingSegment(recording: path, start: start, end: start + duration)])
    }

    /// The same files, times and fit, wherever they were written.
    public static func == (a: Backdrop, b: Backdrop) -> Bool { a.path == b.path && a.start == b.start && a.fit == b.fit && a.segments == b.segments }

    /// Aspect ratios closer than this (relative) count as equal and are scaled exactly.
    public static let aspectTolerance = 0.01

    /// How a `sourceWidth` x `sourceHeight` picture lands on a `width` x `height`
    /// screen: the size it is scaled to and the offset of its top-left corner (negative
    /// when it is cropped). Throws when the aspect ratios differ by more than
    /// `aspectTolerance` and no `fit` is given.
    public func placement(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) throws(ParameterError) -> BackdropPlacement {
        guard sourceWidth > 0, sourceHeight > 0 else { throw ParameterError(subject: "\(subject): \(path)", problem: "it has no picture") }
        let source = Double(sourceWidth) / Double(sourceHeight)
        let target = Double(width) / Double(height)
        let mode: BackdropFit
        if let fit {
            mode = fit
        } else if abs(source / target - 1) <= Backdrop.aspectTolerance {
            mode = .stretch
        } else {
            throw ParameterError(subject: "\(subject): \(path)", problem: "it is \(sourceWidth)x\(sourceHeight) (aspect \(JSONOutput.formatNumber((source * 1000).rounded() / 1000))), the screen is \(width)x\(height) (aspect \(JSONOutput.formatNumber((target * 1000).rounded() / 1000))): more than 1 % apart; choose a backdrop fit: fill, fit or stretch (--backdrop-fit, \"backdropFit\" in a job file)")
        }
        switch mode {
        case .stretch:
            return BackdropPlacement(width: width, height: height, x: 0, y: 0)
        case .fill, .fit:
            let scaleX = Double(width) / Double(sourceWidth), scaleY = Double(height) / Double(sourceHeight)
            let scale = mode == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
            let w = max(1, Int((Double(sourceWidth) * scale).rounded())), h = max(1, Int((Double(sourceHeight) * scale).rounded()))
            return BackdropPlacement(width: w, height: h, x: (width - w) / 2, y: (height - h) / 2)
        }
    }
}

/// Where a scaled backdrop picture goes on the screen.
public struct BackdropPlacement: Sendable, Equatable {
    /// The scaled picture's size.
    public var width: Int
    public var height: Int
    /// Its top-left corner on the screen (negative: cropped on that side).
    public var x: Int
    public var y: Int
}

extension ParameterValues {
    /// The backdrop these values ask for, checked (nil without one).
    public func backdrop() throws(ParameterError) -> Backdrop? {
        if var segments = self[Parameters.segments] {
            if isGiven(Parameters.backdrop) { throw error(Parameters.segments, "list the recordings as segments or give one \(mention(Parameters.backdrop, to: Parameters.segments)), not both") }
            if isGiven(Parameters.backdropStart) { throw error(Parameters.backdropStart, "each segment says where it starts (\"in\"), so it does not go with \(mention(Parameters.segments, to: Parameters.backdropStart))") }
            for index in segments.segments.indices {
                let name = segments.segments[index].recording
                let path = file(name)
                if let problem = InputPath.problem(path) {
                    throw error(Parameters.segments, "segment \(index + 1): \(name): \(problem)")
                }
                segments.segments[index].recording = path
            }
            return Backdrop(segments: segments, fit: self[Parameters.backdropFit], subject: fullSubject(Parameters.segments))
        }
        guard let path = file(Parameters.backdrop) else {
            if isGiven(Parameters.backdropStart) { throw error(Parameters.backdropStart, "offsets a video backdrop, so it needs \(mention(Parameters.backdrop, to: Parameters.backdropStart))") }
            if isGiven(Parameters.backdropFit) { throw error(Parameters.backdropFit, "places a backdrop, so it needs \(mention(Parameters.backdrop, to: Parameters.backdropFit))") }
            return nil
        }
        guard !path.isEmpty else { throw error(Parameters.backdrop, "expects a file name") }
        _ = try inputFile(Parameters.backdrop)
        return Backdrop(path: path, start: self[Parameters.backdropStart], fit: self[Parameters.backdropFit], subject: fullSubject(Parameters.backdrop))
    }
}
