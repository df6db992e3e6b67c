import BulletinData
import BulletinFeatures

/// Builds the data source the command line asked for.
enum SourceFactory {
    /// - Throws: ``DataError/invalidURL(_:)`` for an `--api` value that is not an http(s) URL.
    static func make(_ choice: LaunchOptions.Source) throws(DataError) -> any DataSource {
        switch choice {
        case .embedded: EmbeddedDataSource()
        case let .api(url): try RESTDataSource.make(baseURL: url)
        case let .file(path): FileDataSource(path: path)
        }
    }
}
