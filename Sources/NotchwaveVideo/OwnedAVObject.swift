internal import CFFmpeg

/// One FFmpeg object allocated by `allocate` and freed once by `free`, in `deinit`: the
/// reusable `AVPacket`s and buffer-less `AVFrame`s the readers and writers hold instead of
/// freeing by hand on each failure path of their initializers.
final class OwnedAVObject<Pointee> {
    let pointer: UnsafeMutablePointer<Pointee>
    private let free: (inout UnsafeMutablePointer<Pointee>?) -> Void

    /// Allocates the object; out of memory (named by `call`) when `allocate` returns nil.
    init(_ call: String, allocate: () -> UnsafeMutablePointer<Pointee>?,
         free: @escaping (inout UnsafeMutablePointer<Pointee>?) -> Void) throws(FFmpegError) {
        guard let object = allocate() else { throw FFmpegError.outOfMemory(call) }
        pointer = object
        self.free = free
    }

    deinit {
        var object: UnsafeMutablePointer<Pointee>? = pointer
        free(&object)
    }
}

/// One reusable `AVPacket`.
typealias OwnedPacket = OwnedAVObject<AVPacket>
/// One reusable `AVFrame` without buffers of its own (a decoder fills it).
typealias OwnedFrame = OwnedAVObject<AVFrame>

extension OwnedAVObject where Pointee == AVPacket {
    /// A packet from `av_packet_alloc`, freed by `av_packet_free`.
    convenience init() throws(FFmpegError) {
        try self.init("av_packet_alloc", allocate: { av_packet_alloc() }, free: { av_packet_free(&$0) })
    }
}

extension OwnedAVObject where Pointee == AVFrame {
    /// A frame from `av_frame_alloc`, freed by `av_frame_free`.
    convenience init() throws(FFmpegError) {
        try self.init("av_frame_alloc", allocate: { av_frame_alloc() }, free: { av_frame_free(&$0) })
    }
}
