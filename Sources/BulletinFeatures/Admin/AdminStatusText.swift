import BulletinData
import Foundation

/// The Admin panel's status lines, as plain functions of the request log, so they are tested
/// without a screen. Times are clock times (`14:05:09`) in the given time zone.
public enum AdminStatusText {
    /// The line under the field while an export runs: `Exporting… 312.0 of 611.5 MB read (51%)
    /// · Esc cancels` once a streamed export says how far it has got, else `Exporting… · Esc cancels`.
    public static func exportLine(_ progress: ExportFile.Progress?) -> String {
        guard let done = progress?.done, let total = progress?.total, total > 0 else { return "Exporting… · Esc cancels" }
        let percent = min(100, done * 100 / total)
        let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_000_000) }
        return "Exporting… \(megabytes(done)) of \(megabytes(total)) MB read (\(percent)%) · Esc cancels"
    }

    /// `14:05:09`.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// Columns the method takes in ``requestLine(_:timeZone:)``: `DELETE`, the longest method
    /// Bulletin sends, whole; a longer one (`OPTIONS`) is shown whole too, one column wider.
    public static let methodWidth = 6

    /// `14:05:09  GET    200       12 ms  /posts?userId=1`: time, method (whole), status,
    /// duration, then the path last so that a narrow screen wraps only the path.
    public static func requestLine(_ request: RequestRecord, timeZone: TimeZone) -> String {
        let method = request.method.padding(toLength: max(methodWidth, request.method.count), withPad: " ", startingAt: 0)
        let status = request.statusText.padding(toLength: 6, withPad: " ", startingAt: 0)
        let duration = String(request.milliseconds)
        let padded = String(repeating: " ", count: max(0, 6 - duration.count)) + duration
        return "\(clockTime(request.date, timeZone: timeZone))  \(method) \(status) \(padded) ms  \(request.path)"
    }

    /// `14:05:09  Cannot reach http://127.0.0.1:9/users: connection refused`; a failed write
    /// names its method first: `14:05:09  DELETE HTTP 500 from http://…/posts/3: {"error": …}`
    /// (time, method, then the status, URL and cause as the error says them).
    public static func errorLine(_ record: ErrorRecord, timeZone: TimeZone) -> String {
        let method = record.method.map { $0.padding(toLength: max(methodWidth, $0.count), withPad: " ", startingAt: 0) + " " } ?? ""
        return "\(clockTime(record.date, timeZone: timeZone))  \(method)\(record.error.description)"
    }

    /// `14:05:09, took 230 ms (GET /users)`, or `not yet` before anything has loaded.
    public static func lastLoad(_ request: RequestRecord?, timeZone: TimeZone) -> String {
        guard let request else { return "not yet" }
        return "\(clockTime(request.date, timeZone: timeZone)), took \(request.milliseconds) ms (\(request.method) \(request.path))"
    }

    /// `57 of 60 requests left, resets at 15:04:00`, or `not reported yet`.
    public static func rateLimit(_ status: RateLimitStatus?, timeZone: TimeZone) -> String {
        guard let status else { return "not reported yet" }
        let reset = status.resetAt.map { ", resets at \(clockTime($0, timeZone: timeZone))" } ?? ""
        return "\(status.remaining) of \(status.limit) requests left\(reset)"
    }

    /// `on` or `off: started with --read-only`; with `copyPath` (the embedded set's copy)
    /// `on, to a copy: PATH (later runs open it; --reset-embedded goes back to the original)`.
    public static func writes(_ access: WriteAccess, copyPath: String? = nil) -> String {
        switch access {
        case .allowed: copyPath.map { "on, to a copy: \($0) (\(EmbeddedDataWriter.copyHint))" } ?? "on"
        case let .denied(reason): "off: \(reason)"
        }
    }
}
