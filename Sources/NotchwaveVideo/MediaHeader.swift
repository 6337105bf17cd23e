import Foundation

/// What the first bytes of a media file say, for messages when FFmpeg refuses it: a
/// PNG's or JPEG's picture size (FFmpeg refuses pictures past its size limit before it
/// reports any size), and whether the file is an ISO media file (MP4, MOV), whose index
/// (the `moov` box) a recording cut short before it was finished lacks.
struct MediaHeader {
    /// The picture size a PNG's IHDR or a JPEG's frame header gives.
    var pictureSize: (width: Int, height: Int)?
    /// True when the file starts with an ISO media `ftyp` box.
    var isISOMedia = false

    /// The header of the file at `path` (its first 64 KB are read); empty when it cannot
    /// be read.
    init(path: String) {
        var bytes: [UInt8] = []
        if let handle = FileHandle(forReadingAtPath: path) {
            bytes = (try? handle.read(upToCount: 65536)).map { [UInt8]($0) } ?? []
            try? handle.close()
        }
        self.init(bytes: bytes)
    }

    /// The header in `bytes`, the start of a file.
    init(bytes b: [UInt8]) {
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        if b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), b[12..<16].elementsEqual("IHDR".utf8) {
            pictureSize = (be32(16), be32(20))
        } else if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            // JPEG: markers from offset 2; a start-of-frame (C0-CF but C4, C8, CC) holds
            // the height and the width.
            var i = 2
            while i + 9 < b.count, b[i] == 0xFF {
                let marker = b[i + 1]
                if marker == 0xFF { i += 1; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                    pictureSize = (be16(i + 7), be16(i + 5))
                    break
                }
                guard length >= 2 else { break }
                i += 2 + length
            }
        }
        isISOMedia = b.count >= 8 && b[4..<8].elementsEqual("ftyp".utf8)
    }

    /// FFmpeg's picture size limit (`av_image_check_size`): `(w + 128) × (h + 128)` under
    /// `INT_MAX / 8`, about 268 million pixels with the margins (16255 × 16255 square).
    static func decodable(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && (width + 128) * (height + 128) < Int(Int32.max) / 8
    }

    /// A sentence for a picture FFmpeg refused for its size, if that is why.
    func tooLarge(_ path: String) -> String? {
        guard let (w, h) = pictureSize, !MediaHeader.decodable(width: w, height: h) else { return nil }
        return "\(path) is too large to decode: \(w)x\(h) px (FFmpeg decodes pictures of up to about 268 million pixels, 16255x16255 for a square); scale it down"
    }
}
