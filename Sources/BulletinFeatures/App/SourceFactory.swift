import BulletinData
import Foundation

/// Builds the data source and its writer for a ``LaunchOptions/Source``: once at launch
/// (from the command line) and again whenever the Admin panel switches source at run time.
///
/// Every source it builds records its requests, file reads and errors in the same ``log``.
/// ``make(_:)`` builds a source with its writer; `--read-only` overrides the writer for every source.
public struct SourceFactory: Sendable {
    // MARK: - Properties

    /// Why writes are off with `--read-only`.
    public static let readOnlyReason = "started with --read-only"

    /// Why TheMealDB's writer refuses every write (its public API has no writes).
    public static let mealDBReadOnlyReason = "TheMealDB is read-only"

    /// The per-request timeout in seconds (`--timeout`).
    public var timeout: Double
    /// Whether every write is refused (`--read-only`).
    public var readOnly: Bool
    /// The most bytes one response body may have (`--max-response`, default 256 MB).
    public var maxResponseBytes: Int
    /// `--map`: where a database's kinds are, as written (``SQLMapping``); `nil` for the conventions.
    public var map: String?
    /// `--live`: a PostgreSQL source watches for others' changes (``DataSource/liveChanges``).
    public var live = false
    /// The GitHub token sent as a bearer token (`GITHUB_TOKEN`); never shown.
    public var githubToken: String?
    /// Where every source built here records its activity.
    public let log: RequestLog
    /// Where edits of the embedded set are kept, and read back by later runs
    /// (``EmbeddedDataWriter/defaultCopyPath(environment:)`` unless given).
    public var embeddedCopyPath: String

    // MARK: - Init

    /// - Parameters:
    ///   - timeout: The per-request timeout in seconds; `nil` for 15.
    ///   - maxResponseMB: The most megabytes (1,048,576 bytes) one response body may have; `nil` for 256.
    ///   - readOnly: Refuse every write, whatever the source.
    ///   - githubToken: Sent to GitHub sources (only over https or to loopback); `nil` or empty for none.
    ///   - log: Shared by every source built.
    ///   - embeddedCopyPath: Where the embedded set's edits go; `nil` for the default place.
    public init(
        timeout: Double? = nil, maxResponseMB: Double? = nil, readOnly: Bool = false, githubToken: String? = nil,
        log: RequestLog = RequestLog(), embeddedCopyPath: String? = nil
    ) {
        self.embeddedCopyPath = embeddedCopyPath ?? EmbeddedDataWriter.defaultCopyPath()
        self.timeout = timeout ?? 15
        maxResponseBytes = maxResponseMB.map { max(1, Int($0 * 1_048_576)) } ?? HTTPClient.defaultMaxResponseBytes
        self.readOnly = readOnly
        self.githubToken = githubToken
        self.log = log
    }

    // MARK: - API

    /// The source for `choice`, recording into ``log``, and the writer that saves edits where
    /// its data lives, built together because a writer works on its own source: a
    /// ``FileDataWriter`` for `--data`, a ``RESTDataWriter`` for `--api`, an
    /// ``EmbeddedDataWriter`` (a copy under `$XDG_DATA_HOME/bulletin/`, which the embedded source
    /// reads when an earlier run made it) for the embedded set,
    /// and a ``ReadOnlyWriter`` saying why for DummyJSON, GitHub and TheMealDB.
    /// - Throws: ``DataError/invalidURL(_:)`` for a URL that is not an absolute http(s) URL.
    public func make(_ choice: LaunchOptions.Source) throws(DataError) -> (source: any DataSource, writer: any DataWriter) {
        switch choice {
        case .embedded:
            let source = EmbeddedDataSource(log: log, copyPath: embeddedCopyPath)
            return (source, EmbeddedDataWriter(source: source, copyPath: embeddedCopyPath))
        case let .api(url):
            let source = try RESTDataSource.make(baseURL: url, timeout: timeout, maxResponseBytes: maxResponseBytes, log: log)
            return (source, RESTDataWriter(source: source))
        case let .file(path) where SQLiteFile.hasHeader(path):
            // A SQLite database, told by its header whatever its name (issue 25).
            return try sqlite(path, readOnly: false)
        case let .sqlite(path, readOnly):
            return try sqlite(path, readOnly: readOnly)
        case let .postgres(url):
            let source = PostgresDataSource(conninfo: url, mapping: try mapping(naming: PostgresURL.redacted(url)), log: log, timeout: timeout,
                                            live: live)
            return (source, PostgresDataWriter(source: source))
        case let .file(path):
            let source = FileDataSource(path: path, log: log)
            return (source, FileDataWriter(source: source))
        case let .dummyJSON(url):
            return (try DummyJSONDataSource.make(baseURL: url, timeout: timeout, maxResponseBytes: maxResponseBytes, log: log),
                    ReadOnlyWriter(reason: "the DummyJSON API is read-only here"))
        case let .github(url):
            let source = try GitHubDataSource.make(baseURL: url, token: githubToken, timeout: timeout,
                                                  maxResponseBytes: maxResponseBytes, log: log)
            return (source, ReadOnlyWriter(reason: "the GitHub API is read-only here"))
        case let .mealDB(url):
            return (try MealDBDataSource.make(baseURL: url, timeout: timeout, maxResponseBytes: maxResponseBytes, log: log),
                    ReadOnlyWriter(reason: Self.mealDBReadOnlyReason))
        }
    }

    /// Checks, before the app starts, that the file `choice` names is there and, for a SQLite
    /// database (`--db sqlite:PATH`, or `--data` on a file starting as one), that SQLite reads
    /// it as a database, so a wrong path or a file of another kind is said on stderr at once
    /// (with the other bad arguments) instead of on the first list. Other sources pass: an
    /// API's reach is tried when its first list loads. ``make(_:)`` itself checks nothing, as
    /// the Admin panel's switch checks what is typed first (``SourceChoice``).
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` naming the file: `no such file`,
    ///   `is a directory`, `permission denied`, or SQLite's words (`file is not a database`).
    public func checkFile(of choice: LaunchOptions.Source) throws(DataError) {
        switch choice {
        case let .sqlite(path, readOnly): try SQLiteDataSource.checkOpens(path: path, readOnly: readOnly)
        case let .file(path) where SQLiteFile.hasHeader(path): try SQLiteDataSource.checkOpens(path: path, readOnly: false)
        case let .file(path):
            switch SourceChoice.kind(of: path) {
            case .missing: throw .unreadableFile(path: path, reason: "no such file")
            case .directory: throw .unreadableFile(path: path, reason: "is a directory")
            case .unreadable: throw .unreadableFile(path: path, reason: "permission denied")
            case .file, .notJSON: break   // the load says what is wrong inside, with the line and column
            }
        case .embedded, .api, .dummyJSON, .github, .mealDB, .postgres: break
        }
    }

    /// A SQLite database's source and writer, with ``map``.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` for a mapping that cannot be read
    ///   (the command line checked it first; a settings file may not have).
    private func sqlite(_ path: String, readOnly: Bool) throws(DataError) -> (source: any DataSource, writer: any DataWriter) {
        let source = SQLiteDataSource(path: path, readOnly: readOnly, mapping: try mapping(naming: path), log: log, timeout: timeout)
        return (source, SQLiteDataWriter(source: source))
    }

    /// ``map`` read; an error names `database`.
    /// - Throws: ``DataError/unreadableFile(path:reason:)`` for a mapping that cannot be read.
    private func mapping(naming database: String) throws(DataError) -> SQLMapping {
        guard let map else { return SQLMapping() }
        do throws(SQLMappingError) { return try SQLMapping(parsing: map) } catch {
            throw .unreadableFile(path: database, reason: error.description)
        }
    }

    /// `--reset-embedded`: sets the copy with earlier edits aside
    /// (``EmbeddedDataWriter/moveCopyAside(at:)``), so the embedded set opens as shipped.
    /// - Returns: What Home's status line says about it: where the edits went, or that there were none.
    /// - Throws: ``DataError/unwritableFile(path:reason:)`` when the copy cannot be moved.
    public func resetEmbedded() throws(DataError) -> String {
        guard let aside = try EmbeddedDataWriter.moveCopyAside(at: embeddedCopyPath) else {
            return "The original embedded data set (there were no edits to set aside)"
        }
        return "Back to the original embedded data set; your edits are kept in \(aside)"
    }

    /// The source and its writer together (a switch replaces both), with this factory kept
    /// for the next switch. With ``readOnly`` the writer is a ``ReadOnlyWriter`` whatever the source.
    /// - Throws: As ``make(_:)``.
    public func dependencies(for choice: LaunchOptions.Source) throws(DataError) -> AppDependencies {
        let (source, writer) = try make(choice)
        var dependencies = AppDependencies(
            source: source, writer: readOnly ? ReadOnlyWriter(reason: Self.readOnlyReason) : writer, log: log,
            makeDependencies: { choice throws(DataError) in try self.dependencies(for: choice) })
        dependencies.probeTimeout = timeout
        return dependencies
    }
}

extension LaunchOptions.Source {
    /// The kind of source this choice builds (the factory's one other switch): what it declares
    /// (``SourceDescriptor/Kind/declaration``) is known before it is built.
    public var kind: SourceDescriptor.Kind {
        switch self {
        case .embedded: .embedded
        case .api: .rest
        case .file: .file
        case .dummyJSON: .dummyJSON
        case .github: .github
        case .mealDB: .mealDB
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }
}
