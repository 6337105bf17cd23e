internal import CFFmpeg

/// Converts straight RGBA8 rows into a `VideoFrame`'s pixel format: BT.709 matrix,
/// full-range RGB in, limited-range YUV out. `yuv420p` (H.264, VP9) and `yuva420p` (VP9
/// with alpha: the same planes and the alpha bytes as they are) go through
/// `YUV420Conversion`, one pass over the pixels; the other formats (10-bit) through
/// libswscale.
///
/// Only the rows that changed need converting: `convert(rows:)` converts a band of rows
/// (widened to the format's chroma alignment) with a context made for that band's height,
/// writing into the same rows of the frame; the frame's other rows keep what an earlier
/// conversion wrote there. One converter is used by one thread at a time, except where
/// `convertsConcurrently` says otherwise.
public final class PixelConverter: @unchecked Sendable {
    /// Frame width.
    public let width: Int
    /// Frame height.
    public let height: Int
    /// Destination format.
    public let format: VideoPixelFormat
    /// Whether `yuv420p` and `yuva420p` go through libswscale too (the benchmark's and
    /// the tests' reference) instead of `YUV420Conversion`.
    public let alwaysSwscale: Bool
    /// Whether `yuv420p` and `yuva420p` keep to `YUV420Conversion`'s Swift loop, without
    /// the AVX2 kernel (the tests' and the benchmark's comparison; the bytes are the same).
    public let baselineOnly: Bool
    /// Whether this CPU runs `YUV420Conversion`'s AVX2 kernel.
    public static var hasAVX2Kernel: Bool { YUV420Conversion.hasAVX2 }
    private var contexts: [Int: OpaquePointer] = [:]
    private let chromaShift: Int

    /// A converter for `width` x `height` frames into `format`; `alwaysSwscale` sends
    /// `yuv420p` and `yuva420p` through libswscale as well; `baselineOnly` keeps them off the
    /// AVX2 kernel.
    public init(width: Int, height: Int, format: VideoPixelFormat, alwaysSwscale: Bool = false, baselineOnly: Bool = false) throws(FFmpegError) {
        self.width = width
        self.height = height
        self.format = format
        self.alwaysSwscale = alwaysSwscale
        self.baselineOnly = baselineOnly
        guard let descriptor = av_pix_fmt_desc_get(format.av) else {
            throw FFmpegError(function: "av_pix_fmt_desc_get", code: 0, message: "unknown pixel format \(format.rawValue)")
        }
        chromaShift = Int(descriptor.pointee.log2_chroma_h)
        if format.needsEvenSize && (width % 2 != 0 || height % 2 != 0) {
            throw FFmpegError(function: "PixelConverter", code: 0, message: "\(format.rawValue) needs an even frame size, got \(width)x\(height)")
        }
    }

    deinit {
        for context in contexts.values { sws_freeContext(context) }
    }

    /// A bicubic swscale context from `sourceWidth` x `sourceHeight` RGBA to `format`
    /// at `width` x `height`: full-range RGB into limited (MPEG) range YUV with BT.709.
    static func makeContext(width sourceWidth: Int, height sourceHeight: Int, to format: VideoPixelFormat,
                            width: Int, height: Int) throws(FFmpegError) -> OpaquePointer {
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP
        guard let context = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), AV_PIX_FMT_RGBA, Int32(width), Int32(height),
                                           format.av, Int32(flags), nil, nil, nil) else {
            throw FFmpegError.scaler(from: AV_PIX_FMT_RGBA, to: format.av, sizes: [sourceWidth, sourceHeight, width, height], otherwise: FFmpegError(
                function: "sws_getContext", code: 0, message: "cannot convert \(sourceWidth)x\(sourceHeight) rgba to \(width)x\(height) \(format.rawValue)"))
        }
        if format.isYUV {
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            let result = sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
            if result < 0 {
                sws_freeContext(context)
                throw FFmpegError(function: "sws_setColorspaceDetails", code: result, message: "BT.709 conversion not supported")
            }
        }
        return context
    }

    /// Whether several threads may convert at once, each into its own frame: true where
    /// no libswscale context is involved (`rgba`, and `yuv420p` and `yuva420p` through
    /// `YUV420Conversion`), whose conversions share no state.
    public var convertsConcurrently: Bool {
        format == .rgba || ((format == .yuv420p || format == .yuva420p) && !alwaysSwscale)
    }

    /// `rows` widened outwards to whole chroma rows and clamped to the frame.
    public func alignedRows(_ rows: Range<Int>) -> Range<Int> {
        let a = format.rowAlignment
        let lo = (rows.lowerBound / a) * a
        let hi = min(height, ((rows.upperBound + a - 1) / a) * a)
        return lo..<max(hi, lo)
    }

    private func context(rows: Int) throws(FFmpegError) -> OpaquePointer {
        if let context = contexts[rows] { return context }
        let context = try PixelConverter.makeContext(width: width, height: rows, to: format, width: width, height: rows)
        contexts[rows] = context
        return context
    }

    /// Converts rows `rows` of a straight RGBA image into the same rows of `frame`;
    /// `firstRow` points at row `rows.lowerBound`, the next rows follow `bytesPerRow`
    /// apart. `rows` must start on a multiple of `format.rowAlignment` and end on one (or
    /// at the frame's bottom).
    public func convert(rows: Range<Int>, firstRow: UnsafePointer<UInt8>, bytesPerRow: Int, into frame: VideoFrame) throws(FFmpegError) {
        guard !rows.isEmpty else { return }
        precondition(frame.width == width && frame.height == height, "frame size differs from the converter's")
        precondition(alignedRows(rows) == rows.clamped(to: 0..<height), "rows \(rows) are not aligned to \(format.rowAlignment)")
        if format == .rgba {
            try frame.frame.copyRows(into: 0, firstRow: rows.lowerBound, from: firstRow, sourceStride: bytesPerRow, byteWidth: width * 4, rows: rows.count)
            return
        }
        if (format == .yuv420p || format == .yuva420p) && !alwaysSwscale {
            let (y, yStride) = frame.plane(0), (u, uStride) = frame.plane(1), (v, vStride) = frame.plane(2)
            guard let y, let u, let v else {
                throw FFmpegError(function: "PixelConverter", code: 0, message: "the frame has no \(format.rawValue) planes")
            }
            YUV420Conversion.convert(rows: rows.count, width: width, source: firstRow, sourceStride: bytesPerRow,
                                     y: y + rows.lowerBound * yStride, yStride: yStride,
                                     u: u + (rows.lowerBound / 2) * uStride, uStride: uStride,
                                     v: v + (rows.lowerBound / 2) * vStride, vStride: vStride, wide: !baselineOnly)
            if format == .yuva420p {
                let (a, aStride) = frame.plane(3)
                guard let a else {
                    throw FFmpegError(function: "PixelConverter", code: 0, message: "the frame has no alpha plane")
                }
                YUV420Conversion.copyAlpha(rows: rows.count, width: width, source: firstRow, sourceStride: bytesPerRow,
                                           a: a + rows.lowerBound * aStride, aStride: aStride)
            }
            return
        }
        let context = try self.context(rows: rows.count)
        var source: [UnsafePointer<UInt8>?] = [firstRow, nil, nil, nil]
        var sourceStride: [Int32] = [Int32(bytesPerRow), 0, 0, 0]
        var destination: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil, nil]
        var destinationStride: [Int32] = [0, 0, 0, 0]
        for plane in 0..<4 {
            let (data, stride) = frame.plane(plane)
            guard let data else { continue }
            // Chroma planes (1 and 2) are subsampled vertically; luma and alpha are not.
            let y = (plane == 1 || plane == 2) ? rows.lowerBound >> chromaShift : rows.lowerBound
            destination[plane] = data + y * stride
            destinationStride[plane] = Int32(stride)
        }
        let written = sws_scale(context, &source, &sourceStride, 0, Int32(rows.count), &destination, &destinationStride)
        if written < 0 { throw FFmpegError.from(written, "sws_scale") }
    }
}
