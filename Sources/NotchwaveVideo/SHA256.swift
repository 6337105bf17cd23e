internal import CFFmpeg

/// SHA-256 (FIPS 180-4) through libavutil's `av_sha`, for manifests: file digests and
/// parameter hashes. One hasher per digest; `finalizeHex` ends it (and starts it over).
public final class SHA256 {
    /// The `AVSHA` context, in memory of libavutil's published size `av_sha_size`.
    private let context: OpaquePointer

    /// An empty digest.
    public init() {
        context = OpaquePointer(UnsafeMutableRawPointer.allocate(byteCount: Int(av_sha_size), alignment: 16))
        av_sha_init(context, 256)
    }

    deinit { UnsafeMutableRawPointer(context).deallocate() }

    /// The hex digest of `bytes`.
    public static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalizeHex()
    }

    /// The hex digest of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    /// Adds bytes.
    public func update<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update($0) }
        }
    }

    /// Adds the bytes at `raw`.
    public func update(_ raw: UnsafeRawBufferPointer) {
        guard let base = raw.baseAddress, raw.count > 0 else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), raw.count)
    }

    /// The digest as 64 lowercase hex digits; the hasher then starts over, empty.
    public func finalizeHex() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { av_sha_final(context, $0.baseAddress) }
        av_sha_init(context, 256)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
