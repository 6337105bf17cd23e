/// App Store Connect's app preview specification, as notchwave follows and checks it:
/// "App preview specifications", App Store Connect Help
/// (https://developer.apple.com/help/app-store-connect/reference/app-preview-specifications).
public enum AppPreviewSpec {
    /// Shortest and longest preview, in seconds.
    public static let duration = 15.0...30.0
    /// Highest frame rate.
    public static let maxFPS = 30.0
    /// The largest file App Store Connect takes (500 MB, read as decimal megabytes,
    /// the stricter reading).
    public static let maxFileSize = 500_000_000
    /// H.264's target bit rate range, in bits per second.
    public static let videoBitRate = 10_000_000...12_000_000
    /// The highest H.264 level (4.0, as `level_idc` 40).
    public static let maxH264Level = 40
    /// Audio: AAC at 256 kb/s (or PCM), stereo, 44.1 or 48 kHz.
    public static let audioBitRate = 256_000
    public static let audioSampleRates = [44_100, 48_000]
    public static let audioChannels = 2
    /// The constant bit rate notchwave's previews are encoded at (bits per second).
    public static let targetBitRate = 11_000_000
    /// The most previews a display class takes per locale.
    public static let maxPreviewsPerClass = 3
    /// The time of the poster frame App Store Connect picks unless told otherwise (5 s;
    /// fastlane's deliver sends the same default, `00:00:05:00`).
    public static let defaultPosterTime = 5.0
}

/// An App Store display class (the slot previews and screenshots are uploaded to), with
/// its preview resolution and accepted screenshot sizes: the iPhone classes and the two
/// iPad classes devices are sold in today (13-inch and 11-inch; their previews are
/// 1200 x 1600 like every iPad class's).
public enum AppStoreDisplayClass: String, Sendable, CaseIterable {
    case iPhone69 = "6.9", iPhone65 = "6.5", iPhone63 = "6.3", iPhone61 = "6.1", iPhone55 = "5.5", iPhone47 = "4.7", iPhone40 = "4.0"
    case iPad13 = "iPad 13", iPad11 = "iPad 11"

    /// True for the iPad classes.
    public var isIPad: Bool { self == .iPad13 || self == .iPad11 }

    /// `iPhone 6.9"`, `iPad 13"`.
    public var label: String { isIPad ? "\(rawValue)\"" : "iPhone \(rawValue)\"" }

    /// The portrait preview resolution (landscape is the same turned).
    public var previewSize: (width: Int, height: Int) {
        switch self {
        case .iPhone69, .iPhone65, .iPhone63, .iPhone61: return (886, 1920)
        case .iPhone55, .iPhone40: return (1080, 1920)
        case .iPhone47: return (750, 1334)
        case .iPad13, .iPad11: return (1200, 1600)
        }
    }

    /// App Store Connect's name of the class's preview set (`PreviewType`), which
    /// fastlane's deliver finds in a file's name: 6.9" is the `IPHONE_67` set, 6.3" the
    /// `IPHONE_61` set, the 13-inch iPad `IPAD_PRO_3GEN_129`, the 11-inch `IPAD_PRO_3GEN_11`.
    public var previewType: String {
        switch self {
        case .iPhone69: return "IPHONE_67"
        case .iPhone65: return "IPHONE_65"
        case .iPhone63, .iPhone61: return "IPHONE_61"
        case .iPhone55: return "IPHONE_55"
        case .iPhone47: return "IPHONE_47"
        case .iPhone40: return "IPHONE_40"
        case .iPad13: return "IPAD_PRO_3GEN_129"
        case .iPad11: return "IPAD_PRO_3GEN_11"
        }
    }

    /// The portrait screenshot sizes App Store Connect accepts for the class.
    public var screenshotSizes: [(width: Int, height: Int)] {
        switch self {
        case .iPhone69: return [(1320, 2868), (1290, 2796), (1260, 2736)]
        case .iPhone65: return [(1284, 2778), (1242, 2688)]
        case .iPhone63: return [(1206, 2622), (1179, 2556)]
        case .iPhone61: return [(1170, 2532), (1125, 2436), (1080, 2340)]
        case .iPhone55: return [(1242, 2208)]
        case .iPhone47: return [(750, 1334)]
        case .iPhone40: return [(640, 1136), (640, 1096)]
        case .iPad13: return [(2064, 2752), (2048, 2732)]
        case .iPad11: return [(1668, 2420), (1668, 2388), (1640, 2360), (1488, 2266)]
        }
    }

    /// The classes whose preview size is `width` x `height`, in either orientation.
    public static func classes(previewWidth width: Int, height: Int) -> [AppStoreDisplayClass] {
        allCases.filter { c in
            let s = c.previewSize
            return (s.width == width && s.height == height) || (s.width == height && s.height == width)
        }
    }

    /// The class whose preview set's name (`previewType`) a file name holds, as deliver
    /// matches it (letter case ignored); nil when it holds none.
    public static func named(inFileName name: String) -> [AppStoreDisplayClass] {
        let upper = name.uppercased()
        // deliver tries the names in App Store Connect's order; IPAD_PRO_129 never matches IPAD_PRO_3GEN_129.
        guard let token = ["IPHONE_40", "IPHONE_47", "IPHONE_55", "IPHONE_58", "IPHONE_61", "IPHONE_65", "IPHONE_67", "IPAD_97", "IPAD_105",
                           "IPAD_PRO_129", "IPAD_PRO_3GEN_11", "IPAD_PRO_3GEN_129"].first(where: { upper.contains($0) }) else { return [] }
        return allCases.filter { $0.previewType == token }
    }
}

/// What an app preview asks for beyond a normal render (`--profile app-preview`).
public struct AppPreviewRequest: Sendable, Equatable {
    /// A sound track to use (trimmed or padded with silence to the video's length), or
    /// nil for a silent stereo track.
    public var audio: String?
    /// Writes the frame at this time as a PNG beside the video (the poster frame).
    public var poster: Double?
    /// A landscape preview (1920x886, ...): the phone turned a quarter counter-clockwise,
    /// the cutout on the left; a backdrop is then a landscape picture.
    public var landscape: Bool
    /// A preview.
    public init(audio: String? = nil, poster: Double? = nil, landscape: Bool = false) {
        self.audio = audio
        self.poster = poster
        self.landscape = landscape
    }

    /// The poster's path beside the video `output`: `clip.mp4` → `clip-poster.png`.
    public static func posterPath(for output: String) -> String {
        let slash = output.lastIndex(of: "/").map { output.index(after: $0) } ?? output.startIndex
        let name = output[slash...]
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name
        return String(output[..<slash]) + stem + "-poster.png"
    }

    /// Fits `values` to the specification before they are resolved: 30 fps unless a
    /// lower rate is asked, 15 s unless a duration, an end the user asked for (`endIsAsked`:
    /// the notch waves' stop) or a loop decides it. A loop with neither a duration nor a
    /// loop count is repeated to fill 15 s, given the length of one loop (`loopLength`).
    public static func prepare(_ values: inout ParameterValues, loopLength: Double?, endIsAsked: Bool) throws(ParameterError) {
        if let fps = values.given(Parameters.fps), Double(fps) > AppPreviewSpec.maxFPS {
            throw values.error(Parameters.fps, "an App Store preview has at most 30 frames per second, not \(fps)")
        }
        if !values.isGiven(Parameters.fps) { values[Parameters.fps] = 30 }
        if values[Parameters.loop] == true {
            if !values.isGiven(Parameters.duration) && !values.isGiven(Parameters.loops), let loopLength, loopLength > 0 {
                values[Parameters.loops] = Int((AppPreviewSpec.duration.lowerBound / loopLength - 1e-9).rounded(.up))
            }
        } else if !values.isGiven(Parameters.duration) && !endIsAsked && !values.isGiven(Parameters.segments) {
            values[Parameters.duration] = AppPreviewSpec.duration.lowerBound
        }
    }

    /// Checks a resolved clip on `preset` of `frames` frames at `fps` against the
    /// specification: its length, and that the device has a display class. `endIsAsked`:
    /// the clip ends at an end the user asked for (then `hold` lengthens it).
    public static func check(preset: Preset, frames: Int, fps: Int, values: ParameterValues = ParameterValues(),
                             endIsAsked: Bool = false) throws(ParameterError) -> AppStoreDisplayClass {
        guard let displayClass = preset.appStoreClass?.value else {
            throw ParameterError(subject: values.mention(Parameters.profile, "app-preview", to: Parameters.profile), problem: "\(preset.name) has no App Store display class (app previews are for the iPhone and iPad presets)")
        }
        let seconds = Double(frames) / Double(fps)
        let hint = values.isGiven(Parameters.segments) ? " (the segments decide it: make them last 15 to 30 s)"
            : endIsAsked ? " (add \(values.mention(Parameters.hold, to: Parameters.profile)) to reach 15 s)"
            : values[Parameters.loop] == true ? " (choose \(values.mention(Parameters.loops, to: Parameters.loop)))" : ""
        guard seconds >= AppPreviewSpec.duration.lowerBound - 1e-9, seconds <= AppPreviewSpec.duration.upperBound + 1e-9 else {
            throw ParameterError(subject: values.mention(Parameters.profile, "app-preview", to: Parameters.profile), problem: "an App Store preview lasts 15 to 30 s; this one would last \(JSONOutput.formatNumber((seconds * 1000).rounded() / 1000)) s" + hint)
        }
        return displayClass
    }
}

extension ParameterValues {
    /// The App Store preview these values ask for (nil without `profile app-preview`).
    public func appPreview() throws(ParameterError) -> AppPreviewRequest? {
        guard self[Parameters.profile] == .appPreview else {
            for parameter in [Parameters.audio as any AnyParameter, Parameters.poster, Parameters.landscape] where isGiven(parameter) {
                throw error(parameter, "belongs to \(mention(Parameters.profile, "app-preview", to: parameter))")
            }
            return nil
        }
        return AppPreviewRequest(audio: try inputFile(Parameters.audio), poster: self[Parameters.poster], landscape: self[Parameters.landscape])
    }
}
