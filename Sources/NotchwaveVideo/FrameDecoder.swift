internal import CFFmpeg

/// Reads one frame of a media file back (demuxer, decoder, frames and scaler, each freed on
/// return): for contact sheets, which show the files as they were written.
public enum FrameDecoder {
    /// Frame `index` (or the last one, if the file is shorter) of `path`'s first video
    /// stream as straight RGBA, scaled to fit `maxWidth` x `maxHeight` keeping its aspect.
    public static func thumbnail(path: String, frameIndex: Int, maxWidth: Int, maxHeight: Int) throws(FFmpegError) -> (rgba: [UInt8], width: Int, height: Int) {
        let input = try InputFile(path: path)
        guard let video = input.bestStream(AVMEDIA_TYPE_VIDEO) else {
            throw FFmpegError.file("\(path) has no video stream (it holds \(input.contents))")
        }
        let format = input.context, streamIndex = video.index
        // Prefer libvpx for VP9, which decodes the alpha channel.
        let vpx = video.stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_VP9 ? avcodec_find_decoder_by_name("libvpx-vp9") : nil
        let decoder = try StreamDecoder(video, decoder: vpx)
        let codec = decoder.context
        let ownedPacket = try OwnedPacket(), ownedFrame = try OwnedFrame(), ownedReceived = try OwnedFrame()
        let packet = ownedPacket.pointer, frame = ownedFrame.pointer, received = ownedReceived.pointer
        // The owners live to the end of the function (their pointers are used after their last mention).
        defer { withExtendedLifetime((input, decoder, ownedPacket, ownedFrame, ownedReceived)) {} }
        var decoded = 0
        var have = false
        var ended = false
        reading: while decoded <= frameIndex {
            if !ended {
                let read = av_read_frame(format, packet)
                if read < 0 {
                    ended = true
                    try check(avcodec_send_packet(codec, nil), "avcodec_send_packet(EOF)")
                } else {
                    defer { av_packet_unref(packet) }
                    if packet.pointee.stream_index != streamIndex { continue }
                    let sent = avcodec_send_packet(codec, packet)
                    if sent < 0 && sent != FFmpegResult.again { throw FFmpegError.from(sent, "avcodec_send_packet") }
                }
            }
            while true {
                // Into a scratch frame: a failed receive clears its frame, and `frame`
                // must keep the last one decoded when the file is shorter than asked.
                let result = avcodec_receive_frame(codec, received)
                if result == FFmpegResult.again { if ended { break reading }; break }
                if result == FFmpegResult.endOfStream { break reading }
                try check(result, "avcodec_receive_frame")
                av_frame_unref(frame)
                av_frame_move_ref(frame, received)
                have = true
                decoded += 1
                if decoded > frameIndex { break reading }
            }
        }
        guard have else { throw FFmpegError(function: "avcodec_receive_frame", code: 0, message: "no frame could be decoded from \(path)") }
        let sourceWidth = Int(frame.pointee.width), sourceHeight = Int(frame.pointee.height)
        let scale = min(Double(maxWidth) / Double(sourceWidth), Double(maxHeight) / Double(sourceHeight), 1)
        let width = max(1, Int((Double(sourceWidth) * scale).rounded())), height = max(1, Int((Double(sourceHeight) * scale).rounded()))
        guard let scaler = sws_getContext(Int32(sourceWidth), Int32(sourceHeight), AVPixelFormat(rawValue: frame.pointee.format),
                                          Int32(width), Int32(height), AV_PIX_FMT_RGBA, SWS_AREA, nil, nil, nil) else {
            throw FFmpegError(function: "sws_getContext", code: 0, message: "cannot scale the decoded frame")
        }
        defer { sws_freeContext(scaler) }
        if frame.pointee.colorspace == AVCOL_SPC_BT709 {
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            _ = sws_setColorspaceDetails(scaler, bt709, frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0, bt709, 1, 0, 1 << 16, 1 << 16)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let written = rgba.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var destinationStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            return frame.withPlanes { planes, strides in
                sws_scale(scaler, planes, strides, 0, Int32(sourceHeight), &destination, &destinationStride)
            }
        }
        if written < 0 { throw FFmpegError.from(written, "sws_scale") }
        return (rgba, width, height)
    }
}
