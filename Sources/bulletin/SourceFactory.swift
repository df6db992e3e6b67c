import BulletinData
import BulletinFeatures
import Foundation

/// Builds the data source the command line asked for.
enum SourceFactory {
    /// - Throws: ``DataError/invalidURL(_:)`` for an `--api` value that is not an http(s) URL.
    /// - Parameter timeout: The per-request timeout in seconds (`--timeout`); `nil` for 15.
    static func make(_ choice: LaunchOptions.Source, timeout: Double? = nil) throws(DataError) -> any DataSource {
        try makeWithWriter(choice, timeout: timeout).source
    }

    /// The source for `choice` and the writer that saves edits where its data lives: a
    /// ``FileDataWriter`` for `--data`, a ``RESTDataWriter`` for `--api`, an
    /// ``EmbeddedDataWriter`` (copy under `$XDG_DATA_HOME/bulletin/`) for the embedded set, and a
    /// ``ReadOnlyWriter`` saying why for DummyJSON and GitHub.
    /// - Throws: As ``make(_:timeout:)``.
    static func makeWithWriter(_ choice: LaunchOptions.Source, timeout: Double? = nil) throws(DataError)
        -> (source: any DataSource, writer: any DataWriter)
    {
        let timeout = timeout ?? 15
        switch choice {
        case .embedded:
            let source = EmbeddedDataSource()
            return (source, EmbeddedDataWriter(source: source))
        case let .api(url):
            let source = try RESTDataSource.make(baseURL: url, timeout: timeout)
            return (source, RESTDataWriter(source: source))
        case let .file(path):
            let source = FileDataSource(path: path)
            return (source, FileDataWriter(source: source))
        case let .dummyJSON(url):
            return (try DummyJSONDataSource.make(baseURL: url, timeout: timeout),
                    ReadOnlyWriter(reason: "the DummyJSON API is read-only here"))
        case let .github(url):
            let source = try GitHubDataSource.make(
                baseURL: url, token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"], timeout: timeout)
            return (source, ReadOnlyWriter(reason: "the GitHub API is read-only here"))
        }
    }
}
