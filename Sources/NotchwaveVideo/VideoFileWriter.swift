internal import CFFmpeg

/// Encodes frames into a video file: one encoder, one muxer, one stream.
///
/// Frames are `VideoFrame`s made by `makeFrame()` (in the encoder's pixel format) and
/// written in order; `finish()` drains the encoder, writes the trailer and closes the
/// file. A writer released without `finish()` leaves an incomplete file that the caller
/// must delete. Used by one thread at a time.
public final class VideoFileWriter: @unchecked Sendable {
    private let encoder: VideoEncoder
    private let muxer: MediaMuxer
    private let ownedPacket: OwnedPacket
    private var packet: UnsafeMutablePointer<AVPacket> { ownedPacket.pointer }
    /// The settings it encodes with.
    public let settings: EncoderSettings
    /// Frames written so far.
    public private(set) var framesWritten = 0
    /// Bytes of encoded packets so far.
    public private(set) var encodedBytes = 0

    /// Opens `path` for writing with `container` and `encoder`.
    public init(path: String, container: ContainerSettings, encoder settings: EncoderSettings) throws(FFmpegError) {
        self.settings = settings
        muxer = try MediaMuxer(path: path, settings: container)
        encoder = try VideoEncoder(settings: settings, globalHeader: muxer.wantsGlobalHeader)
        ownedPacket = try OwnedPacket()
        try muxer.addStream(for: encoder)
        try muxer.writeHeader(options: container.options, metadata: container.metadata)
    }

    /// A new frame in the encoder's format, size and colour tags.
    public func makeFrame() throws(FFmpegError) -> VideoFrame {
        try VideoFrame(settings: settings)
    }

    /// Encodes `frame` as frame number `framesWritten` and muxes what comes out.
    public func write(_ frame: VideoFrame) throws(FFmpegError) {
        frame.presentationIndex = Int64(framesWritten)
        try encoder.send(frame)
        framesWritten += 1
        try drainPackets()
    }

    private func drainPackets() throws(FFmpegError) {
        while try encoder.receive(into: packet) {
            encodedBytes += Int(packet.pointee.size)
            try muxer.write(packet, timeBase: encoder.context.pointee.time_base)
        }
    }

    /// Drains the encoder, writes the trailer and closes the file.
    public func finish() throws(FFmpegError) {
        try encoder.send(nil)
        try drainPackets()
        try muxer.finish()
    }
}
