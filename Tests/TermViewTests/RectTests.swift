import Testing
@testable import TermView

@Suite("Rect")
struct RectTests {
    @Test("negative sizes become zero and isEmpty reports it")
    func negativeSizes() {
        let rect = Rect(x: 1, y: 2, width: -3, height: 4)
        #expect(rect.width == 0)
        #expect(rect.isEmpty)
        #expect(rect.maxX == 1 && rect.maxY == 6)
    }

    @Test("inset shrinks every side and never goes negative")
    func inset() {
        #expect(Rect(x: 0, y: 0, width: 10, height: 5).inset(by: 1) == Rect(x: 1, y: 1, width: 8, height: 3))
        #expect(Rect(x: 0, y: 0, width: 3, height: 3).inset(by: 2).isEmpty)
        #expect(Rect(x: 0, y: 0, width: 3, height: 3).inset(by: 2).width == 0)
    }

    @Test("splitTop and splitBottom take rows and clamp to the height")
    func splits() {
        let rect = Rect(x: 2, y: 1, width: 10, height: 5)
        let (top, rest) = rect.splitTop(2)
        #expect(top == Rect(x: 2, y: 1, width: 10, height: 2))
        #expect(rest == Rect(x: 2, y: 3, width: 10, height: 3))
        let (above, bottom) = rect.splitBottom(1)
        #expect(above == Rect(x: 2, y: 1, width: 10, height: 4))
        #expect(bottom == Rect(x: 2, y: 5, width: 10, height: 1))
        #expect(rect.splitTop(99).rest.isEmpty)
        #expect(rect.splitTop(99).top == rect)
        #expect(rect.splitBottom(-4).bottom.height == 0)
        #expect(rect.splitBottom(-4).rest == rect)
    }

    @Test("splitLeft and intersection clip columns")
    func columns() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 2)
        #expect(rect.splitLeft(4).left == Rect(x: 0, y: 0, width: 4, height: 2))
        #expect(rect.splitLeft(4).rest == Rect(x: 4, y: 0, width: 6, height: 2))
        #expect(rect.intersection(Rect(x: 8, y: 1, width: 5, height: 5)) == Rect(x: 8, y: 1, width: 2, height: 1))
        #expect(rect.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
    }
}
