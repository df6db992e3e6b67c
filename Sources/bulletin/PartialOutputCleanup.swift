import Foundation

/// Removes a command's half-built output (`OUT.sqlite.importing-PID`) when the process is
/// ended by `SIGINT`, `SIGTERM`, `SIGHUP` or `SIGQUIT` while `bulletin import` or `export` runs,
/// then ends it by that signal as it would have been (`raise` with the default action), so the
/// shell sees the same status.
///
/// The handler does only what is async-signal-safe: `unlink(2)` of a path copied to C memory
/// beforehand, `signal(2)` and `raise(3)`.
enum PartialOutputCleanup {
    /// The path to remove, as C text made before the handlers are installed.
    nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handlers for `output`, and unblocks the signals (a parent may have spawned
    /// the process with them blocked, and blocked they would wait until the import is done).
    static func install(removing output: String) {
        path = strdup(output)
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            signal(number) { received in
                if let path = PartialOutputCleanup.path { unlink(path) }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
