internal import CFFmpeg

/// The one place that reads an `AVFrame`'s plane arrays (C arrays Swift imports as
/// tuples) and copies rows into them.
extension UnsafeMutablePointer where Pointee == AVFrame {
    /// Plane `i`'s data pointer and stride in bytes.
    func plane(_ i: Int) -> (UnsafeMutablePointer<UInt8>?, Int) {
        withPlanes { data, strides in (data[i].map { UnsafeMutablePointer<UInt8>(mutating: $0) }, Int(strides[i])) }
    }

    /// Runs `body` with the frame's plane pointers and strides as the C arrays libswscale
    /// takes (`AV_NUM_DATA_POINTERS` entries each).
    func withPlanes<T, E: Error>(_ body: (UnsafePointer<UnsafePointer<UInt8>?>, UnsafePointer<Int32>) throws(E) -> T) throws(E) -> T {
        let data = pointee.data, linesize = pointee.linesize
        return try withUnsafePointer(to: data) { (data) throws(E) -> T in
            try withUnsafePointer(to: linesize) { (lines) throws(E) -> T in
                let planes = UnsafeRawPointer(data).assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                let strides = UnsafeRawPointer(lines).assumingMemoryBound(to: Int32.self)
                return try body(planes, strides)
            }
        }
    }

    /// Copies `rows` rows of `byteWidth` bytes, `sourceStride` apart from `source`, into
    /// plane `plane` from row `firstRow` on, with `av_image_copy_plane`.
    func copyRows(into plane: Int, firstRow: Int = 0, from source: UnsafePointer<UInt8>, sourceStride: Int,
                  byteWidth: Int, rows: Int) throws(FFmpegError) {
        let (data, stride) = self.plane(plane)
        guard let data else { throw FFmpegError(function: "av_frame_get_buffer", code: 0, message: "no picture buffer") }
        guard let sourceLine = Int32(exactly: sourceStride), let line = Int32(exactly: stride),
              let width = Int32(exactly: byteWidth), let height = Int32(exactly: rows), width <= line else {
            throw FFmpegError(function: "av_image_copy_plane", code: 0, message: "rows of \(byteWidth) bytes do not fit the frame")
        }
        av_image_copy_plane(data + firstRow * stride, line, source, sourceLine, width, height)
    }
}
