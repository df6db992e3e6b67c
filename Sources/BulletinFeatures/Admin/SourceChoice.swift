import Foundation

/// Reads what a person typed in the Admin panel's "Switch to" field as a data source:
/// `embedded`, `mealdb` (TheMealDB's public API) or `mealdb URL` (a TheMealDB-compatible one),
/// an `http://` or `https://` URL (a JSONPlaceholder-compatible API), or the path of a
/// json-server `db.json` file (absolute, relative to the current directory, or starting with `~/`).
public enum SourceChoice {
    /// What a path on disk turned out to be.
    public enum FileKind: Equatable, Sendable {
        /// Nothing there; a directory; a file this process cannot read; a readable file.
        case missing, directory, unreadable, file
        /// A readable file that cannot be JSON: empty, or its first character (after a BOM and
        /// white space) is not `{` or `[`.
        case notJSON
    }

    /// Why the text cannot be switched to; ``description`` is shown beside the field.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case unsupportedScheme(String)
        case invalidURL(String)
        case missingFile(String)
        case directory(String)
        case unreadable(String)
        case notJSON(String)

        /// One sentence for beside the field.
        public var description: String {
            switch self {
            case .empty: "Type embedded, mealdb, an http(s) URL or a file path"
            case let .unsupportedScheme(scheme): "Only http and https URLs can be read, not \(scheme):"
            case let .invalidURL(text): "Not a valid URL: \(text) (needs a host, such as http://127.0.0.1:3000)"
            case let .missingFile(path): "No such file: \(path)"
            case let .directory(path): "\(path) is a directory, not a file"
            case let .unreadable(path): "Cannot read \(path): permission denied"
            case let .notJSON(path): "Not a JSON file: \(path) (a db.json starts with { or [)"
            }
        }
    }

    /// The source `text` names.
    /// - Parameters:
    ///   - text: What was typed; surrounding spaces are ignored.
    ///   - directory: Where relative paths start (the current directory).
    ///   - kind: Inspects a path (tests pass their own).
    /// - Throws: ``Problem`` saying what is wrong.
    public static func parse(
        _ text: String, relativeTo directory: String = FileManager.default.currentDirectoryPath,
        kind: (String) -> FileKind = SourceChoice.kind(of:)
    ) throws(Problem) -> LaunchOptions.Source {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.lowercased() == "embedded" { return .embedded }
        if let mealDB = try mealDB(trimmed) { return mealDB }
        if trimmed.contains("://") { return .api(try webURL(trimmed)) }
        let path = absolutePath(trimmed, relativeTo: directory)
        switch kind(path) {
        case .missing: throw .missingFile(path)
        case .directory: throw .directory(path)
        case .unreadable: throw .unreadable(path)
        case .notJSON: throw .notJSON(path)
        case .file: return .file(path)
        }
    }

    /// `mealdb` (TheMealDB's public API, ``LaunchOptions/mealDBURL``) or `mealdb URL`; `nil`
    /// when `text` does not start with the word `mealdb`.
    /// - Throws: ``Problem`` for a URL after it that cannot be read.
    private static func mealDB(_ text: String) throws(Problem) -> LaunchOptions.Source? {
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard words.first?.lowercased() == "mealdb" else { return nil }
        guard words.count == 2 else { return .mealDB(LaunchOptions.mealDBURL) }
        return .mealDB(try webURL(words[1].trimmingCharacters(in: .whitespaces)))
    }

    /// `text` when it is an http(s) URL with a host.
    /// - Throws: ``Problem/unsupportedScheme(_:)`` or ``Problem/invalidURL(_:)``.
    private static func webURL(_ text: String) throws(Problem) -> String {
        guard let schemeEnd = text.range(of: "://") else { throw .invalidURL(text) }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else { throw .invalidURL(text) }
        return text
    }

    /// `text` as an absolute path: `~/` is `home` (by default ``homeDirectory(environment:)``);
    /// a relative path starts at `directory`.
    public static func absolutePath(_ text: String, relativeTo directory: String, home: String? = nil) -> String {
        var path = text
        if path == "~" || path.hasPrefix("~/") {
            path = (home ?? homeDirectory()) + path.dropFirst()
        }
        if !path.hasPrefix("/") { path = URL(fileURLWithPath: directory).appendingPathComponent(path).path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `$HOME` when set (as a shell expands `~`), else the account's home directory.
    public static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// What is at `path` on disk.
    public static func kind(of path: String) -> FileKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        if isDirectory.boolValue { return .directory }
        guard FileManager.default.isReadableFile(atPath: path) else { return .unreadable }
        return startsLikeJSON(path) ? .file : .notJSON
    }

    /// Whether the file's first character, after a UTF-8 BOM and white space (first 4 KiB
    /// read), is `{` or `[`; an unreadable start counts as JSON (the load will say why).
    private static func startsLikeJSON(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let head: Data
        do { head = try handle.read(upToCount: 4096) ?? Data() } catch { return true }
        let first = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }.first
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
