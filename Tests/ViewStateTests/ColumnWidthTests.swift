import Testing

@testable import ViewState

/// `ColumnWidth.layout`: columns as wide as their values when they fit; when not, the narrow
/// ones whole and the wide ones cut to one level (issue 21).
@Suite struct ColumnWidthTests {
    static let text = ColumnWidth(min: 10, max: 400)

    @Test("every column fits: each is as wide as its widest value, the rest of the row stays blank")
    func fits() {
        #expect(ColumnWidth.layout([ColumnWidth(min: 4, max: 12), Self.text], natural: [4, 30], total: 80) == [4, 30])
    }

    @Test("13-character names beside long descriptions: the names stay whole at 120, 80 and 40 columns")
    func narrowColumnKeepsItsValues() {
        for total in [118, 78, 38] {
            let widths = ColumnWidth.layout([ColumnWidth(min: 8, max: 40), Self.text], natural: [13, 300], total: total)
            #expect(widths == [13, total - 13], "\(total)")
        }
    }

    @Test("two wide columns are cut alike, never below their minimum, the narrow one whole")
    func wideColumnsShareTheRest() {
        let widths = ColumnWidth.layout([ColumnWidth(min: 4, max: 12), Self.text, Self.text], natural: [4, 86, 38], total: 70)
        #expect(widths == [4, 33, 33])
        #expect(ColumnWidth.layout([Self.text, Self.text], natural: [50, 50], total: 15) == [10, 5], "minimums left to right")
    }

    @Test("nothing measured yet: each column asks for its maximum")
    func unmeasured() {
        #expect(ColumnWidth(min: 5, max: 9).demand(natural: nil) == 9)
        #expect(ColumnWidth(min: 5, max: 9).demand(natural: 2) == 5)
    }
}
