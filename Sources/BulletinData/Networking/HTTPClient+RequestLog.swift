import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClient {
    /// Sends one `GET` and returns the body and response, whatever the status; records it in ``log``.
    func send(_ url: URL, etag: String?) async throws(DataError) -> (Data, HTTPURLResponse) {
        let started = Date()
        do throws(DataError) {
            let (data, http) = try await sendUnlogged(url, etag: etag)
            log?.record(RequestRecord(date: started, method: "GET", path: Self.logPath(url), status: .http(http.statusCode),
                                      milliseconds: RequestRecord.milliseconds(since: started)))
            if let budget = RateLimitStatus.parse({ http.value(forHTTPHeaderField: $0) }) { log?.record(budget) }
            return (data, http)
        } catch {
            if error != .cancelled {
                log?.record(RequestRecord(date: started, method: "GET", path: Self.logPath(url), status: .failed,
                                          milliseconds: RequestRecord.milliseconds(since: started)))
            }
            throw error
        }
    }

    /// Runs `decode` (reading a body this client fetched) and records the error it throws in ``log``.
    /// - Throws: Whatever `decode` throws.
    public func loggingErrors<T>(_ decode: () throws(DataError) -> T) throws(DataError) -> T {
        do throws(DataError) {
            return try decode()
        } catch {
            log?.record(error)
            throw error
        }
    }

    /// `/posts?userId=1`: the path and query of `url`, as the request log shows it.
    static func logPath(_ url: URL) -> String {
        let path = url.path.isEmpty ? "/" : url.path
        return url.query.map { "\(path)?\($0)" } ?? path
    }
}
