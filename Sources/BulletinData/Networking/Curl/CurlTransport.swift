import CCurl
import Foundation

/// Bulletin's one door to libcurl: every HTTP request runs on one curl multi handle, driven by
/// one dedicated thread that sleeps in `curl_multi_poll` (so a waiting request costs no CPU)
/// and is woken by `curl_multi_wakeup` when a request is added or cancelled.
///
/// Each ``perform(_:)`` is one hop (redirects are ``HTTPClient``'s, see ``Redirect``). Task
/// cancellation removes the request's easy handle at once, which closes its connection; the
/// deadlines are libcurl's: `CURLOPT_CONNECTTIMEOUT_MS` and `CURLOPT_TIMEOUT_MS`, both the
/// request's timeout, bound the connection and the whole request. Finished connections stay in the multi
/// handle's cache (at most ``maxConnections``) for reuse; libcurl drops the ones a server closed.
final class CurlTransport: @unchecked Sendable {
    /// The transport every ``HTTPClient`` uses.
    static let shared = CurlTransport()

    /// The transport thread's name (as `/proc/self/task/TID/comm` shows it: at most 15 bytes).
    static let threadName = "bulletin-curl"

    /// The most idle connections kept open for reuse (`CURLMOPT_MAXCONNECTS`).
    static let maxConnections = 8

    private let multi: UnsafeMutableRawPointer
    private let lock = NSLock()
    /// Requests waiting to be added to the multi handle (guarded by `lock`).
    private var pendingAdds: [CurlTransfer] = []
    /// Requests whose task was cancelled (guarded by `lock`).
    private var pendingCancels: [CurlTransfer] = []
    /// Requests on the multi handle, by easy handle; touched only by the transport thread.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// The name of this transport's thread (``threadName`` for ``shared``).
    let name: String

    /// Starts a transport with its own multi handle and thread, named `threadName` (at most 15 bytes).
    /// The thread runs for the life of the process: keep the transport for as long (a `static let`).
    init(threadName: String = CurlTransport.threadName) {
        name = threadName
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        self.multi = multi
        _ = bulletin_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, Self.maxConnections)
        let thread = Thread { [unowned self] in
            bulletin_name_this_thread(threadName)
            self.run()
        }
        thread.start()
    }

    // MARK: - API

    /// Sends `request` (one hop) and returns the answer, whatever its status.
    /// - Throws: ``DataError``: `.transport` with a readable reason, `.timedOut`, `.cancelled`,
    ///   `.responseTooLarge`, `.invalidURL` for a URL libcurl refuses.
    func perform(_ request: HTTPRequest) async throws(DataError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let transfer = try CurlTransfer(request)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, DataError>, Never>) in
                transfer.continuation = continuation
                add(transfer)
            }
        } onCancel: {
            cancel(transfer)
        }
        return try result.get()
    }

    // MARK: - Queue (any thread)

    private func add(_ transfer: CurlTransfer) {
        let cancelledAlready = lock.withLock { () -> Bool in
            if transfer.cancelRequested { return true }
            pendingAdds.append(transfer)
            return false
        }
        if cancelledAlready {
            transfer.finish(.failure(.cancelled))
        } else {
            curl_multi_wakeup(multi)
        }
    }

    private func cancel(_ transfer: CurlTransfer) {
        lock.withLock {
            transfer.cancelRequested = true
            pendingCancels.append(transfer)
        }
        curl_multi_wakeup(multi)
    }

    // MARK: - Transport thread

    private func run() {
        var running: Int32 = 0
        while true {
            let (adds, cancels) = lock.withLock { () -> ([CurlTransfer], [CurlTransfer]) in
                defer { pendingAdds.removeAll(); pendingCancels.removeAll() }
                return (pendingAdds, pendingCancels)
            }
            for transfer in adds {
                if curl_multi_add_handle(multi, transfer.easy) == CURLM_OK {
                    active[transfer.easy] = transfer
                } else {
                    transfer.finish(.failure(.transport(url: transfer.url.absoluteString, reason: "could not start the request")))
                }
            }
            for transfer in cancels where active[transfer.easy] === transfer {
                retire(transfer)
                transfer.finish(.failure(.cancelled))
            }
            curl_multi_perform(multi, &running)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                      let transfer = active[easy] else { continue }
                let code = bulletin_curl_message_result(message)
                retire(transfer)
                transfer.finish(transfer.outcome(code))
            }
            // Sleeps until a socket is ready, one of libcurl's timers is due, or a wakeup;
            // with nothing to do, 30 s at a time.
            curl_multi_poll(multi, nil, 0, active.isEmpty ? 30_000 : 1_000, nil)
        }
    }

    /// Takes `transfer` off the multi handle (closing its connection if it was mid-transfer).
    private func retire(_ transfer: CurlTransfer) {
        curl_multi_remove_handle(multi, transfer.easy)
        active[transfer.easy] = nil
    }
}
