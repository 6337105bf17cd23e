import Foundation
import NotchwaveModel
import NotchwaveVideo

/// A rule of App Store Connect's app preview specification that `check-preview`
/// enforces, with what it requires: the rule table of the docs (`check-preview --rules`)
/// is this list.
public enum PreviewRule: String, Sendable, CaseIterable {
    case file, container, fileSize = "file-size", video, resolution, codec, profile, level, pixelFormat = "pixel-format"
    case bitRate = "bit-rate", progressive, frameRate = "frame-rate", duration, audio, audioCodec = "audio-codec"
    case audioBitRate = "audio-bit-rate", audioChannels = "audio-channels", audioSampleRate = "audio-sample-rate"
    case truncated, damaged

    /// What a preview must be.
    public var requirement: String {
        switch self {
        case .file: return "a regular file (a link is followed) that libavformat can read"
        case .container: return "a QuickTime or MPEG-4 file named .mov, .m4v or .mp4"
        case .fileSize: return "at most \(AppPreviewSpec.maxFileSize / 1_000_000) MB"
        case .video: return "exactly one video track"
        case .resolution:
            var sizes: [String] = []
            for size in AppStoreDisplayClass.allCases.map({ "\($0.previewSize.width)x\($0.previewSize.height)" }) where !sizes.contains(size) { sizes.append(size) }
            return "the preview resolution of an iPhone or iPad display class: \(sizes.joined(separator: ", ")) portrait, or the same turned landscape"
        case .codec: return "H.264, or ProRes 422 HQ"
        case .profile: return "H.264 High profile or lower (Baseline, Main, High)"
        case .level: return "H.264 level \(Double(AppPreviewSpec.maxH264Level) / 10) or lower"
        case .pixelFormat: return "H.264 in 8-bit 4:2:0 (yuv420p)"
        case .bitRate:
            let low = AppPreviewSpec.videoBitRate.lowerBound / 1_000_000, high = AppPreviewSpec.videoBitRate.upperBound / 1_000_000
            return "H.264 at \(low) to \(high) Mbit/s: above \(high) Mbit/s (+5 %) fails; below \(low) Mbit/s (-5 %) is a warning, as App Store Connect takes quieter files"
        case .progressive: return "progressive, not interlaced"
        case .frameRate: return "at most \(Int(AppPreviewSpec.maxFPS)) frames per second, and a known frame rate"
        case .duration: return "\(Int(AppPreviewSpec.duration.lowerBound)) to \(Int(AppPreviewSpec.duration.upperBound)) seconds, as the container states"
        case .audio: return "exactly one audio track (silence will do)"
        case .audioCodec: return "AAC-LC, or PCM"
        case .audioBitRate: return "AAC at \(AppPreviewSpec.audioBitRate / 1000) kbit/s or less (+5 %)"
        case .audioChannels: return "stereo"
        case .audioSampleRate: return AppPreviewSpec.audioSampleRates.map { "\(Double($0) / 1000)".replacingOccurrences(of: ".0", with: "") }.joined(separator: " or ") + " kHz"
        case .truncated: return "every frame the header declares present (a file cut short or still being written fails)"
        case .damaged: return "every packet readable"
        }
    }

    /// True for the one rule whose shortfall only warns (a bit rate under the target).
    public var canWarn: Bool { self == .bitRate }
}

/// One way a file breaks (or strains) the App Store preview specification.
public struct PreviewFinding: Sendable, Equatable {
    /// A short name for the rule (`frame-rate`, `audio`, `resolution`).
    public var rule: String
    /// What is wrong, in words, with the specification's value.
    public var message: String

    /// A finding of `rule`.
    init(_ rule: PreviewRule, _ message: String) {
        self.rule = rule.rawValue
        self.message = message
    }
}

/// A file checked against App Store Connect's app preview specification
/// (`AppPreviewSpec`): every violation, warnings that do not fail it, and the iPhone
/// display classes its resolution fits.
public struct AppPreviewReport: Sendable {
    /// The file.
    public var file: String
    /// Ways the file violates the specification (App Store Connect would refuse it).
    public var violations: [PreviewFinding] = []
    /// Departures that do not fail the check (a bit rate below the 10-12 Mbit/s target).
    public var warnings: [PreviewFinding] = []
    /// The display classes whose preview resolution the file has.
    public var classes: [AppStoreDisplayClass] = []
    /// One line describing the file (`886x1920 h264 High 4.0, 30 fps, 15.00 s, ...`).
    public var summary = ""

    /// True when nothing is violated.
    public var conforms: Bool { violations.isEmpty }

    /// Reads `path` with libavformat, every packet included, and checks it. Anything but
    /// a regular file (links followed) is refused unopened: a FIFO would block the read.
    public static func check(_ path: String) -> AppPreviewReport {
        var report = AppPreviewReport(file: path)
        if let problem = InputPath.problem(path) {
            report.add(.file, problem.description)
            return report
        }
        let info: MediaInfo
        do {
            info = try MediaInfo.read(path, countingPackets: true)
        } catch {
            report.add(.file, "cannot be read as a video (\(error.message))")
            return report
        }
        report.check(info, extension: (path as NSString).pathExtension.lowercased())
        return report
    }

    private mutating func add(_ rule: PreviewRule, _ message: String) { violations.append(PreviewFinding(rule, message)) }

    private static func megabits(_ bits: Int) -> String { String(format: "%.2f Mbit/s", Double(bits) / 1e6) }

    /// The rules, in the specification's order.
    mutating func check(_ info: MediaInfo, extension ext: String) {
        if !["mov", "m4v", "mp4"].contains(ext) { add(.container, "the file is .\(ext); App Store Connect takes .mov, .m4v or .mp4") }
        if !info.formatName.contains("mov") && !info.formatName.contains("mp4") {
            add(.container, "the container is \(info.formatName), not QuickTime / MPEG-4")
        }
        if info.fileSize > AppPreviewSpec.maxFileSize {
            add(.fileSize, String(format: "%.1f MB is over the 500 MB limit", Double(info.fileSize) / 1e6))
        }
        var parts: [String] = []
        if info.videoStreams.isEmpty { add(.video, "there is no video track") }
        if info.videoStreams.count > 1 { add(.video, "there are \(info.videoStreams.count) video tracks; a preview has one") }
        if let video = info.videoStreams.first {
            checkVideo(video)
            classes = AppStoreDisplayClass.classes(previewWidth: video.width, height: video.height)
            if let comment = info.comment, comment.hasPrefix("notchwave framed canvas") {
                // A framed clip has the canvas's size, whatever size that is: not the screen's.
                add(.resolution, "\(video.width)x\(video.height) is the canvas of a framed marketing clip (\(comment.dropFirst("notchwave ".count))), not a screen: an App Store preview shows the screen alone (render it with --profile app-preview, without --frame or --canvas)")
                classes = []
            } else if classes.isEmpty {
                let sizes = Set(AppStoreDisplayClass.allCases.map { "\($0.previewSize.width)x\($0.previewSize.height)" }).sorted()
                add(.resolution, "\(video.width)x\(video.height) is no iPhone or iPad preview resolution (portrait \(sizes.joined(separator: ", ")), or landscape)")
            }
            parts.append("\(video.width)x\(video.height) \(video.codec)" + (video.profile.map { " \($0)" } ?? "")
                         + (video.level.map { " \(Double($0) / 10)" } ?? "") + (video.frameRate.map { String(format: ", %.3g fps", $0) } ?? ""))
        }
        if let duration = info.duration {
            parts.append(String(format: "%.2f s", duration))
            if duration < AppPreviewSpec.duration.lowerBound - 1e-3 || duration > AppPreviewSpec.duration.upperBound + 1e-3 {
                add(.duration, String(format: "it lasts %.2f s; a preview lasts 15 to 30 s", duration))
            }
        } else {
            add(.duration, "the container gives no duration")
        }
        checkAudio(info.audioStreams)
        checkPackets(info)
        parts += info.audioStreams.map { "\($0.codec) \($0.channels) ch \($0.sampleRate) Hz" }
        parts.append(String(format: "%.1f MB", Double(info.fileSize) / 1e6))
        summary = parts.joined(separator: ", ")
    }

    private mutating func checkVideo(_ video: MediaInfo.Video) {
        switch video.codec {
        case "h264":
            let profiles = ["Constrained Baseline", "Baseline", "Main", "High"]
            if let profile = video.profile, !profiles.contains(profile) {
                add(.profile, "H.264 profile \(profile); a preview uses High profile or lower")
            }
            if let level = video.level, level > AppPreviewSpec.maxH264Level {
                add(.level, "H.264 level \(Double(level) / 10); a preview uses level 4.0 or lower")
            }
            if let format = video.pixelFormat, format != "yuv420p", format != "yuvj420p" {
                add(.pixelFormat, "pixel format \(format); H.264 High carries 8-bit 4:2:0 (yuv420p)")
            }
            if let rate = video.bitRate {
                if rate > AppPreviewSpec.videoBitRate.upperBound * 105 / 100 {
                    add(.bitRate, "video at \(Self.megabits(rate)), above the 10-12 Mbit/s target")
                } else if rate < AppPreviewSpec.videoBitRate.lowerBound * 95 / 100 {
                    warnings.append(PreviewFinding(.bitRate, "video at \(Self.megabits(rate)), below the 10-12 Mbit/s target"))
                }
            }
        case "prores":
            if video.codecTag != "apch" {
                add(.codec, "ProRes \(video.profile ?? video.codecTag ?? "?"); App Store Connect takes ProRes 422 HQ only")
            }
        default:
            add(.codec, "\(video.codec) video; App Store Connect takes H.264 or ProRes 422 HQ")
        }
        if video.fieldOrder != "progressive" && video.fieldOrder != "unknown" {
            add(.progressive, "the video is interlaced (\(video.fieldOrder)); a preview is progressive")
        }
        if let rate = video.frameRate {
            if rate > AppPreviewSpec.maxFPS + 0.01 { add(.frameRate, String(format: "%.3g frames per second; at most 30", rate)) }
        } else {
            add(.frameRate, "the frame rate is unknown")
        }
    }

    private mutating func checkAudio(_ tracks: [MediaInfo.Audio]) {
        guard let audio = tracks.first else {
            add(.audio, "there is no audio track; a preview has a stereo track (AAC 256 kbit/s or PCM, 44.1 or 48 kHz; silence will do)")
            return
        }
        if tracks.count > 1 { add(.audio, "there are \(tracks.count) audio tracks; a preview has one stereo track") }
        if audio.codec == "aac" {
            if let profile = audio.profile, profile != "LC" { add(.audioCodec, "AAC \(profile); a preview uses AAC-LC") }
            if let rate = audio.bitRate, rate > AppPreviewSpec.audioBitRate * 105 / 100 {
                add(.audioBitRate, "AAC at \(rate / 1000) kbit/s; a preview uses 256 kbit/s")
            }
        } else if !audio.codec.hasPrefix("pcm_") {
            add(.audioCodec, "\(audio.codec) audio; a preview has AAC (256 kbit/s) or PCM")
        }
        if audio.channels != AppPreviewSpec.audioChannels { add(.audioChannels, "\(audio.channels) audio channel(s); a preview is stereo") }
        if !AppPreviewSpec.audioSampleRates.contains(audio.sampleRate) {
            add(.audioSampleRate, "audio at \(audio.sampleRate) Hz; a preview uses 44.1 or 48 kHz")
        }
    }

    /// Every frame the header declares must be in the file: a file cut short (a partial
    /// copy, a download that stopped, a file still being written) keeps a header that
    /// declares the whole preview, so only its packets tell.
    private mutating func checkPackets(_ info: MediaInfo) {
        let tracks = info.videoStreams.prefix(1).map { ("video", $0.packets, $0.frameRate.map { 1 / $0 } ?? 0.1) }
            + info.audioStreams.prefix(1).map { ("audio", $0.packets, 0.1) }
        var cut = false
        for (kind, packets, slack) in tracks {
            guard let packets else { continue }
            let reached = packets.end.map { String(format: " (to %.2f s)", $0) } ?? ""
            if let declared = packets.declared, packets.present < declared {
                add(.truncated, "the header declares \(declared) \(kind) frames but only \(packets.present) \(packets.present == 1 ? "is" : "are") in the file\(reached): it is cut short or still being written")
                cut = true
            } else if let duration = packets.declaredDuration, let end = packets.end, end < duration - slack - 1e-3 {
                add(.truncated, String(format: "the header declares %.2f s of \(kind) but its packets end at %.2f s: it is cut short or still being written", duration, end))
                cut = true
            }
            if packets.damaged > 0 {
                add(.damaged, "\(packets.damaged) \(kind) packet\(packets.damaged == 1 ? " is" : "s are") damaged (cut short)")
            }
        }
        if let error = info.readError, !cut { add(.damaged, "reading the packets stopped early (\(error))") }
    }

    /// The machine-readable report (`--json`).
    public var json: JSONOutput {
        func findings(_ list: [PreviewFinding]) -> JSONOutput {
            .array(list.map { .object([("rule", .string($0.rule)), ("message", .string($0.message))]) })
        }
        return .object([("file", .string(file)), ("conforms", .bool(conforms)), ("violations", findings(violations)),
                        ("warnings", findings(warnings)), ("classes", .array(classes.map { .string($0.rawValue) })),
                        ("summary", .string(summary))])
    }
}
