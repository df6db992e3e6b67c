import Foundation

/// Telling a SQLite database file from a db.json: by its first 16 bytes, `SQLite format 3\0`
/// (https://sqlite.org/fileformat.html#the_database_header), whatever its name.
public enum SQLiteFile {
    /// The header every SQLite 3 database starts with.
    public static let header: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Whether the file at `path` starts with ``header``; `false` when it cannot be read or is shorter.
    public static func hasHeader(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let bytes = try? handle.read(upToCount: header.count) else { return false }
        return Array(bytes) == header
    }
}
