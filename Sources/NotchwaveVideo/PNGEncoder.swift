internal import CFFmpeg

/// Encodes single RGBA8 images as PNG with libavcodec's PNG encoder.
public enum PNGEncoder {
    /// The PNG file bytes of a `width` x `height` straight RGBA8 image.
    public static func encode(rgba: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int) throws(FFmpegError) -> [UInt8] {
        let settings = EncoderSettings(encoderName: "png", pixelFormat: .rgba, width: width, height: height, fps: 1, tagsBT709: false)
        let encoder = try VideoEncoder(settings: settings, globalHeader: false)
        let frame = try VideoFrame(width: width, height: height, format: AV_PIX_FMT_RGBA, colorRange: AVCOL_RANGE_JPEG, colorSpace: AVCOL_SPC_RGB)
        try frame.frame.copyRows(into: 0, from: rgba, sourceStride: bytesPerRow, byteWidth: width * 4, rows: height)
        frame.presentationIndex = 0
        guard let packet = av_packet_alloc() else { throw FFmpegError.outOfMemory("av_packet_alloc") }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&p) }
        try encoder.send(frame)
        try encoder.send(nil)
        var bytes: [UInt8] = []
        while try encoder.receive(into: packet) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: packet.pointee.data, count: Int(packet.pointee.size)))
            av_packet_unref(packet)
        }
        guard !bytes.isEmpty else { throw FFmpegError(function: "avcodec_receive_packet", code: 0, message: "the PNG encoder produced nothing") }
        return bytes
    }
}
