import Foundation

/// When and how long ``HTTPClient`` waits before trying a `GET` again.
///
/// Retries follow the usual HTTP practice: only idempotent `GET`s (the client sends no
/// writes), only on `429 Too Many Requests`, `502`, `503`, `504` and on transport failures
/// (connection refused or lost), with exponential backoff and jitter
/// (`baseDelay × 2^(attempt-1)`, capped at `maxDelay`, then scaled by a random factor in
/// 0.5…1). A `Retry-After` header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) replaces
/// the backoff; when it asks for longer than `maxRetryAfter` the request is not retried.
/// Timeouts are not retried: the person has already waited the whole timeout.
public struct RetryPolicy: Sendable, Equatable {
    /// How many times a request is sent at most, the first one included (1 means no retries).
    public var maxAttempts: Int
    /// The backoff before the first retry, in seconds.
    public var baseDelay: TimeInterval
    /// The longest backoff, in seconds.
    public var maxDelay: TimeInterval
    /// The longest `Retry-After` honoured, in seconds; a longer one fails at once.
    public var maxRetryAfter: TimeInterval

    /// Statuses worth retrying: 429, 502, 503, 504.
    public static let retryableStatuses: Set<Int> = [429, 502, 503, 504]

    /// Three attempts, 0.5 s base, 4 s cap, `Retry-After` up to 10 s.
    public static let standard = RetryPolicy(maxAttempts: 3, baseDelay: 0.5, maxDelay: 4, maxRetryAfter: 10)

    /// One attempt, no retries.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: 0, maxDelay: 0, maxRetryAfter: 0)

    /// Creates a policy; delays in seconds.
    public init(maxAttempts: Int, baseDelay: TimeInterval, maxDelay: TimeInterval, maxRetryAfter: TimeInterval) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The backoff before retry number `attempt` (1 for the first retry), in seconds.
    /// - Parameter jitter: A factor in 0…1 (random in use) mapped onto 0.5…1 of the capped delay.
    public func backoff(attempt: Int, jitter: Double) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(max(0, attempt - 1)))
        return min(maxDelay, exponential) * (0.5 + 0.5 * min(1, max(0, jitter)))
    }

    /// How long to wait before sending again after `error` on attempt `attempt` (1-based), or
    /// `nil` when the request should not be retried.
    /// - Parameter retryAfter: The response's `Retry-After`, already turned into seconds.
    public func delay(after error: DataError, attempt: Int, retryAfter: TimeInterval?) -> TimeInterval? {
        guard attempt < maxAttempts else { return nil }
        switch error {
        case let .badStatus(code, _, _) where Self.retryableStatuses.contains(code):
            break
        case .transport:
            break
        default:
            return nil
        }
        if let retryAfter {
            return retryAfter <= maxRetryAfter ? max(0, retryAfter) : nil
        }
        return backoff(attempt: attempt, jitter: Double.random(in: 0...1))
    }

    /// Seconds until the time a `Retry-After` value names: delay-seconds (`"120"`) or an
    /// HTTP-date (`"Wed, 21 Oct 2015 07:28:00 GMT"`); `nil` when absent or unreadable.
    public static func retryAfterSeconds(_ value: String?, now: Date = Date()) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        guard let date = httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
