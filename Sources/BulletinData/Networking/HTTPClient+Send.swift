import Foundation

extension HTTPClient {
    /// Sends one `method` request (`POST`, `PUT`, `PATCH`, `DELETE`) with a JSON body and returns
    /// the 2xx answer (status, final URL, headers such as `Location`, body, possibly empty).
    /// Never retried (writes are not idempotent) and never cached. A 301, 302, 307 or 308
    /// redirect to the same origin repeats the method and body; one to another origin
    /// is refused (``DataError/redirectRefused(url:status:method:)``); none becomes a `GET` that
    /// would drop the body.
    ///
    /// Headers: `Content-Type: application/json; charset=utf-8` (with a body), `Accept`,
    /// `User-Agent`, ``headers`` and the ``credential`` where allowed.
    /// - Parameters:
    ///   - body: The JSON body, or `nil` for none.
    /// - Throws: ``DataError``: `.badStatus` naming the status and URL for a non-2xx answer,
    ///   `.transport`, `.timedOut`, `.cancelled`, `.responseTooLarge`, a redirect error.
    public func send(_ method: String, to url: URL, json body: Data?) async throws(DataError) -> HTTPResponse {
        let started = Date()
        let response: HTTPResponse
        do throws(DataError) {
            response = try await perform(method, url, body: body)
        } catch {
            if error != .cancelled {
                logWrite(method, url, status: .failed, since: started)
                log?.record(error, method: method)
            }
            throw error
        }
        logWrite(method, url, status: .http(response.status), since: started, body: RequestRecord.errorBody(of: response))
        guard response.isSuccess else {
            let error = Self.statusError(response, url: url)
            log?.record(error, method: method)
            throw error
        }
        return response
    }

    /// Records a write in ``log`` for the Admin panel's request list (never as the last load).
    private func logWrite(_ method: String, _ url: URL, status: RequestRecord.Status, since started: Date,
                          body: String? = nil) {
        log?.record(RequestRecord(date: started, method: method, path: Self.logPath(url), status: status,
                                  milliseconds: RequestRecord.milliseconds(since: started), body: body), isLoad: false)
    }
}

extension ResponseCache {
    /// Forgets every stored answer whose URL's path is `path` or lies under it (`/posts` also
    /// drops `/posts?userId=1` and `/posts/3`), after a write changed that collection.
    public func invalidate(path: String) {
        entries = entries.filter { key, _ in
            guard let stored = URLComponents(string: key)?.path else { return true }
            return !(stored == path || stored.hasPrefix(path + "/"))
        }
    }
}
