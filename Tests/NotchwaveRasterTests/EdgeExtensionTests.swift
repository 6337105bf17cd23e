import Testing
import NotchwaveRaster

/// `Canvas.extendEdges`: the one column and row after the picture repeat its edge,
/// nothing beyond them changes, and a slice of rows extends what it holds.
@Suite("Edge extension")
struct EdgeExtensionTests {
    /// A 5 x 4 canvas whose pixel (x, y) holds the bytes (x, y, 7, 255), every byte outside
    /// the 3 x 2 picture set to 99.
    func canvas(height: Int = 4) -> Canvas {
        let c = Canvas(width: 5, height: height)
        for y in 0..<height {
            for x in 0..<5 {
                let p = c.row(y) + x * 4
                let inside = x < 3 && y < 2
                (p[0], p[1], p[2], p[3]) = inside ? (UInt8(x), UInt8(y), 7, 255) : (99, 99, 99, 99)
            }
        }
        return c
    }

    func bytes(_ c: Canvas, _ x: Int, _ y: Int) -> [UInt8] { let p = c.row(y) + x * 4; return [p[0], p[1], p[2], p[3]] }

    @Test("column 3 repeats column 2, row 2 repeats row 1 (corner included); column 4 and row 3 keep their bytes")
    func whole() {
        let c = canvas()
        c.extendEdges(pictureWidth: 3, pictureHeight: 2)
        #expect(bytes(c, 3, 0) == [2, 0, 7, 255])
        #expect(bytes(c, 3, 1) == [2, 1, 7, 255])
        #expect(bytes(c, 0, 2) == [0, 1, 7, 255])
        #expect(bytes(c, 2, 2) == [2, 1, 7, 255])
        #expect(bytes(c, 3, 2) == [2, 1, 7, 255])
        for y in 0..<4 { #expect(bytes(c, 4, y) == [99, 99, 99, 99]) }
        for x in 0..<5 { #expect(bytes(c, x, 3) == [99, 99, 99, 99]) }
        // The picture itself is untouched.
        #expect(bytes(c, 2, 0) == [2, 0, 7, 255])
    }

    @Test("a slice holding picture rows 1-2 extends row 2 from row 1; one holding only row 2 leaves it")
    func slices() {
        let both = canvas(height: 2)  // its rows are picture rows 1 and 2
        both.extendEdges(pictureWidth: 3, pictureHeight: 2, originY: 1)
        #expect(bytes(both, 1, 1) == bytes(both, 1, 0))
        let alone = canvas(height: 1)  // picture row 2 only: its source row is elsewhere
        let before = bytes(alone, 1, 0)
        alone.extendEdges(pictureWidth: 3, pictureHeight: 2, originY: 2)
        #expect(bytes(alone, 1, 0) == before)
        #expect(bytes(alone, 3, 0) == bytes(alone, 2, 0))
    }

    @Test("a picture as large as the canvas is left alone")
    func noPadding() {
        let c = canvas()
        let before = (0..<4).flatMap { y in (0..<5).flatMap { x in bytes(c, x, y) } }
        c.extendEdges(pictureWidth: 5, pictureHeight: 4)
        #expect((0..<4).flatMap { y in (0..<5).flatMap { x in bytes(c, x, y) } } == before)
    }
}
