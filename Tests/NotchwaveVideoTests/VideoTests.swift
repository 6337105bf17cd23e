import Foundation
import Testing
import NotchwaveVideo
import TestSupport

@Suite("FFmpeg wrappers")
struct VideoTests {
    /// Four flat colours as straight RGBA rows.
    func solidImage(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = rgba.0; bytes[i + 1] = rgba.1; bytes[i + 2] = rgba.2; bytes[i + 3] = rgba.3
        }
        return bytes
    }

    @Test("RGB to YUV uses BT.709 and limited range", arguments: [
        ((255, 255, 255), 235, 128, 128), ((0, 0, 0), 16, 128, 128),
        ((255, 0, 0), 63, 102, 240), ((0, 0, 255), 32, 240, 118),
    ])
    func bt709(rgb: (Int, Int, Int), y: Int, u: Int, v: Int) throws {
        let writer = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                         encoder: EncoderSettings(encoderName: "rawvideo", pixelFormat: .yuv420p, width: 16, height: 16, fps: 25))
        let frame = try writer.makeFrame()
        let converter = try PixelConverter(width: 16, height: 16, format: .yuv420p)
        let image = solidImage(width: 16, height: 16, (UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255))
        try image.withUnsafeBufferPointer { try converter.convert(rows: 0..<16, firstRow: $0.baseAddress!, bytesPerRow: 64, into: frame) }
        let (luma, _) = frame.plane(0), (cb, _) = frame.plane(1), (cr, _) = frame.plane(2)
        #expect(abs(Int(luma![8]) - y) <= 1)
        #expect(abs(Int(cb![4]) - u) <= 1)
        #expect(abs(Int(cr![4]) - v) <= 1)
    }

    /// A frame of `format` from a null writer (nothing is written).
    func scratchFrame(width: Int, height: Int, format: VideoPixelFormat = .yuv420p) throws -> VideoFrame {
        let writer = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                         encoder: EncoderSettings(encoderName: "rawvideo", pixelFormat: format, width: width, height: height, fps: 25))
        return try writer.makeFrame()
    }

    @Test("yuv420p samples are BT.709's closed form of each pixel and of each 2x2 mean, rounded to the nearest", arguments: [(22, 6), (8, 2), (2, 4), (38, 10)])
    func yuv420ClosedForm(width: Int, height: Int) throws {
        var generator = SystemRandomNumberGenerator()
        var image = [UInt8](repeating: 0, count: width * height * 4)
        for i in image.indices { image[i] = UInt8.random(in: 0...255, using: &generator) }
        for baselineOnly in [false, true] {
            try expectClosedForm(image, width: width, height: height, stride: width * 4, baselineOnly: baselineOnly)
        }
    }

    /// Flat pictures (`flatPicture`) with either kernel: the groups whose bytes are reused
    /// hold BT.709's closed form as every other group does.
    @Test("yuv420p on flat colour: BT.709's closed form, with and without the AVX2 kernel", arguments: [(64, 8, 5), (1124, 20, 6), (38, 10, 7)])
    func yuv420ClosedFormFlat(width: Int, height: Int, seed: Int) throws {
        let stride = width * 4 + 12
        let image = flatPicture(width: width, height: height, stride: stride, seed: seed)
        for baselineOnly in [false, true] {
            try expectClosedForm(image, width: width, height: height, stride: stride, baselineOnly: baselineOnly)
        }
    }

    /// `image` (`stride` bytes a row) converted whole: each luma sample within rounding of
    /// BT.709's closed form of its pixel, each chroma sample of its 2x2 mean (in `Double`;
    /// values within 1e-3 of a half are not checked, Float's rounding may take either side).
    func expectClosedForm(_ image: [UInt8], width: Int, height: Int, stride: Int, baselineOnly: Bool) throws {
        let frame = try scratchFrame(width: width, height: height)
        let converter = try PixelConverter(width: width, height: height, format: .yuv420p, baselineOnly: baselineOnly)
        try image.withUnsafeBufferPointer { try converter.convert(rows: 0..<height, firstRow: $0.baseAddress!, bytesPerRow: stride, into: frame) }
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        func pixel(_ x: Int, _ y: Int) -> (Double, Double, Double) {
            let i = y * stride + x * 4
            return (Double(image[i]), Double(image[i + 1]), Double(image[i + 2]))
        }
        /// The rounded value, or nil when `v` lies so close to a half that Float's
        /// rounding may take either side.
        func rounded(_ v: Double) -> Int? {
            abs(v - v.rounded(.down) - 0.5) < 1e-3 ? nil : Int(v.rounded())
        }
        let (luma, lumaStride) = frame.plane(0), (cb, cbStride) = frame.plane(1), (cr, crStride) = frame.plane(2)
        var checked = 0
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                if let expected = rounded(16 + 219.0 / 255 * (kr * r + kg * g + kb * b)) {
                    #expect(Int(luma![y * lumaStride + x]) == expected, "Y at \(x),\(y)")
                    checked += 1
                }
            }
        }
        for y in 0..<(height / 2) {
            for x in 0..<(width / 2) {
                var (r, g, b) = (0.0, 0.0, 0.0)
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = pixel(2 * x + dx, 2 * y + dy)
                    r += p.0 / 4; g += p.1 / 4; b += p.2 / 4
                }
                let yPrime = kr * r + kg * g + kb * b
                if let u = rounded(128 + 224.0 / 255 * (b - yPrime) / (2 * (1 - kb))) {
                    #expect(Int(cb![y * cbStride + x]) == u, "Cb at \(x),\(y)")
                }
                if let v = rounded(128 + 224.0 / 255 * (r - yPrime) / (2 * (1 - kr))) {
                    #expect(Int(cr![y * crStride + x]) == v, "Cr at \(x),\(y)")
                }
            }
        }
        #expect(checked > width * height * 9 / 10)
    }

    /// Random pictures of every width remainder after the kernel's groups of sixteen (and
    /// below sixteen), rows 36 bytes longer than their pixels, converted in two bands
    /// (rows 0..<2, then the rest); and 4096 x 4096: every 24-bit colour once. Runs where
    /// the CPU has AVX2 (elsewhere both converters are the Swift loop).
    @Test("yuv420p's AVX2 kernel writes the bytes of the Swift kernel", .enabled(if: PixelConverter.hasAVX2Kernel),
          arguments: [(16, 2), (18, 2), (20, 4), (22, 2), (24, 2), (26, 4), (28, 2), (30, 4), (48, 6), (1126, 4), (4096, 4096)])
    func yuv420WideKernel(width: Int, height: Int) throws {
        var generator = SplitMix64(seed: UInt64(width * 7919 + height))
        let stride = width * 4 + 36
        var image = [UInt8](repeating: 0, count: stride * height)
        if width == 4096 {
            // Red along x, green along y, blue from the 16 x 16 tile: every colour once, so
            // every luma value (and with it any rounding that differs) is met.
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * stride + x * 4
                    image[i] = UInt8(x & 255); image[i + 1] = UInt8(y & 255); image[i + 2] = UInt8(x >> 8 | (y >> 8) << 4)
                }
            }
        } else {
            // Random bytes (the rows' padding too), with runs of the extremes (0 and 255
            // in every channel) and of one channel alone.
            for i in image.indices { image[i] = UInt8.random(in: 0...255, using: &generator) }
            for pixel in 0..<(width * height) where pixel % 7 < 3 {
                let value: UInt8 = pixel % 7 == 0 ? 0 : 255
                let i = pixel / width * stride + pixel % width * 4
                for c in 0..<3 { image[i + c] = pixel % 7 == 2 && c != pixel % 3 ? 0 : value }
            }
        }
        try expectWideKernelMatchesBaseline(image, width: width, height: height, stride: stride)
    }

    /// Pictures of flat colour with nearly flat blocks (`flatPicture`), with a padded row
    /// stride: the AVX2 kernel's reused blocks must give the Swift loop's bytes and must
    /// not be reused for a block that only nearly matches (`yuv420ClosedFormFlat` checks
    /// both kernels against the closed form).
    @Test("yuv420p's AVX2 kernel on flat colour: the Swift kernel's bytes", .enabled(if: PixelConverter.hasAVX2Kernel),
          arguments: [(64, 8, 1), (1126, 64, 2), (1124, 130, 3), (4096, 16, 4)])
    func yuv420WideKernelFlat(width: Int, height: Int, seed: Int) throws {
        let stride = width * 4 + 12
        let image = flatPicture(width: width, height: height, stride: stride, seed: seed)
        try expectWideKernelMatchesBaseline(image, width: width, height: height, stride: stride)
    }

    /// A picture of flat colour, `stride` bytes a row, as whole-screen scenes are: runs of 1
    /// to 80 pixels of five colours that recur, row pairs alike, and now and then a pixel
    /// nearly like its neighbours, in either row, anywhere or in a block of sixteen's last
    /// column or at the start of its second half: R, G or B off by 64 (enough to change its
    /// luma byte, so a group given a flat one's bytes is wrong) or, a quarter of the time,
    /// alpha alone off by one (the same bytes either way).
    func flatPicture(width: Int, height: Int, stride: Int, seed: Int) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(seed))
        let palette: [UInt32] = (0..<5).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) | 0xFF00_0000 }
        var image = [UInt8](repeating: 0, count: stride * height)
        func set(_ x: Int, _ y: Int, _ pixel: UInt32) {
            for c in 0..<4 { image[y * stride + x * 4 + c] = UInt8(truncatingIfNeeded: pixel >> (8 * UInt32(c))) }
        }
        func get(_ x: Int, _ y: Int) -> UInt32 {
            (0..<4).reduce(0) { $0 | UInt32(image[y * stride + x * 4 + $1]) << (8 * UInt32($1)) }
        }
        for pair in 0..<(height / 2) {
            var x = 0
            while x < width {
                let run = Int.random(in: 1...80, using: &generator), colour = palette.randomElement(using: &generator)!
                for k in x..<min(width, x + run) { set(k, 2 * pair, colour); set(k, 2 * pair + 1, colour) }
                x += run
            }
            for _ in 0..<(width / 24) {
                let x = [Int.random(in: 0..<width, using: &generator), (Int.random(in: 0..<(width / 16), using: &generator) * 16 + 15),
                         Int.random(in: 0..<(width / 16), using: &generator) * 16 + 8].randomElement(using: &generator)!
                let y = 2 * pair + Int.random(in: 0...1, using: &generator), channel = UInt32.random(in: 0...3, using: &generator)
                set(x, y, get(x, y) ^ ((channel == 3 ? 1 : 0x40) << (8 * channel)))
            }
        }
        return image
    }

    /// `image` (`stride` bytes a row) converted by the AVX2 kernel with the Swift loop
    /// beside it, and by the Swift loop alone, in two bands (rows 0..<2, then the rest):
    /// every sample of every plane the same.
    func expectWideKernelMatchesBaseline(_ image: [UInt8], width: Int, height: Int, stride: Int) throws {
        let wide = try scratchFrame(width: width, height: height), baseline = try scratchFrame(width: width, height: height)
        for (frame, baselineOnly) in [(wide, false), (baseline, true)] {
            let converter = try PixelConverter(width: width, height: height, format: .yuv420p, baselineOnly: baselineOnly)
            for band in [0..<2, 2..<height] where !band.isEmpty {
                try image.withUnsafeBufferPointer {
                    try converter.convert(rows: band, firstRow: $0.baseAddress! + band.lowerBound * stride, bytesPerRow: stride, into: frame)
                }
            }
        }
        for plane in 0..<3 {
            let (a, strideA) = wide.plane(plane), (b, strideB) = baseline.plane(plane)
            let (w, h) = plane == 0 ? (width, height) : (width / 2, height / 2)
            var differing = 0
            for y in 0..<h {
                for x in 0..<w where a![y * strideA + x] != b![y * strideB + x] { differing += 1 }
            }
            #expect(differing == 0, "plane \(plane): \(differing) samples differ")
        }
    }

    @Test("yuva420p: yuv420p's planes, and the alpha bytes as they are (libswscale's within 1)")
    func yuva420p() throws {
        let width = 38, height = 10
        var generator = SplitMix64(seed: 420)
        var image = [UInt8](repeating: 0, count: width * height * 4)
        for i in image.indices { image[i] = UInt8.random(in: 0...255, using: &generator) }
        let withAlpha = try scratchFrame(width: width, height: height, format: .yuva420p)
        let opaque = try scratchFrame(width: width, height: height)
        let swscale = try scratchFrame(width: width, height: height, format: .yuva420p)
        for (frame, format, reference) in [(withAlpha, VideoPixelFormat.yuva420p, false), (opaque, .yuv420p, false), (swscale, .yuva420p, true)] {
            let converter = try PixelConverter(width: width, height: height, format: format, alwaysSwscale: reference)
            try image.withUnsafeBufferPointer { try converter.convert(rows: 0..<height, firstRow: $0.baseAddress!, bytesPerRow: width * 4, into: frame) }
        }
        var fromSwscale = 0
        for plane in 0..<4 {
            let (a, strideA) = withAlpha.plane(plane)
            let (w, h) = plane == 1 || plane == 2 ? (width / 2, height / 2) : (width, height)
            var differing = 0
            for y in 0..<h {
                for x in 0..<w {
                    let value = a![y * strideA + x]
                    if plane < 3 {
                        let (b, strideB) = opaque.plane(plane)
                        if value != b![y * strideB + x] { differing += 1 }
                    } else {
                        if value != image[(y * width + x) * 4 + 3] { differing += 1 }
                        let (c, strideC) = swscale.plane(3)
                        fromSwscale = max(fromSwscale, abs(Int(value) - Int(c![y * strideC + x])))
                    }
                }
            }
            #expect(differing == 0, "plane \(plane): \(differing) samples differ")
        }
        // libswscale's alpha path rounds through its own fixed point: within 1.
        #expect(fromSwscale <= 1, "alpha: up to \(fromSwscale) from libswscale's")
    }

    @Test("yuv420p agrees with libswscale's conversion on a smooth picture")
    func yuv420AgainstSwscale() throws {
        let width = 64, height = 32
        var image = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                image[i] = UInt8(4 * x); image[i + 1] = UInt8(8 * y); image[i + 2] = UInt8(255 - 2 * x - 3 * y)
            }
        }
        let ours = try scratchFrame(width: width, height: height), theirs = try scratchFrame(width: width, height: height)
        for (frame, swscale) in [(ours, false), (theirs, true)] {
            let converter = try PixelConverter(width: width, height: height, format: .yuv420p, alwaysSwscale: swscale)
            try image.withUnsafeBufferPointer { try converter.convert(rows: 0..<height, firstRow: $0.baseAddress!, bytesPerRow: width * 4, into: frame) }
        }
        for plane in 0..<3 {
            let (a, strideA) = ours.plane(plane), (b, strideB) = theirs.plane(plane)
            let (w, h) = plane == 0 ? (width, height) : (width / 2, height / 2)
            var worst = 0
            // Away from the picture's edges, where swscale's bicubic chroma filter runs out of pixels.
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) { worst = max(worst, abs(Int(a![y * strideA + x]) - Int(b![y * strideB + x]))) }
            }
            #expect(worst <= 1, "plane \(plane): \(worst)")
        }
    }

    @Test("converting a band of rows leaves the other rows alone")
    func bandConversion() throws {
        let writer = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                         encoder: EncoderSettings(encoderName: "rawvideo", pixelFormat: .yuv420p, width: 16, height: 16, fps: 25))
        let frame = try writer.makeFrame()
        let converter = try PixelConverter(width: 16, height: 16, format: .yuv420p)
        let black = solidImage(width: 16, height: 16, (0, 0, 0, 255))
        try black.withUnsafeBufferPointer { try converter.convert(rows: 0..<16, firstRow: $0.baseAddress!, bytesPerRow: 64, into: frame) }
        let white = solidImage(width: 16, height: 16, (255, 255, 255, 255))
        // Rows 3..<5 widen to 2..<6 (chroma pairs).
        #expect(converter.alignedRows(3..<5) == 2..<6)
        try white.withUnsafeBufferPointer { try converter.convert(rows: 2..<6, firstRow: $0.baseAddress! + 2 * 64, bytesPerRow: 64, into: frame) }
        let (luma, stride) = frame.plane(0)
        for y in 0..<16 {
            let expected = (2..<6).contains(y) ? 235 : 16
            #expect(abs(Int(luma![y * stride + 3]) - expected) <= 1, "row \(y)")
        }
    }

    @Test("a missing encoder is a clear error, not a crash")
    func missingEncoder() {
        do {
            _ = try VideoFileWriter(path: "/dev/null", container: ContainerSettings(formatName: "null"),
                                    encoder: EncoderSettings(encoderName: "libnotthere", pixelFormat: .yuv420p, width: 16, height: 16, fps: 25))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("no libnotthere encoder"))
        }
    }

    @Test("PNG encoding round-trips exactly")
    func png() throws {
        var image = [UInt8](repeating: 0, count: 7 * 5 * 4)
        for i in image.indices { image[i] = UInt8((i * 37) % 256) }
        let bytes = try image.withUnsafeBufferPointer { try PNGEncoder.encode(rgba: $0.baseAddress!, width: 7, height: 5, bytesPerRow: 28) }
        let dir = TemporaryDirectory()
        let path = dir.file("t.png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(try MediaProbe.decodePNG(path, width: 7, height: 5) == image)
    }

    @Test("a thumbnail past the end of a file is its last frame")
    func thumbnailPastTheEnd() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("three.mov")
        let settings = EncoderSettings(encoderName: "png", pixelFormat: .rgba, width: 8, height: 8, fps: 10, tagsBT709: false)
        let writer = try VideoFileWriter(path: path, container: ContainerSettings(formatName: "mov"), encoder: settings)
        let converter = try PixelConverter(width: 8, height: 8, format: .rgba)
        for grey in [UInt8(40), 120, 200] {
            let frame = try writer.makeFrame()
            let image = solidImage(width: 8, height: 8, (grey, grey, grey, 255))
            try image.withUnsafeBufferPointer { try converter.convert(rows: 0..<8, firstRow: $0.baseAddress!, bytesPerRow: 32, into: frame) }
            try writer.write(frame)
        }
        try writer.finish()
        let last = try FrameDecoder.thumbnail(path: path, frameIndex: 2, maxWidth: 8, maxHeight: 8)
        let beyond = try FrameDecoder.thumbnail(path: path, frameIndex: 50, maxWidth: 8, maxHeight: 8)
        #expect(last.rgba[0] == 200)
        #expect(beyond.rgba == last.rgba)
    }

    @Test("a file whose best stream is not video is a typed error about the file, many times over (each owner frees once)")
    func pictureReaderWithoutVideo() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("tone.m4a")
        let made = try CommandRunner.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=d=0.3", path])
        #expect(made.status == 0, "\(made.stderr)")
        for _ in 0..<20 {
            do {
                _ = try PictureReader(path: path)
                Issue.record("an audio file opened as pictures")
            } catch {
                #expect(error.isAboutTheFile)
                #expect(error.description == "\(path) has no picture or video stream (it holds audio)")
            }
        }
        // A still opens, decodes and converts.
        let png = dir.file("red.png")
        _ = try CommandRunner.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=4x2,format=rgb24", "-frames:v", "1", png])
        let reader = try PictureReader(path: png)
        #expect(reader.isStill && reader.width == 4 && reader.height == 2)
        #expect(try reader.nextTime() == 0)
        reader.advance()
        var rgba = [UInt8](repeating: 0, count: 4 * 2 * 4)
        try rgba.withUnsafeMutableBufferPointer { try reader.convertCurrent(width: 4, height: 2, into: $0.baseAddress!, bytesPerRow: 16) }
        #expect(Array(rgba[0..<4]) == [255, 0, 0, 255])
    }
}
