/// Encoding quality presets (`--quality`); each codec maps them to its own settings.
public enum Quality: String, Sendable, CaseIterable {
    case draft
    case standard
    case high
    case lossless
}

/// How the video is to be encoded, read from the parameters: typed values, `nil` meaning
/// the codec's default for the quality. The output's codec and its encoder settings are
/// decided from this and the output path (`OutputFormat`).
public struct EncodeRequest: Sendable, Equatable {
    /// The codec, or nil to choose from the output's extension.
    public var codec: Codec?
    /// The quality preset.
    public var quality: Quality
    /// Constant rate factor, overriding the quality's.
    public var crf: Int?
    /// Target bit rate, overriding the quality's rate control.
    public var bitrate: BitRate?
    /// Encoder speed preset.
    public var speed: SpeedPreset?
    /// 10-bit output where the codec offers it (HEVC).
    public var tenBit: Bool
    /// GIF dithering.
    public var dither: Dither
    /// How messages name each encoder parameter that was given (`--crf`, or its JSON
    /// path with line and column), by key.
    public var given: [String: String]
    /// Where each encoder parameter that was given was written, by key.
    public var sources: [String: ParameterSource] = [:]

    /// A request (defaults: standard quality, 8-bit, sierra2_4a dithering).
    public init(codec: Codec? = nil, quality: Quality = .standard, crf: Int? = nil, bitrate: BitRate? = nil,
                speed: SpeedPreset? = nil, tenBit: Bool = false, dither: Dither = .sierra24a, given: [String: String] = [:]) {
        self.codec = codec
        self.quality = quality
        self.crf = crf
        self.bitrate = bitrate
        self.speed = speed
        self.tenBit = tenBit
        self.dither = dither
        self.given = given
    }

    /// The encoder parameters `values` give.
    public init(_ values: ParameterValues) {
        self.init(codec: values[Parameters.codec], quality: values[Parameters.quality], crf: values[Parameters.crf],
                  bitrate: values[Parameters.bitrate], speed: values[Parameters.speed], tenBit: values[Parameters.tenBit],
                  dither: values[Parameters.dither])
        for parameter in Parameters.inGroups([.encoding]) where ![Parameters.codec.key, Parameters.even.key].contains(parameter.key) && values.isGiven(parameter) {
            given[parameter.key] = values.subject(parameter)
            sources[parameter.key] = values.source(of: parameter)
        }
    }

    /// The encoder parameters given (codec and even-size policy aside), as messages name
    /// them, in the registry's order.
    public var givenOptions: [(parameter: any AnyParameter, subject: String)] {
        Parameters.inGroups([.encoding]).compactMap { parameter in given[parameter.key].map { (parameter, $0) } }
    }

    /// The first parameter given that does not apply to `codec` (its declared scope),
    /// named as it was written.
    public func problem(for codec: Codec) -> ParameterError? {
        for (parameter, subject) in givenOptions {
            if case let .codecs(codecs) = parameter.scope, !codecs.contains(codec) {
                return ParameterError(subject: subject, problem: "does not apply to \(codec.rawValue) (it applies to \(parameter.scope.summary))",
                                      origin: sources[parameter.key])
            }
        }
        return nil
    }
}
