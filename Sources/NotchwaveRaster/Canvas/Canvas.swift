#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A premultiplied RGBA8 image in memory, rows top to bottom without padding.
///
/// A canvas owns its pixel memory. It is a reference type so that frames can be pooled
/// and reused; a canvas is used by one thread at a time.
public final class Canvas: @unchecked Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (`width * 4`).
    public let bytesPerRow: Int
    /// The pixels: premultiplied sRGB-encoded RGBA, 4 bytes each.
    public let pixels: UnsafeMutablePointer<UInt8>

    /// A canvas of `width` x `height` pixels, all transparent; memory that cannot be had
    /// stops the process (for small canvases and tests: frame buffers use `allocate`).
    public convenience init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "canvas size must be positive")
        guard let memory = Canvas.zeroedMemory(width: width, height: height) else {
            fatalError("out of memory for a \(width)x\(height) canvas")
        }
        self.init(width: width, height: height, pixels: memory)
    }

    /// A canvas of `width` x `height` pixels, all transparent, or an error when the
    /// memory cannot be had (a render under a memory limit ends with a message, not an
    /// abort).
    public static func allocate(width: Int, height: Int) throws(OutOfMemory) -> Canvas {
        precondition(width > 0 && height > 0, "canvas size must be positive")
        guard let memory = zeroedMemory(width: width, height: height) else {
            throw OutOfMemory(bytes: width * height * 4, purpose: "a \(width)x\(height) frame")
        }
        return Canvas(width: width, height: height, pixels: memory)
    }

    private init(width: Int, height: Int, pixels: UnsafeMutablePointer<UInt8>) {
        self.width = width
        self.height = height
        bytesPerRow = width * 4
        self.pixels = pixels
    }

    /// Zeroed memory for the pixels (calloc: the kernel's zero pages for large ones).
    private static func zeroedMemory(width: Int, height: Int) -> UnsafeMutablePointer<UInt8>? {
        let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
        guard !overflow, let raw = calloc(count, 1) else { return nil }
        return raw.bindMemory(to: UInt8.self, capacity: count)
    }

    deinit { free(pixels) }

    /// Byte count of the whole image.
    public var byteCount: Int { bytesPerRow * height }

    /// The first byte of row `y`.
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { pixels + y * bytesPerRow }

    /// The premultiplied pixel at `(x, y)`.
    public func pixel(x: Int, y: Int) -> PremultipliedRGBA8 {
        let p = row(y) + x * 4
        return PremultipliedRGBA8(r: p[0], g: p[1], b: p[2], a: p[3])
    }

    /// Sets every pixel of rows `rows` to `color`.
    public func fill(_ color: PremultipliedRGBA8, rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let words = UnsafeMutableRawPointer(row(rows.lowerBound)).assumingMemoryBound(to: UInt32.self)
        words.fillPixels(color.packed, count: rows.count * width)
    }

    /// Writes rows `rows` as straight (un-premultiplied) RGBA8 into `destination`, which
    /// has room for `rows.count * width * 4` bytes.
    ///
    /// Opaque pixels (alpha 255) and all-zero ones are already straight and are copied as
    /// they are, eight at a time where each of the eight is one or the other (most of a
    /// frame: solid fills and empty space); the others go through
    /// `PremultipliedRGBA8.straight` one by one.
    public func exportStraight(rows: Range<Int>, into destination: UnsafeMutablePointer<UInt8>) {
        let count = rows.count * width
        guard count > 0 else { return }
        let src = UnsafeRawPointer(row(rows.lowerBound))
        let dst = UnsafeMutableRawPointer(destination)
        @inline(__always) func straight(_ word: UInt32) -> UInt32 {
            word >> 24 == 255 || word == 0 ? word : PremultipliedRGBA8(packed: word).straight.packedStraight
        }
        let opaque = SIMD8<UInt32>(repeating: 255), zero = SIMD8<UInt32>()
        var i = 0
        while i + 8 <= count {
            let words = src.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<UInt32>.self)
            if all((words &>> 24 .== opaque) .| (words .== zero)) {
                dst.storeBytes(of: words, toByteOffset: 4 * i, as: SIMD8<UInt32>.self)
            } else {
                for k in i..<(i + 8) {
                    dst.storeBytes(of: straight(src.loadUnaligned(fromByteOffset: 4 * k, as: UInt32.self)), toByteOffset: 4 * k, as: UInt32.self)
                }
            }
            i += 8
        }
        while i < count {
            dst.storeBytes(of: straight(src.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)), toByteOffset: 4 * i, as: UInt32.self)
            i += 1
        }
    }

    /// The whole image as straight RGBA8 bytes.
    public func straightBytes() -> [UInt8] {
        // Every byte is written by the export: no zeroing first.
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            exportStraight(rows: 0..<height, into: buffer.baseAddress!)
            count = byteCount
        }
    }
}

extension RGBA8 {
    /// The straight colour's bytes as a packed word, not premultiplied.
    var packedStraight: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }
}
