import BulletinData
import BulletinFeatures
import Foundation

/// Builds the data source the command line asked for.
enum SourceFactory {
    /// - Throws: ``DataError/invalidURL(_:)`` for an `--api` value that is not an http(s) URL.
    /// - Parameter timeout: The per-request timeout in seconds (`--timeout`); `nil` for 15.
    static func make(_ choice: LaunchOptions.Source, timeout: Double? = nil) throws(DataError) -> any DataSource {
        let timeout = timeout ?? 15
        switch choice {
        case .embedded: return EmbeddedDataSource()
        case let .api(url): return try RESTDataSource.make(baseURL: url, timeout: timeout)
        case let .file(path): return FileDataSource(path: path)
        case let .dummyJSON(url): return try DummyJSONDataSource.make(baseURL: url, timeout: timeout)
        case let .github(url):
            return try GitHubDataSource.make(
                baseURL: url, token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"], timeout: timeout)
        }
    }
}
