import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClient {
    /// Sends one `method` request (`POST`, `PUT`, `PATCH`, `DELETE`) with a JSON body and returns
    /// the 2xx answer (status, final URL, headers such as `Location`, body, possibly empty).
    /// Never retried (writes are not idempotent) and never cached.
    ///
    /// Headers: `Content-Type: application/json; charset=utf-8` (with a body), `Accept`,
    /// `User-Agent` and ``headers``.
    /// - Parameters:
    ///   - body: The JSON body, or `nil` for none.
    /// - Throws: ``DataError``: `.badStatus` naming the status and URL for a non-2xx answer,
    ///   `.transport`, `.timedOut`, `.cancelled`.
    public func send(_ method: String, to url: URL, json body: Data?) async throws(DataError) -> HTTPResponse {
        var request = makeRequest(method, url)
        if let body {
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let started = Date()
        let data: Data
        let http: HTTPURLResponse
        do throws(DataError) {
            (data, http) = try await perform(request, url: url)
        } catch {
            if error != .cancelled {
                logWrite(method, url, status: .failed, since: started)
                log?.record(error, method: method)
            }
            throw error
        }
        logWrite(method, url, status: .http(http.statusCode), since: started)
        guard (200..<300).contains(http.statusCode) else {
            let error = Self.statusError(http, body: data, url: url)
            log?.record(error, method: method)
            throw error
        }
        let headers = http.allHeaderFields.compactMap { name, value -> HTTPResponse.Header? in
            guard let name = name as? String else { return nil }
            return HTTPResponse.Header(name: name, value: "\(value)")
        }
        return HTTPResponse(status: http.statusCode, url: http.url ?? url, headers: headers, body: data)
    }

    /// Records a write in ``log`` for the Admin panel's request list (never as the last load).
    private func logWrite(_ method: String, _ url: URL, status: RequestRecord.Status, since started: Date) {
        log?.record(RequestRecord(date: started, method: method, path: Self.logPath(url), status: status,
                                  milliseconds: RequestRecord.milliseconds(since: started)), isLoad: false)
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
