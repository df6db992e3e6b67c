import BulletinFeatures
import TermView

// Where a record form's labels, fields and problems go, and how many rows each field gets.

extension RecordFormScreen {
    /// The first field drawn when not all fit in `room` rows: the focused field stays in view,
    /// and no room is left unused below the last field.
    /// - Parameters:
    ///   - heights: Each field's rows.
    ///   - gap: Blank rows between fields.
    nonisolated static func firstVisible(focus: Int, heights: [Int], gap: Int, room: Int) -> Int {
        func extent(_ range: ClosedRange<Int>) -> Int { heights[range].reduce(0, +) + gap * (range.count - 1) }
        guard heights.indices.contains(focus) else { return 0 }
        var first = 0
        while first < focus, extent(first...focus) > room { first += 1 }
        while first > 0, extent((first - 1)...(heights.count - 1)) <= room { first -= 1 }
        return first
    }

    /// Where the labels, fields and problems go, and how many rows each field has.
    ///
    /// Where the screen is too narrow for a field and its problem side by side (fewer than
    /// ``RecordFormScreen/minFieldWidth`` + ``RecordFormScreen/problemRoom`` columns after the
    /// labels), the fields take every column there is and a field's problem or note goes on a
    /// row of its own under it.
    struct Layout {
        let labelX: Int
        let labelWidth: Int
        let fieldX: Int
        let fieldWidth: Int
        let problemX: Int
        let maxX: Int
        let maxY: Int
        /// Whether problems go under their fields (a narrow screen) rather than beside them.
        let problemsBelow: Bool
        /// Rows of each field: 1 for one line, a body's rows for its text (capped).
        let heights: [Int]
        /// Rows under each field for its problem: 1 where ``problemsBelow`` and it has one, else 0.
        let problemRows: [Int]
        /// Blank rows between fields (1 when everything fits with them, else 0).
        let gap: Int
        /// Rows from the area's top to the first field.
        let top: Int
        /// The first field drawn.
        let first: Int

        /// - Parameter problems: Whether each field shows a problem or a note now.
        init(fields: [FormField], focus: Int, area: Rect, problems: [Bool] = []) {
            labelX = area.x + 3
            labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
            fieldX = labelX + labelWidth + 2
            let room = area.maxX - fieldX - 1
            problemsBelow = room < RecordFormScreen.minFieldWidth + RecordFormScreen.problemRoom
            if problemsBelow {
                fieldWidth = max(1, room)
            } else {
                let preferred = min(RecordFormScreen.maxFieldWidth, room - RecordFormScreen.problemRoom)
                fieldWidth = max(1, min(room, max(RecordFormScreen.minFieldWidth, preferred)))
            }
            problemX = problemsBelow ? fieldX : fieldX + fieldWidth + 2
            maxX = area.maxX
            maxY = area.maxY
            top = area.height > 3 ? 2 : 1
            let rows = max(1, area.height - top)
            let width = max(1, min(fieldWidth, max(0, area.maxX - fieldX)))
            let textRows = fields.map { field in field.area.map { TextArea.rowCount(of: $0, width: width) } ?? 1 }
            var heights = zip(fields, textRows).map { field, count in
                field.isMultiline ? min(RecordFormScreen.bodyMaxRows, max(RecordFormScreen.bodyMinRows, count)) : 1
            }
            let below = problemsBelow
            problemRows = fields.indices.map { below && problems.indices.contains($0) && problems[$0] ? 1 : 0 }
            let spare = rows - problemRows.reduce(0, +)
            // Too little room: bodies first give up their empty rows, then the gaps go, then
            // bodies shrink to one row (scrolling inside); past that the fields scroll.
            Self.shrink(&heights, to: spare - fields.count, floors: zip(heights, textRows).map { min($0, $1) })
            gap = heights.reduce(0, +) + fields.count <= spare ? 1 : 0
            if gap == 0 { Self.shrink(&heights, to: spare, floors: heights.map { _ in 1 }) }
            self.heights = heights
            first = RecordFormScreen.firstVisible(focus: focus, heights: zip(heights, problemRows).map(+), gap: gap, room: rows)
        }

        /// Lowers `heights` (not below `floors`), first to last, until they add up to `total` or
        /// reach their floors.
        private static func shrink(_ heights: inout [Int], to total: Int, floors: [Int]) {
            var excess = heights.reduce(0, +) - total
            for index in heights.indices where excess > 0 {
                let give = min(excess, heights[index] - floors[index])
                heights[index] -= give
                excess -= give
            }
        }

        /// The drawn width of every text field: ``fieldWidth``, cut at the area's right edge.
        var boxWidth: Int { min(fieldWidth, max(0, maxX - fieldX)) }
    }
}
