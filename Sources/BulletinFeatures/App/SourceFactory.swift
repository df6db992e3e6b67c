import BulletinData
import Foundation

/// Builds the data source and its writer for a ``LaunchOptions/Source``: once at launch
/// (from the command line) and again whenever the Admin panel switches source at run time.
///
/// Every source it builds records its requests, file reads and errors in the same ``log``.
/// The writer is chosen in ``writer(for:source:)``; `--read-only` overrides it for every source.
public struct SourceFactory: Sendable {
    // MARK: - Properties

    /// Why writes are off with `--read-only`.
    public static let readOnlyReason = "started with --read-only"

    /// The per-request timeout in seconds (`--timeout`).
    public var timeout: Double
    /// Whether every write is refused (`--read-only`).
    public var readOnly: Bool
    /// The GitHub token sent as a bearer token (`GITHUB_TOKEN`); never shown.
    public var githubToken: String?
    /// Where every source built here records its activity.
    public let log: RequestLog

    // MARK: - Init

    /// - Parameters:
    ///   - timeout: The per-request timeout in seconds; `nil` for 15.
    ///   - readOnly: Refuse every write, whatever the source.
    ///   - githubToken: Sent to GitHub sources; `nil` or empty for none.
    ///   - log: Shared by every source built.
    public init(timeout: Double? = nil, readOnly: Bool = false, githubToken: String? = nil, log: RequestLog = RequestLog()) {
        self.timeout = timeout ?? 15
        self.readOnly = readOnly
        self.githubToken = githubToken
        self.log = log
    }

    // MARK: - API

    /// The source for `choice`, recording into ``log``.
    /// - Throws: ``DataError/invalidURL(_:)`` for a URL that is not an absolute http(s) URL.
    public func source(for choice: LaunchOptions.Source) throws(DataError) -> any DataSource {
        switch choice {
        case .embedded: return EmbeddedDataSource(log: log)
        case let .api(url): return try RESTDataSource.make(baseURL: url, timeout: timeout, log: log)
        case let .file(path): return FileDataSource(path: path, log: log)
        case let .dummyJSON(url): return try DummyJSONDataSource.make(baseURL: url, timeout: timeout, log: log)
        case let .github(url): return try GitHubDataSource.make(baseURL: url, token: githubToken, timeout: timeout, log: log)
        }
    }

    /// The writer for `source` (built from `choice`): a ``ReadOnlyWriter`` saying why when
    /// writes are off. Writers for files, REST APIs and the embedded copy go here.
    public func writer(for choice: LaunchOptions.Source, source: any DataSource) -> any DataWriter {
        if readOnly { return ReadOnlyWriter(reason: Self.readOnlyReason) }
        switch choice {
        case .github: return ReadOnlyWriter(reason: "GitHub is read-only")
        case .embedded, .api, .file, .dummyJSON: return ReadOnlyWriter(reason: "this source cannot be edited yet")
        }
    }

    /// The source and its writer together (a switch replaces both), with this factory kept
    /// for the next switch.
    /// - Throws: As ``source(for:)``.
    public func dependencies(for choice: LaunchOptions.Source) throws(DataError) -> AppDependencies {
        let source = try source(for: choice)
        return AppDependencies(
            source: source, writer: writer(for: choice, source: source), log: log,
            makeDependencies: { choice throws(DataError) in try self.dependencies(for: choice) })
    }
}
