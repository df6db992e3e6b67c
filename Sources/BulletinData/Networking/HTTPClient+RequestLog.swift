import Foundation

extension HTTPClient {
    /// Sends one `GET` and returns the body and response, whatever the status; records it in ``log``.
    func send(_ url: URL, etag: String?) async throws(DataError) -> HTTPResponse {
        let started = Date()
        do throws(DataError) {
            let response = try await sendUnlogged(url, etag: etag)
            log?.record(RequestRecord(date: started, method: "GET", path: Self.logPath(url), status: .http(response.status),
                                      milliseconds: RequestRecord.milliseconds(since: started),
                                      body: RequestRecord.errorBody(of: response)))
            if let budget = RateLimitStatus.parse({ response.header($0) }) { log?.record(budget) }
            return response
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
