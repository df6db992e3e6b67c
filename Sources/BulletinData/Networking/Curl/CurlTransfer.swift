import CCurl
import Foundation

/// One request on ``CurlTransport``: its easy handle, configured from an ``HTTPRequest``, and
/// what has arrived so far (status line and headers of the last response, body bytes counted
/// against the request's limit).
///
/// Created on the caller's thread; after that only the transport thread touches it (the write
/// and header callbacks run inside `curl_multi_perform`), except ``cancelRequested``, which is
/// guarded by the transport's lock.
final class CurlTransfer: @unchecked Sendable {
    /// The longest wait a request is given, in seconds, whatever `--timeout` says (1,000,000:
    /// its milliseconds fit libcurl's `long`).
    static let longestTimeout: TimeInterval = 1_000_000
    let easy: UnsafeMutableRawPointer
    let url: URL
    let maxResponseBytes: Int
    /// The request's deadline in seconds (`--timeout`), for the words of a request that ran out of it.
    let timeout: TimeInterval
    /// Set (under the transport's lock) when the caller's task was cancelled.
    var cancelRequested = false
    /// Resumed once, by ``finish(_:)``.
    var continuation: CheckedContinuation<Result<HTTPResponse, DataError>, Never>?

    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var headers: [HTTPResponse.Header] = []
    private var exceededLimit = false
    /// Bytes of header lines received (status lines included), against ``HTTPClient/maxHeaderBytes``.
    private var headerBytes = 0
    private var headersTooLarge = false
    /// Whether the blank line that ends a response's headers has arrived.
    private var headersEnded = false
    /// libcurl's own words for a failure (`CURLOPT_ERRORBUFFER`, `CURL_ERROR_SIZE` bytes).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// Configures an easy handle for `request`.
    /// - Throws: ``DataError/invalidURL(_:)`` when libcurl cannot take the URL or method.
    init(_ request: HTTPRequest) throws(DataError) {
        guard let easy = curl_easy_init() else {
            throw .transport(url: request.url.absoluteString, reason: "out of memory")
        }
        self.easy = easy
        url = request.url
        maxResponseBytes = request.maxResponseBytes
        timeout = min(max(0.001, request.timeout), Self.longestTimeout)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(request)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    // MARK: - Outcome

    /// Resumes the waiting caller with `result` (the transport calls this once).
    func finish(_ result: Result<HTTPResponse, DataError>) {
        let continuation = self.continuation
        self.continuation = nil
        continuation?.resume(returning: result)
    }

    /// The answer, or the error, for a transfer libcurl finished with `code`: headers over
    /// ``HTTPClient/maxHeaderBytes`` (counted here, or one line refused by libcurl, whose own
    /// limit for a line is the same 100 KB) are ``DataError/headersTooLarge(url:limitBytes:)``;
    /// a deadline reached after some bytes came is ``DataError/tooSlow(url:bytes:seconds:)``.
    func outcome(_ code: CURLcode) -> Result<HTTPResponse, DataError> {
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(.responseTooLarge(url: url.absoluteString, limitBytes: maxResponseBytes))
        }
        // libcurl 7.88 refuses a header line over 100 KB with CURLE_OUT_OF_MEMORY and no words
        // of its own; later ones say "Rejected 204810 bytes header (max is 102400)!" or, for the
        // whole, "Too large response headers: …".
        let curlWords = String(cString: errorBuffer).lowercased()
        let curlRefusedHeaders = curlWords.contains("bytes header") || curlWords.contains("too large response headers")
            || code == CURLE_OUT_OF_MEMORY && !headersEnded && headerBytes > 0
        if headersTooLarge || code != CURLE_OK && curlRefusedHeaders {
            return .failure(.headersTooLarge(url: url.absoluteString, limitBytes: HTTPClient.maxHeaderBytes))
        }
        if code == CURLE_OPERATION_TIMEDOUT, headerBytes + body.count > 0 {
            return .failure(.tooSlow(url: url.absoluteString, bytes: headerBytes + body.count, seconds: timeout))
        }
        guard code == CURLE_OK else { return .failure(CurlErrors.dataError(code, url: url)) }
        let status = bulletin_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE)
        return .success(HTTPResponse(status: status, url: url, headers: headers, body: body))
    }

    // MARK: - Callbacks (transport thread)

    /// Body bytes: kept until the limit, past it the transfer stops (returning less than given
    /// makes libcurl fail with `CURLE_WRITE_ERROR`).
    fileprivate func received(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= maxResponseBytes else {
            exceededLimit = true
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line with its CRLF; a status line starts a new response (after a `100 Continue`).
    /// Returns `false` (stop the transfer) once the headers exceed ``HTTPClient/maxHeaderBytes``.
    fileprivate func receivedHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        headerBytes += bytes.count
        guard headerBytes <= HTTPClient.maxHeaderBytes else {
            headersTooLarge = true
            return false
        }
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers.removeAll()
            headersEnded = false
            return true
        }
        if line.isEmpty { headersEnded = true }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers.append(HTTPResponse.Header(name: name, value: value))
        return true
    }

    // MARK: - Setup

    private func configure(_ request: HTTPRequest) throws(DataError) {
        let text = request.url.absoluteString
        let user = Unmanaged.passUnretained(self).toOpaque()
        var ok = bulletin_curl_setopt_ptr(easy, CURLOPT_URL, text) == CURLE_OK
        ok = ok && bulletin_curl_setopt_ptr(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        guard ok else { throw .invalidURL(text) }
        _ = bulletin_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        if let host = request.url.host, HTTPOrigin.isLoopback(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) {
            _ = bulletin_curl_setopt_ptr(easy, CURLOPT_PROXY, "")  // loopback never goes through an http_proxy
        }
        _ = bulletin_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)  // redirects are Redirect's
        _ = bulletin_curl_setopt_ptr(easy, CURLOPT_ACCEPT_ENCODING, "")  // whatever libcurl decodes
        // Capped at a million seconds (11.6 days): `--timeout 1e300` made Int(timeout * 1000) trap.
        // The whole request, connecting included, ends at the timeout: a server that trickles
        // (a byte a second keeps any low-speed bound happy) is stopped there too.
        _ = bulletin_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(timeout * 1000))
        _ = bulletin_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
        _ = bulletin_curl_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = bulletin_curl_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes))
        _ = bulletin_curl_setopt_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, user in
            guard let user else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
            return transfer.received(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        _ = bulletin_curl_setopt_ptr(easy, CURLOPT_WRITEDATA, user)
        _ = bulletin_curl_setopt_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, user in
            guard let user else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
            return transfer.receivedHeader(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        _ = bulletin_curl_setopt_ptr(easy, CURLOPT_HEADERDATA, user)
        setMethod(request.method, body: request.body)
        // "Expect:" keeps libcurl from waiting for `100 Continue` before a large body.
        for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }
        _ = bulletin_curl_setopt_ptr(easy, CURLOPT_HTTPHEADER, headerList)
    }

    private func setMethod(_ method: String, body: Data?) {
        if method != "GET", method != "HEAD" {
            // A write never rides a kept-alive connection: libcurl re-sends a request by itself
            // when a reused connection turns out dead, which for a write the server may have
            // carried out would store it twice. A fresh connection fails instead, and the
            // writer's Retry checks first (DataError.mayHaveReachedServer).
            _ = bulletin_curl_setopt_long(easy, CURLOPT_FRESH_CONNECT, 1)
        }
        switch (method, body) {
        case ("GET", nil): _ = bulletin_curl_setopt_long(easy, CURLOPT_HTTPGET, 1)
        case ("HEAD", _): _ = bulletin_curl_setopt_long(easy, CURLOPT_NOBODY, 1)
        case (_, let body?):
            _ = bulletin_curl_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies the bytes, so the handle owns its body.
                _ = bulletin_curl_setopt_ptr(easy, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start))
            }
            if method != "POST" { _ = bulletin_curl_setopt_ptr(easy, CURLOPT_CUSTOMREQUEST, method) }
        case (_, nil):
            _ = bulletin_curl_setopt_ptr(easy, CURLOPT_CUSTOMREQUEST, method)
        }
    }
}
