import CCurl
import Foundation

/// libcurl's result codes as Bulletin's ``DataError``s, with short readable reasons.
///
/// The reasons that mean the request surely never reached the server ("connection refused",
/// "host not found", "secure connection failed (TLS)", "unsupported URL", "bad URL") are the
/// ones ``DataError/mayHaveReachedServer`` lists; a dropped connection after sending
/// ("connection lost", "empty response") and a timeout may have reached it.
enum CurlErrors {
    /// The error for a transfer to `url` that libcurl ended with `code` (not `CURLE_OK`).
    static func dataError(_ code: CURLcode, url: URL) -> DataError {
        if code == CURLE_OPERATION_TIMEDOUT { return .timedOut(url: url.absoluteString) }
        if code == CURLE_URL_MALFORMAT { return .invalidURL(url.absoluteString) }
        return .transport(url: url.absoluteString, reason: reason(for: code))
    }

    /// A short reason for `code`, such as `connection refused`; libcurl's own words otherwise.
    static func reason(for code: CURLcode) -> String {
        switch code {
        case CURLE_COULDNT_CONNECT: "connection refused"
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: "host not found"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
             CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
            "secure connection failed (TLS)"
        case CURLE_UNSUPPORTED_PROTOCOL: "unsupported URL"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: "connection lost"
        case CURLE_GOT_NOTHING: "empty response"
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING: "bad server response"
        case CURLE_OUT_OF_MEMORY: "out of memory"
        default: JSONDecoding.singleLine(String(cString: curl_easy_strerror(code)))
        }
    }
}

extension CurlErrors {
    /// As ``dataError(_:url:)`` for a numeric `CURLcode` (for tests, which do not import libcurl).
    static func dataError(rawCode: Int, url: URL) -> DataError {
        dataError(CURLcode(rawValue: UInt32(rawCode)), url: url)
    }
}
