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
    private let toVideo: OpaquePointer
    private var toRGBA: OpaquePointer?

    /// A scaler from `sourceWidth` x `sourceHeight` RGBA to frames of `format` at `width` x `height`.
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, format: VideoPixelFormat) throws(FFmpegError) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        let context = try PixelConverter.makeContext(width: sourceWidth, height: sourceHeight, to: format, width: width, height: height)
        toVideo = context
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
        for plane in 0..<4 {
            let (data, stride) = frame.plane(plane)
            destination[plane] = data
            destinationStride[plane] = Int32(stride)
        }
        try run(toVideo, source, bytesPerRow, &destination, &destinationStride)
    }

    /// Scales the RGBA image at `source` into `width` x `height` RGBA bytes.
    public func scaleToRGBA(_ source: UnsafePointer<UInt8>, bytesPerRow: Int) throws(FFmpegError) -> [UInt8] {
        if toRGBA == nil {
            toRGBA = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height), AV_PIX_FMT_RGBA,
                                    SWS_BICUBIC | SWS_ACCURATE_RND, nil, nil, nil)
        }
        guard let context = toRGBA else {
            throw FFmpegError.scaler(from: AV_PIX_FMT_RGBA, to: AV_PIX_FMT_RGBA, sizes: [sourceWidth, sourceHeight, width, height],
                                     otherwise: FFmpegError(function: "sws_getContext", code: 0, message: "cannot scale rgba"))
        }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        try bytes.withUnsafeMutableBufferPointer { buffer throws(FFmpegError) in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
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
