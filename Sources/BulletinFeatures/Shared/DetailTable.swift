/// A small table a detail screen draws from its view model, such as a meal's ingredients with
/// their measures: a title, column headings and rows of text, one cell per column.
public struct DetailTable: Hashable, Sendable {
    /// The heading above the table, without a count (`Ingredients`).
    public var title: String
    /// The column headings, left to right (`Ingredient`, `Measure`).
    public var columns: [String]
    /// The rows, top to bottom; each has one cell per column (missing cells show as blank).
    public var rows: [[String]]

    /// Creates a table.
    public init(title: String, columns: [String], rows: [[String]]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }

    /// The title with the number of rows: `Ingredients (9)`.
    public var heading: String { "\(title) (\(rows.count))" }
}
