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
        /// `SIGUSR2`, `SIGALRM`, `SIGPIPE` and `SIGXFSZ` sent by another process, `SIGXCPU`,
        /// `SIGVTALRM`, `SIGPROF`, `SIGSTKFLT`, `SIGPWR`, `SIGIO` and the real-time signals);
        /// restore the terminal and exit. Also sent with `SIGHUP` when stdin reaches end of file.
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
    /// Each is caught by the self-pipe's handler (see ``start(keys:)``), so none ends the
    /// process with the terminal still in full-screen mode; ``writeFailureSignals`` only when
    /// another process sends them.
    static let terminatingSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT,
                                              SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXFSZ, SIGXCPU,
                                              SIGVTALRM, SIGPROF, SIGSTKFLT, SIGPWR, SIGIO]
        + Array(bulletin_realtime_signal_first()...bulletin_realtime_signal_last())
    /// The terminating signals the kernel also raises at a thread of this process whose write
    /// failed (`SIGPIPE`: a closed pipe or socket; `SIGXFSZ`: past `RLIMIT_FSIZE`). Those are
    /// dropped, so the write fails with `EPIPE` or `EFBIG` and the app goes on; sent by another
    /// process (`kill -PIPE`) they end it as the others do (`bulletin_signal_pipe_route_sent`).
    static let writeFailureSignals: Set<Int32> = [SIGPIPE, SIGXFSZ]
    /// Wake-ups with nothing to read in a row before stdin counts as closed.
    private static let emptyWakeupLimit = 50

    private let handler: @MainActor (Event) -> Void
    private var keys: (@MainActor () -> Key?)?
    private var sources: [any DispatchSourceProtocol] = []
    /// The self-pipe's read end and the event of each signal routed to it, while the loop runs.
    private var pipe: (descriptor: Int32, events: [Int32: Event])?
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
    /// ``Event/suspend``, `SIGCONT` ``Event/resume``, and `SIGTERM`, `SIGINT`, `SIGHUP`,
    /// `SIGQUIT` and the others of ``terminatingSignals`` ``Event/terminate(signal:)``.
    ///
    /// Every one of them goes through one self-pipe (`bulletin_signal_pipe_route`): a
    /// `sigaction(2)` handler, which runs on whichever thread the kernel hands the signal to,
    /// writes its number to a pipe, and a read source on the pipe reports each byte as its
    /// event on the main queue. The handler is in place when `start` returns, and none of the
    /// signals is blocked, so none waits for a thread that never takes it. (They used to be
    /// `SIG_IGN` with dispatch signal sources, blocked on the main thread only. libdispatch
    /// installs its own handler only when its manager thread registers a source, later: a
    /// process-directed `SIGTERM` that came first, such as one sent as soon as the first frame
    /// showed, went to a thread not blocking it and was discarded. Its handler also reported the
    /// `SIGXFSZ` of the app's own failed write as an ending.)
    /// Calling `start` again restarts the loop.
    /// - Parameter keys: Returns the next pending key without blocking, `nil` when none.
    public func start(keys: @escaping @MainActor () -> Key?) {
        stop()
        self.keys = keys
        let input = DispatchSource.makeReadSource(fileDescriptor: 0, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.drainInput() }
        }
        sources.append(input)
        var events: [Int32: Event] = [SIGWINCH: .resize, SIGTSTP: .suspend, SIGCONT: .resume]
        for signal in Self.terminatingSignals { events[signal] = .terminate(signal: signal) }
        routeThroughPipe(events)
        sources.forEach { $0.resume() }
    }

    /// Cancels the stdin and pipe sources. The signals stay caught (their bytes wait in the
    /// pipe), so a late `SIGTERM` during shutdown cannot kill the process before the terminal
    /// is restored.
    public func stop() {
        sources.forEach { $0.cancel() }
        sources.removeAll()
        keys = nil
        pipe = nil
        emptyWakeups = 0
    }

    /// Takes the signals waiting in the self-pipe now off it, dropping those in `dropped` and
    /// reporting the others as usual, on the main queue after the work in hand. For a terminal
    /// lent to a program (a text browser): the Ctrl-C typed into it reached Bulletin too, and
    /// was for that program.
    public func dropPendingSignals(_ dropped: Set<Int32>) {
        guard let pipe else { return }
        var kept: [Event] = []
        var byte: UInt8 = 0
        while read(pipe.descriptor, &byte, 1) == 1 {
            guard !dropped.contains(Int32(byte)), let event = pipe.events[Int32(byte)] else { continue }
            kept.append(event)
        }
        guard !kept.isEmpty else { return }
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                for event in kept {
                    guard let self, self.keys != nil else { return }
                    self.handler(event)
                }
            }
        }
    }

    // MARK: - Private

    /// Routes `events`' signals through the self-pipe (the C handler writes the signal number
    /// to it; ``writeFailureSignals`` only when another process sent them) and reports each
    /// byte read from it as its event while the loop runs.
    private func routeThroughPipe(_ events: [Int32: Event]) {
        var descriptor: Int32 = -1
        for signal in events.keys.sorted() {
            let routed = Self.writeFailureSignals.contains(signal)
                ? bulletin_signal_pipe_route_sent(signal) : bulletin_signal_pipe_route(signal)
            if routed >= 0 { descriptor = routed }
        }
        guard descriptor >= 0 else { return }
        pipe = (descriptor, events)
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
