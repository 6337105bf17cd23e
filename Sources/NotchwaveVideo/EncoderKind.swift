/// The FFmpeg encoders notchwave writes with, each owning everything that is its own: its
/// FFmpeg name, the frame sizes it accepts, and how a quality level and the overrides map
/// onto its private options. A new encoder is one case here (and its codec's entry in the
/// output formats).
///
/// | encoder | draft | standard | high | lossless |
/// | --- | --- | --- | --- | --- |
/// | libx264 | crf 28, veryfast | crf 19, superfast, no B-frames, subme 0 | crf 16, slow | qp 0 (High 4:4:4) |
/// | libx265 | crf 30, veryfast | crf 24, medium | crf 18, slow | lossless=1 |
/// | libvpx-vp9 | crf 40, realtime, cpu-used 8 | crf 32, good, cpu-used 4 | crf 24, good, cpu-used 2 | lossless=1 |
/// | libsvtav1 | crf 40, preset 12 | crf 32, preset 8 | crf 24, preset 5 | (none) |
/// | libaom-av1 | crf 40, cpu-used 8 | crf 32, cpu-used 6 | crf 24, cpu-used 4 | (none) |
/// | prores_ks | 4444 | 4444 | 4444 XQ | 4444 XQ (not lossless) |
///
/// x264's `standard` is chosen by measurement (`make bench-quality`, docs/performance.md):
/// superfast without B-frames and with whole-pixel motion search (subme 0), at crf 19,
/// renders the demo clip over twice as fast as it plays on two cores with the bar
/// rows' luma above 50 dB, where plain superfast at crf 21 takes x264 about 45 % longer and
/// medium at crf 20 is barely faster than real time, for 49.5 dB.
public enum EncoderKind: String, Sendable, CaseIterable {
    case x264 = "libx264", x265 = "libx265", vp9 = "libvpx-vp9", svtAV1 = "libsvtav1", aomAV1 = "libaom-av1", prores = "prores_ks"
    case gif, apng, png

    /// The name FFmpeg knows it by (`libx264`).
    public var ffmpegName: String { rawValue }

    /// The frame sizes it accepts. Measured against Debian bookworm's FFmpeg 5.1 builds
    /// with `ffmpeg -f lavfi -i color=s=WxH`: libx264 opens at most 16384 px per side;
    /// libx265 refuses 8x8 and opens 16x16; libvpx-vp9 fails to allocate its first frame
    /// beyond 16384 px per side; libsvtav1 needs at least 64x64 and at most 16384 wide and
    /// 8704 high; GIF stores sizes in 16 bits.
    public var limits: EncoderLimits {
        switch self {
        case .x264, .vp9: return EncoderLimits(maximumWidth: 16384, maximumHeight: 16384)
        case .x265: return EncoderLimits(minimumWidth: 16, minimumHeight: 16, maximumWidth: 16384, maximumHeight: 16384)
        case .svtAV1: return EncoderLimits(minimumWidth: 64, minimumHeight: 64, maximumWidth: 16384, maximumHeight: 8704)
        case .gif: return EncoderLimits(maximumWidth: 65535, maximumHeight: 65535)
        case .aomAV1, .prores, .apng, .png: return EncoderLimits()
        }
    }

    /// Why it cannot encode `width` x `height` frames, or nil when it can.
    public func sizeProblem(width: Int, height: Int) -> String? {
        let limits = self.limits
        if width < limits.minimumWidth || height < limits.minimumHeight {
            return "\(rawValue) needs frames of at least \(limits.minimumWidth)x\(limits.minimumHeight) px, this one is \(width)x\(height)"
        }
        if width > limits.maximumWidth || height > limits.maximumHeight {
            return "\(rawValue) takes frames of at most \(limits.maximumWidth)x\(limits.maximumHeight) px, this one is \(width)x\(height)"
        }
        return nil
    }

    /// Whether it has a lossless mode.
    public var hasLosslessMode: Bool { ![.svtAV1, .aomAV1].contains(self) }

    /// True for encoders whose constant-quality mode needs a bit rate of 0 (VP9, AV1).
    var constantQualityNeedsZeroBitRate: Bool { [.vp9, .svtAV1, .aomAV1].contains(self) }

    /// Frame threading for inter codecs; ProRes (intra-only) uses slice threads, which
    /// are as fast for it and do not hold extra frames.
    public var frameThreads: Bool { self != .prores }

    /// Its private options and bit rate for `tuning` (the table above, with the overrides).
    public func parameters(_ tuning: EncoderTuning) -> (options: [EncoderOption], bitRate: Int?) {
        let quality = tuning.quality
        let useCRF = tuning.bitRate == nil
        let lossless = quality == .lossless && tuning.crf == nil
        func pick<T>(_ draft: T, _ standard: T, _ high: T, _ lossless: T) -> T {
            switch quality {
            case .draft: return draft
            case .standard: return standard
            case .high: return high
            case .lossless: return lossless
            }
        }
        func crf(_ draft: Int, _ standard: Int, _ high: Int, _ losslessCRF: Int) -> String {
            String(tuning.crf ?? pick(draft, standard, high, losslessCRF))
        }
        var options: [EncoderOption] = []
        switch self {
        case .x264:
            options.append(EncoderOption("preset", tuning.speed.map { Self.speedNames[$0] } ?? pick("veryfast", "superfast", "slow", "medium")))
            if lossless {
                options.append(EncoderOption("qp", "0"))
            } else if useCRF {
                options.append(EncoderOption("crf", crf(28, 19, 16, 0)))
            }
            if quality != .lossless && tuning.crf != 0 { options.append(EncoderOption("profile", "high")) }
            if quality == .standard && tuning.speed == nil {
                // Standard's own speed: superfast without B-frames and with whole-pixel
                // motion only, which spares x264 the half-pixel planes of every reference
                // frame (`--speed` picks a plain preset instead).
                options.append(EncoderOption("x264-params", Self.standardX264Parameters))
            }
        case .x265:
            options.append(EncoderOption("preset", tuning.speed.map { Self.speedNames[$0] } ?? pick("veryfast", "medium", "slow", "medium")))
            var params = ["log-level=error"]
            if lossless {
                params.append("lossless=1")
            } else if useCRF {
                options.append(EncoderOption("crf", crf(30, 24, 18, 0)))
            }
            options.append(EncoderOption("x265-params", params.joined(separator: ":")))
        case .vp9:
            // Speeds ultrafast ... veryslow map onto cpu-used 8 ... 0.
            let cpuUsed = tuning.speed.map { max(0, 8 - $0) } ?? pick(8, 4, 2, 4)
            options += [EncoderOption("deadline", pick("realtime", "good", "good", "good")), EncoderOption("cpu-used", String(cpuUsed)),
                        EncoderOption("row-mt", "1")]
            if lossless {
                options.append(EncoderOption("lossless", "1"))
            } else if useCRF {
                options.append(EncoderOption("crf", crf(40, 32, 24, 0)))
            }
        case .svtAV1:
            let preset = tuning.speed.map { max(0, 12 - $0 * 12 / 9) } ?? pick(12, 8, 5, 5)
            options.append(EncoderOption("preset", String(preset)))
            if useCRF { options.append(EncoderOption("crf", crf(40, 32, 24, 24))) }
        case .aomAV1:
            let cpuUsed = tuning.speed.map { max(0, 8 - $0) } ?? pick(8, 6, 4, 4)
            options += [EncoderOption("cpu-used", String(cpuUsed)), EncoderOption("row-mt", "1")]
            if useCRF { options.append(EncoderOption("crf", crf(40, 32, 24, 24))) }
        case .prores:
            options += [EncoderOption("profile", quality == .high || quality == .lossless ? "4444xq" : "4444"),
                        EncoderOption("vendor", "apl0"), EncoderOption("alpha_bits", "16")]
        case .apng:
            options.append(EncoderOption("pred", "mixed"))
        case .gif, .png:
            break
        }
        return (options, tuning.bitRate ?? (constantQualityNeedsZeroBitRate ? 0 : nil))
    }

    /// What x264's `standard` adds to the superfast preset (see the table above).
    static let standardX264Parameters = "bframes=0:subme=0"

    /// x264's speed names, fastest first (`EncoderTuning.speed` indexes them).
    public static let speedNames = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// A quality level: each encoder maps it onto its own options.
    public enum Quality: Sendable, Hashable {
        case draft, standard, high, lossless
    }
}

/// What an encoder is asked for: a quality level and the overrides of its options.
public struct EncoderTuning: Sendable, Equatable {
    /// The quality level.
    public var quality: EncoderKind.Quality
    /// Constant rate factor, overriding the level's.
    public var crf: Int?
    /// Speed as an index into `EncoderKind.speedNames` (0 fastest), overriding the level's.
    public var speed: Int?
    /// Target bit rate in bits per second, replacing constant quality.
    public var bitRate: Int?

    /// A tuning.
    public init(quality: EncoderKind.Quality = .standard, crf: Int? = nil, speed: Int? = nil, bitRate: Int? = nil) {
        self.quality = quality
        self.crf = crf
        self.speed = speed
        self.bitRate = bitRate
    }
}
