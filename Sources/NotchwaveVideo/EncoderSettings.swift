/// How to encode a video stream: the encoder, its pixel format and options.
public struct EncoderSettings: Sendable, Equatable {
    /// FFmpeg encoder name (`libx264`, `libx265`, `libvpx-vp9`, `prores_ks`, `gif`, `apng`, `png`).
    public var encoderName: String
    /// The encoder's input pixel format.
    public var pixelFormat: VideoPixelFormat
    /// Frame width in pixels.
    public var width: Int
    /// Frame height in pixels.
    public var height: Int
    /// Frames per second (the time base is 1/fps).
    public var fps: Int
    /// Encoder private options (`crf`, `preset`, `profile`, ...), applied in order.
    public var options: [EncoderOption]
    /// Target bit rate in bits per second, if any.
    public var bitRate: Int?
    /// Tag the stream BT.709 / limited range (for YUV formats).
    public var tagsBT709: Bool
    /// The four-character codec tag to write (`hvc1` for HEVC that Apple players accept).
    public var codecTag: String?
    /// Allow frame threading (each thread holds whole frames); slice threading only
    /// when false, which keeps memory low for intra-only codecs such as ProRes.
    public var frameThreads: Bool = true

    /// Settings.
    public init(encoderName: String, pixelFormat: VideoPixelFormat, width: Int, height: Int, fps: Int,
                options: [EncoderOption] = [], bitRate: Int? = nil, tagsBT709: Bool = true, codecTag: String? = nil) {
        self.encoderName = encoderName
        self.pixelFormat = pixelFormat
        self.width = width
        self.height = height
        self.fps = fps
        self.options = options
        self.bitRate = bitRate
        self.tagsBT709 = tagsBT709
        self.codecTag = codecTag
    }
}

/// One `key=value` encoder or muxer option.
public struct EncoderOption: Sendable, Equatable {
    public var key: String
    public var value: String
    /// An option.
    public init(_ key: String, _ value: String) { self.key = key; self.value = value }
}

/// How to write the container.
public struct ContainerSettings: Sendable, Equatable {
    /// FFmpeg muxer name (`mp4`, `mov`, `webm`, `gif`, `apng`).
    public var formatName: String
    /// Muxer options (`movflags=+faststart`, `loop=0`).
    public var options: [EncoderOption]
    /// The container's metadata tags (`comment`), written with the header.
    public var metadata: [EncoderOption] = []
    /// Settings.
    public init(formatName: String, options: [EncoderOption] = []) {
        self.formatName = formatName
        self.options = options
    }
}
