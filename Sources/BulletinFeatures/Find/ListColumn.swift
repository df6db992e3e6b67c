import ViewState

/// One column of a list, declared as data: its title, the type of its values, and its width
/// policy. Its alignment and its sort follow from the type, so every list (users, a user's
/// posts, repositories, meals, albums, photos, todos, the Posts list, categories) lines up
/// and sorts its columns by one rule.
///
/// - Numbers (``ValueType/integer``, ``ValueType/decimal``) are right-aligned and sort by value
///   (GitHub's ★: 200, 46, 17, …), dates and times sort in time order, booleans false before
///   true, text and URLs by their folded text (``TextFolding``, as the filter matches).
/// - A missing value (`—`, or a blank cell) sorts last in both directions.
public struct ListColumn: Sendable, Equatable {
    /// The kind of value a column shows, which decides its alignment and its sort.
    public enum ValueType: Sendable, Hashable, CaseIterable {
        /// Whole numbers: ids, counts (`1950`).
        case integer
        /// Numbers with a fraction (`4.5`).
        case decimal
        /// Free text: names, titles, descriptions.
        case text
        /// A day or a time, ISO 8601 as the sources send it (`2024-05-01`, `2024-05-01T12:00:00Z`).
        case dateTime
        /// Yes or no (`yes` / `no`, `✓` / `☐`).
        case boolean
        /// A web address (sorted as text).
        case url

        /// Whether values are numbers (right-aligned, sorted by value).
        public var isNumber: Bool { self == .integer || self == .decimal }

        /// The width policy a column of this type gets unless it declares its own: numbers and
        /// booleans narrow (never cut below what a short value needs), days as wide as a day,
        /// text and URLs from 8 cells up to 60.
        public var defaultWidth: ColumnWidth {
            switch self {
            case .integer, .decimal: ColumnWidth(min: 4, max: 12)
            case .boolean: ColumnWidth(min: 4, max: 12)
            case .dateTime: ColumnWidth(min: 10, max: 20)
            case .text: ColumnWidth(min: 8, max: 60)
            case .url: ColumnWidth(min: 10, max: 60)
            }
        }
    }

    /// The header text (without the ▲▼ mark).
    public var title: String
    /// The type of the column's values.
    public var type: ValueType
    /// How wide the column may be (``ColumnWidth``): the table gives it what its widest loaded
    /// value needs, within these bounds, as room allows.
    public var width: ColumnWidth

    /// A column headed `title` whose values are of `type`; `width` defaults to the type's
    /// (``ValueType/defaultWidth``).
    public init(_ title: String, _ type: ValueType = .text, width: ColumnWidth? = nil) {
        self.title = title
        self.type = type
        self.width = width ?? type.defaultWidth
    }

    /// Whether the column's values (and its title) are right-aligned: numbers are.
    public var isRightAligned: Bool { type.isNumber }
}

extension ListColumn {
    /// The id column every list starts with: whole numbers (or a source's text ids), right-aligned.
    public static let id = ListColumn("ID", .integer)
    /// A record's title (a post's, an album's, a todo's, a photo's): text that takes the room
    /// the other columns leave.
    public static let title = ListColumn("Title", width: ColumnWidth(min: 10, max: 200))
}
