internal import CFFmpeg

/// One reusable `AVPacket`, owned by this object and freed once, in `deinit`: writers hold
/// one instead of freeing by hand on each failure path of their initializers.
final class OwnedPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws(FFmpegError) {
        guard let packet = av_packet_alloc() else { throw FFmpegError.outOfMemory("av_packet_alloc") }
        pointer = packet
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&p)
    }
}
