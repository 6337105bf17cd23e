internal import CFFmpeg

/// Scales whole straight-RGBA8 images to another size with libswscale (bicubic): into a
/// `VideoFrame` in its YUV format (BT.709 matrix, limited range), or into RGBA8 bytes.
/// Owns its two contexts. Used by one thread at a time.
public final class FrameScaler: @unchecked Sendable {
    /// Source size.
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// Destination size.
    public let width: Int
    public let height: Int
    /// Where the picture goes in the destination (the whole of it, or a centred rectangle
    /// with black bars around it: `fitted`).
    public let region: (x: Int, y: Int, width: Int, height: Int)
    private let toVideo: OpaquePointer
    private var toRGBA: OpaquePointer?

    /// A scaler from `sourceWidth` x `sourceHeight` RGBA to frames of `format` at `width` x
    /// `height`; with `fitted`, a picture whose aspect ratio differs from the frame's by
    /// more than 1 % keeps its own: scaled to fit inside, centred on even pixels, black
    /// around it (an 11-inch iPad's screen in the iPad's 3:4 preview).
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, format: VideoPixelFormat, fitted: Bool = false) throws(FFmpegError) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        region = fitted ? FrameScaler.fit(sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height)
            : (0, 0, width, height)
        let context = try PixelConverter.makeContext(width: sourceWidth, height: sourceHeight, to: format, width: region.width, height: region.height)
        toVideo = context
    }

    /// The rectangle a `sourceWidth` x `sourceHeight` picture fills in a `width` x `height`
    /// frame: the whole frame when the aspect ratios agree within 1 %, else the largest
    /// rectangle of the picture's aspect inside it, centred, corners and sides even (4:2:0
    /// chroma never straddles its edge).
    public static func fit(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let source = Double(sourceWidth) / Double(sourceHeight), target = Double(width) / Double(height)
        guard abs(source / target - 1) > 0.01 else { return (0, 0, width, height) }
        let scale = min(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight))
        let w = min(width, max(2, Int((Double(sourceWidth) * scale / 2).rounded()) * 2))
        let h = min(height, max(2, Int((Double(sourceHeight) * scale / 2).rounded()) * 2))
        return ((width - w) / 4 * 2, (height - h) / 4 * 2, w, h)
    }

    deinit {
        sws_freeContext(toVideo)
        if let toRGBA { sws_freeContext(toRGBA) }
    }

    /// Scales the RGBA image at `source` (rows `bytesPerRow` apart) into `frame`.
    public func scale(_ source: UnsafePointer<UInt8>, bytesPerRow: Int, into frame: VideoFrame) throws(FFmpegError) {
        precondition(frame.width == width && frame.height == height, "frame size differs from the scaler's")
        var destination: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil, nil]
        var destinationStride: [Int32] = [0, 0, 0, 0]
        let fitted = region.width != width || region.height != height
        for plane in 0..<4 {
            let (data, stride) = frame.plane(plane)
            destinationStride[plane] = Int32(stride)
            guard let data, fitted else { destination[plane] = data; continue }
            // 4:2:0: the luma plane at full size, the chroma planes at half; black is
            // limited-range 16 with neutral chroma.
            let sub = plane == 0 ? 1 : 2
            let rows = (height + sub - 1) / sub
            data.update(repeating: plane == 0 ? 16 : 128, count: stride * rows)
            destination[plane] = data + (region.y / sub) * stride + region.x / sub
        }
        try run(toVideo, source, bytesPerRow, &destination, &destinationStride)
    }

    /// Scales the RGBA image at `source` into `width` x `height` RGBA bytes.
    public func scaleToRGBA(_ source: UnsafePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) -> [UInt8] {
        if toRGBA == nil {
            toRGBA = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(region.width), Int32(region.height), AV_PIX_FMT_RGBA,
                                    SWS_BICUBIC | SWS_ACCURATE_RND, nil, nil, nil)
        }
        guard let context = toRGBA else {
            throw FFmpegError.scaler(from: AV_PIX_FMT_RGBA, to: AV_PIX_FMT_RGBA, sizes: [sourceWidth, sourceHeight, width, height],
                                     otherwise: FFmpegError(function: "sws_getContext", code: 0, message: "cannot scale rgba"))
        }
        // Black, opaque, around a fitted picture.
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
        let offset = (region.y * width + region.x) * 4
        try bytes.withUnsafeMutableBufferPointer { buffer throws(FFmpegError) in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress.map { $0 + offset }, nil, nil, nil]
            var destinationStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            try run(context, source, bytesPerRow, &destination, &destinationStride)
        }
        return bytes
    }

    private func run(_ context: OpaquePointer, _ source: UnsafePointer<UInt8>, _ bytesPerRow: Int,
                     _ destination: inout [UnsafeMutablePointer<UInt8>?], _ destinationStride: inout [Int32]) throws(FFmpegError) {
        var planes: [UnsafePointer<UInt8>?] = [source, nil, nil, nil]
        var strides: [Int32] = [Int32(bytesPerRow), 0, 0, 0]
        let written = sws_scale(context, &planes, &strides, 0, Int32(sourceHeight), &destination, &destinationStride)
        if written < 0 { throw FFmpegError.from(written, "sws_scale") }
    }
}
