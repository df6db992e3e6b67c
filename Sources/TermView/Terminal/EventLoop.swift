import CTerminalSafety
import Dispatch
import Foundation

/// Turns stdin readability and signals into events on the main queue, without polling.
///
/// The composition root creates one loop, calls ``start(keys:)``, then `dispatchMain()`.
/// Idle CPU is zero: the handler runs only when stdin has bytes or a signal arrives.
@MainActor
public final class EventLoop {
    /// What happened.
    public enum Event: Sendable {
        /// A key was read.
        case key(Key)
        /// The terminal changed size (`SIGWINCH`); call `refreshSize()` and redraw.
        case resize
        /// The process was asked to end (`SIGTERM`, `SIGINT`, `SIGHUP`, `SIGQUIT`, and every
        /// other signal whose default action would end it without a word: `SIGUSR1`,
        /// `SIGUSR2`, `SIGALRM`, `SIGPIPE`, `SIGXFSZ`, `SIGXCPU`, `SIGVTALRM`, `SIGPROF`,
        /// `SIGSTKFLT`, `SIGPWR`, `SIGIO` and the real-time signals); restore the terminal and
        /// exit. Also sent with `SIGHUP` when stdin reaches end of file.
        case terminate(signal: Int32)
        /// The user pressed Ctrl-Z (`SIGTSTP`): restore the terminal, stop the process
        /// (`NcursesBackend.stopForJobControl()`), and on return re-enter and redraw.
        case suspend
        /// The process was continued (`SIGCONT`, e.g. after `kill -STOP`/`-CONT`): the
        /// screen may hold anything, so repaint all of it.
        case resume
    }

    // MARK: - Properties

    /// Signals reported as ``Event/terminate(signal:)``: every signal whose default action
    /// ends the process (signal(7): "Term" and "Core") except the crash signals, which the
    /// backend's crash handler restores from (`SIGSEGV`, `SIGABRT`, `SIGILL`, `SIGBUS`,
    /// `SIGFPE`, `SIGTRAP`, `SIGSYS`), and `SIGKILL`, which nothing can catch. That includes
    /// the real-time signals, `SIGRTMIN` … `SIGRTMAX` (34 … 64 with glibc), whose default
    /// action is to end the process too.
    ///
    /// Each is ignored (`SIG_IGN`) and blocked on the main thread (see ``start(keys:)``), so the
    /// write that raises a `SIGPIPE` or `SIGXFSZ` fails with `EPIPE` or `EFBIG` instead of
    /// killing the process with the terminal still in full-screen mode.
    static let terminatingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT,
                                              SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXFSZ, SIGXCPU,
                                              SIGVTALRM, SIGPROF, SIGSTKFLT, SIGPWR, SIGIO]
        + Array(bulletin_realtime_signal_first()...bulletin_realtime_signal_last())
    /// Wake-ups with nothing to read in a row before stdin counts as closed.
    private static let emptyWakeupLimit = 50

    private let handler: @MainActor (Event) -> Void
    private var keys: (@MainActor () -> Key?)?
    private var sources: [any DispatchSourceProtocol] = []
    private var emptyWakeups = 0

    // MARK: - Init

    /// Creates a stopped loop; `handler` is called on the main queue for every event.
    public init(handler: @escaping @MainActor (Event) -> Void) {
        self.handler = handler
    }

    // MARK: - API

    /// Starts watching stdin (fd 0) and the signals.
    ///
    /// A `DispatchSource` read source on fd 0 drains every pending key through `keys` and
    /// reports each as ``Event/key(_:)``. `SIGWINCH` becomes ``Event/resize``, `SIGTSTP`
    /// ``Event/suspend`` and `SIGCONT` ``Event/resume`` (both through a self-pipe); `SIGTERM`,
    /// `SIGINT`, `SIGHUP`, `SIGQUIT` and the others of ``terminatingSignals`` become
    /// ``Event/terminate(signal:)``. For each signal
    /// the default action is disabled (`signal(2)` with `SIG_IGN`) and the signal is blocked
    /// on the main thread (`pthread_sigmask(3)`) so that libdispatch's `signalfd` on Linux
    /// receives it. Calling `start` again restarts the loop.
    /// - Parameter keys: Returns the next pending key without blocking, `nil` when none.
    public func start(keys: @escaping @MainActor () -> Key?) {
        stop()
        self.keys = keys
        let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.drainInput() }
        }
        sources.append(input)
        watch(signal: SIGWINCH, as: .resize)
        routeThroughPipe([SIGTSTP: .suspend, SIGCONT: .resume])
        for signal in Self.terminatingSignals {
            watch(signal: signal, as: .terminate(signal: signal))
        }
        sources.forEach { $0.resume() }
    }

    /// Cancels the stdin and signal sources. Signals stay ignored and blocked, so a late
    /// `SIGTERM` during shutdown cannot kill the process before the terminal is restored.
    public func stop() {
        sources.forEach { $0.cancel() }
        sources.removeAll()
        keys = nil
        emptyWakeups = 0
    }

    // MARK: - Private

    private func watch(signal number: Int32, as event: Event) {
        signal(number, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handler(event) }
        }
        sources.append(source)
    }

    /// Watches signals that arrive many times (Ctrl-Z, `fg`) through a self-pipe instead of a
    /// dispatch signal source, so they do not depend on libdispatch's signal hand-off (the
    /// main thread parks in `sigsuspend` after `dispatchMain()`). The C handler writes the
    /// signal number to a pipe; a read source on the pipe reports each byte as its event.
    private func routeThroughPipe(_ events: [Int32: Event]) {
        var descriptor: Int32 = -1
        for signal in events.keys.sorted() { descriptor = bulletin_signal_pipe_route(signal) }
        guard descriptor >= 0 else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                var byte: UInt8 = 0
                while read(descriptor, &byte, 1) == 1 {
                    guard let self, self.keys != nil, let event = events[Int32(byte)] else { continue }
                    self.handler(event)
                }
            }
        }
        sources.append(source)
    }

    /// Reads every pending key. Readable with nothing to read, many times in a row, means
    /// stdin is closed (a hung-up terminal): report it once and stop, instead of spinning.
    private func drainInput() {
        guard let keys else { return }
        var readAny = false
        while let key = keys() {
            readAny = true
            handler(.key(key))
            guard self.keys != nil else { return }   // the handler stopped the loop
        }
        emptyWakeups = readAny || bytesWaiting() > 0 ? 0 : emptyWakeups + 1
        if emptyWakeups >= Self.emptyWakeupLimit {
            stop()
            handler(.terminate(signal: SIGHUP))
        }
    }

    /// Bytes waiting on stdin (`ioctl(2)` `FIONREAD`); 0 when unknown.
    private func bytesWaiting() -> Int32 {
        var count: Int32 = 0
        return ioctl(0, UInt(FIONREAD), &count) == 0 ? count : 0
    }
}
