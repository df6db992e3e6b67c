/// A column's or a parameter's value in the shared SQL layer: SQLite's five storage classes
/// (https://sqlite.org/datatype3.html), which PostgreSQL's values are read as too (its integers
/// `.integer`, floating and numeric `.real`, booleans 0 and 1, `bytea` `.blob`, the rest `.text`).
public enum SQLValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// The value as text, as `CAST(x AS TEXT)` reads it (a blob as UTF-8); `nil` for NULL.
    public var text: String? {
        switch self {
        case .null: nil
        case let .integer(value): String(value)
        case let .real(value): String(value)
        case let .text(value): value
        case let .blob(bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The value as a whole number: an integer, a real without a fraction, or text that reads
    /// as one; `nil` otherwise.
    public var integer: Int64? {
        switch self {
        case let .integer(value): value
        case let .real(value): value.rounded() == value && abs(value) < 9.2e18 ? Int64(value) : nil
        case let .text(value): Int64(value)
        case .null, .blob: nil
        }
    }
}
