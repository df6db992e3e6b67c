import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `--live` on a PostgreSQL database (issue 26 item 4): a connection of its own that `LISTEN`s
/// on ``PostgresNotify/channel`` and reports each change the triggers send, as ``LiveEvent``s.
///
/// Its thread sleeps in `poll(2)` on the connection's socket (and a pipe that ``stop()``
/// writes to), so nothing is asked of the server until it sends something: no polling. When
/// the connection is lost (the server stopped, the session ended by an administrator, the
/// network cut), it says so (``LiveEvent/lost(reason:retryIn:)``) and connects again after
/// 0.5 s, then 1, 2, 4 … up to ``longestWait`` seconds between tries; once back, it reports
/// ``LiveEvent/restored`` (what changed meanwhile is not known). A database without the
/// triggers is said once (``LiveEvent/notInstalled(hint:)``), with the command that installs them.
///
/// Changes sent by `ignoring`'s sessions (Bulletin's own writes, which refresh the screens
/// themselves) are not reported.
public final class PostgresListener: LiveChanges, Sendable {
    /// The longest wait between two tries to connect again, in seconds.
    public static let longestWait = 8.0
    /// The listening connection's TCP keepalives: a network cut that no packet reports is found
    /// within about a minute (30 s idle, then 3 probes 10 s apart), not the system's two hours.
    static let keepalives: KeyValuePairs<String, String> = [
        "keepalives": "1", "keepalives_idle": "30", "keepalives_interval": "10", "keepalives_count": "3",
    ]

    private let conninfo: String
    private let location: String
    private let mapping: SQLMapping
    private let ignoring: @Sendable () -> Set<Int32>
    private let state = Mutex(State())
    /// The pipe ``stop()`` writes to, waking the thread out of `poll`.
    private let wake: (read: Int32, write: Int32)

    private struct State {
        var started = false
        var stopped = false
        var continuation: AsyncStream<LiveEvent>.Continuation?
    }

    /// - Parameters:
    ///   - conninfo: The source's connection string.
    ///   - location: The URL without its password, for the hint and the messages.
    ///   - mapping: The source's `--map`, to know which tables are which kinds.
    ///   - ignoring: The server processes whose notifications are not reported (read at each one).
    public init(conninfo: String, location: String, mapping: SQLMapping, ignoring: @escaping @Sendable () -> Set<Int32> = { [] }) {
        self.conninfo = conninfo
        self.location = location
        self.mapping = mapping
        self.ignoring = ignoring
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// Starts the thread and returns its events; a second call returns a stream that ends at once.
    public func events() -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .unbounded)
        let first = state.withLock { state -> Bool in
            guard !state.started, !state.stopped else { return false }
            state.started = true
            state.continuation = continuation
            return true
        }
        guard first else {
            continuation.finish()
            return stream
        }
        let thread = Thread { [self] in run() }
        thread.name = "bulletin-postgres-listen"
        thread.start()
        return stream
    }

    /// Stops listening: the thread closes its connection and the stream ends.
    public func stop() {
        let continuation = state.withLock { state -> AsyncStream<LiveEvent>.Continuation? in
            state.stopped = true
            defer { state.continuation = nil }
            return state.continuation
        }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        continuation?.finish()
    }

    // MARK: - The thread

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func send(_ event: LiveEvent) {
        _ = state.withLock { $0.continuation }?.yield(event)
    }

    /// Connects, listens and reports until stopped; after a loss, waits and connects again.
    private func run() {
        var wait = 0.5
        var lost = false
        var saidNotInstalled = false
        while !isStopped {
            do throws(PostgresError) {
                let connection = try PostgresConnection(conninfo: conninfo, connectTimeout: 10, settings: Self.keepalives)
                let schema = try PostgresCatalog.read(from: connection)
                let layout: SQLLayout
                do throws(DataError) { layout = try SQLLayout.resolve(schema, mapping: mapping, what: location) } catch {
                    // A database Bulletin cannot read (its screens say why too): nothing to watch.
                    return send(.stopped(reason: error.description))
                }
                // Listening even without triggers: ones installed later are heard at once.
                try connection.execute("LISTEN \(PostgresNotify.channel)")
                try announce(connection, layout, repeating: !saidNotInstalled)
                saidNotInstalled = true
                if lost { send(.restored) }
                lost = false
                wait = 0.5
                try listen(on: connection, layout: layout)
            } catch {
                guard !isStopped else { return }
                if Self.isPermanent(error) {
                    send(.stopped(reason: PostgresWords.connectReason(error.message)))
                    return
                }
                if !lost || error.connectionLost { send(.lost(reason: PostgresWords.connectReason(error.message), retryIn: wait)) }
                lost = true
                sleep(seconds: wait)
                wait = min(wait * 2, Self.longestWait)
            }
        }
    }

    /// Whether connecting failed in a way trying again cannot mend: the server refused the login
    /// (a wrong password, no such role or database, not allowed from here) or libpq could not
    /// read the connection string. A server that is down, starting or shutting down is tried again.
    static func isPermanent(_ error: PostgresError) -> Bool {
        let message = error.message.lowercased()
        return ["password authentication failed", "no password supplied", "does not exist", "pg_hba.conf",
                "invalid connection option", "invalid uri", "invalid percent-encoded", "missing \"=\"", "invalid ipv6"]
            .contains { message.contains($0) }
    }

    /// Says which kinds' tables have the triggers: ``LiveEvent/watching(kinds:missing:)``, or
    /// ``LiveEvent/notInstalled(hint:)`` when none has (unless `repeating` is off: said once).
    private func announce(_ connection: PostgresConnection, _ layout: SQLLayout, repeating: Bool) throws(PostgresError) {
        let triggered = try PostgresNotify.triggeredTables(connection)
        let kinds = SQLLayout.Kind.allCases.filter { kind in layout.table(kind).map { triggered[$0.table] == 3 } ?? false }
        guard !kinds.isEmpty else {
            if repeating { send(.notInstalled(hint: PostgresNotify.installHint(location))) }
            return
        }
        let missing = SQLLayout.Kind.allCases.compactMap { kind in layout.table(kind).flatMap { triggered[$0.table] == 3 ? nil : $0.table } }
        send(.watching(kinds: kinds, missing: missing))
    }

    /// Reports the notifications on `connection` as they come, until stopped; the triggers
    /// installed or removed (``PostgresNotify/control(_:)``) are looked at again and said.
    /// - Throws: ``PostgresError`` when the connection is lost.
    private func listen(on connection: PostgresConnection, layout: SQLLayout) throws(PostgresError) {
        while !isStopped {
            guard try waitForInput(connection) else { return }
            let received = try connection.notifications().filter { $0.channel == PostgresNotify.channel }
            let skipped = received.isEmpty ? [] : ignoring()
            let changes = received.compactMap { notification -> DataChange? in
                guard !skipped.contains(notification.sender) else { return nil }
                return PostgresNotify.change(from: notification.payload, layout: layout)
            }
            if !changes.isEmpty { send(.changed(changes)) }
            if received.contains(where: { PostgresNotify.isControl($0.payload) }) { try announce(connection, layout, repeating: true) }
        }
    }

    /// Sleeps until the server sends something on `connection` (`true`) or ``stop()`` is called (`false`).
    private func waitForInput(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
        var fds = [pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { throw PostgresError(state: "", message: "poll failed", connectionLost: true) }
            if fds[1].revents != 0 || isStopped { return false }
            return true
        }
    }

    /// Waits `seconds`, or less when ``stop()`` is called.
    private func sleep(seconds: Double) {
        var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, Int32(seconds * 1000))
    }
}
