import CPostgres
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What the server or libpq said when a call failed: the SQLSTATE (`42501`, empty when the
/// connection itself failed, https://www.postgresql.org/docs/15/errcodes-appendix.html), the
/// primary message, and whether the connection is gone.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SQLSTATE, or empty when libpq failed before the server answered.
    public var state: String
    /// The server's (or libpq's) primary message, one line.
    public var message: String
    /// Whether the connection was lost (`PQstatus` is `CONNECTION_BAD` after the call).
    public var connectionLost: Bool = false
    /// Whether the connection was given up because the server did not answer within
    /// `--timeout` + 2 s (a server stopped or cut off without a word).
    public var notAnswering: Bool = false

    public var description: String { state.isEmpty ? message : "\(message) (SQLSTATE \(state))" }

    /// A statement stopped by `statement_timeout` (57014 "canceling statement due to statement timeout").
    public var isStatementTimeout: Bool { state == "57014" && message.contains("statement timeout") }
    /// A statement stopped by ``PostgresConnection/cancel()`` (57014 "due to user request").
    public var isCancelled: Bool { state == "57014" && !isStatementTimeout }
}

/// One connection to a PostgreSQL server through libpq (`PQconnectdbParams`).
///
/// The connection string is a URL (`postgres://USER@HOST:PORT/DB?sslmode=require`) or
/// `key=value` pairs, read by libpq with everything it reads besides: the `PG*` environment
/// variables, `~/.pgpass`, `sslmode`. Statements are sent with their parameters in text
/// (`PQexecParams`, types left to the server), `?` in the SQL numbered `$1`, `$2`, … first
/// (``numberedParameters(_:)``). Values come back as ``SQLValue``s by their column's type.
///
/// Used from one task at a time (an actor owns it); ``cancel()`` is safe from any thread.
public final class PostgresConnection {
    private let handle: OpaquePointer
    /// `PQgetCancel`'s object, for ``cancel()`` from another thread.
    private let canceller = Mutex<CancelHandle?>(nil)
    /// Whether a statement is on its way, and the cancels of it still being sent.
    private let cancels = CancelGate()
    /// How long a statement's answer is waited for, in seconds, before the connection is given
    /// up (the server stopped answering: `statement_timeout` cannot end what it never runs);
    /// `nil`: for ever.
    private let answerTimeout: Double?
    /// Set when an answer did not come in time: the connection is mid-statement and is not used again.
    private var abandoned = false

    /// Connects to `conninfo`.
    /// - Parameters:
    ///   - conninfo: A `postgres://`/`postgresql://` URL or libpq's `key=value` pairs.
    ///   - statementTimeout: Each statement's limit (`statement_timeout`), in milliseconds; 0 for none.
    ///   - connectTimeout: How long connecting may take, in seconds (`connect_timeout`; the URL's own wins).
    ///   - settings: More of libpq's connection settings (`keepalives_idle`), which the URL's own replace.
    ///
    /// With a `statementTimeout`, a statement whose answer has not come 2 s after it is given up
    /// too, on this side (a server that stopped answering never applies its timeout): it fails
    /// as a lost connection, and the connection is not used again.
    /// - Throws: ``PostgresError`` with libpq's message (no server, wrong password, no such
    ///   database, TLS required) and ``PostgresError/connectionLost`` set.
    public init(conninfo: String, statementTimeout: Int = 0, connectTimeout: Int = 10,
                settings: KeyValuePairs<String, String> = [:]) throws(PostgresError) {
        answerTimeout = statementTimeout > 0 ? Double(statementTimeout) / 1000 + 2 : nil
        // Bulletin's defaults first: the connection string's own settings, which libpq reads
        // where `dbname` stands, replace them.
        let keys = ["connect_timeout", "application_name"] + settings.map(\.key) + ["dbname"]
        let values = [String(connectTimeout), "bulletin"] + settings.map(\.value) + [conninfo]
        let connection: OpaquePointer? = keys.withCStrings { keyPointers in
            values.withCStrings { valuePointers in PQconnectdbParams(keyPointers, valuePointers, 1) }
        }
        guard let connection else { throw PostgresError(state: "", message: "out of memory", connectionLost: true) }
        guard PQstatus(connection) == CONNECTION_OK else {
            // libpq may quote the connection string, password and all: never shown.
            let message = PostgresURL.scrubbed(String(cString: PQerrorMessage(connection)).trimmingCharacters(in: .whitespacesAndNewlines),
                                               conninfo: conninfo)
            PQfinish(connection)
            throw PostgresError(state: "", message: message, connectionLost: true)
        }
        // The server's notices and warnings (`NOTICE: trigger … does not exist, skipping`, `WARNING:
        // there is no transaction in progress`) are dropped: libpq's default prints them on stderr,
        // which is the terminal Bulletin draws on.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        canceller.withLock { $0 = PQgetCancel(connection).map(CancelHandle.init) }
        if statementTimeout > 0 {
            try execute("SET statement_timeout = \(statementTimeout)")
            // The server looks every second whether Bulletin is still there while a statement runs
            // (a save waiting for a row lock): quit, killed or cut off, its statement ends then,
            // not when the lock is free (PostgreSQL 14 and later; older servers do without).
            try? execute("SET client_connection_check_interval = 1000")
        }
    }

    deinit {
        canceller.withLock { $0 = nil }
        PQfinish(handle)
    }

    /// Whether the connection is still up (`CONNECTION_OK`) and usable (no answer was given up on).
    public var isConnected: Bool { !abandoned && PQstatus(handle) == CONNECTION_OK }
    /// The server's version (`15.20`), from `server_version`.
    public var serverVersion: String { parameter("server_version") ?? "?" }
    /// The role connected as.
    public var user: String { PQuser(handle).map { String(cString: $0) } ?? "" }
    /// The database connected to.
    public var database: String { PQdb(handle).map { String(cString: $0) } ?? "" }
    /// The host connected to (a Unix socket's directory, for one).
    public var host: String { PQhost(handle).map { String(cString: $0) } ?? "" }
    /// The port connected to.
    public var port: String { PQport(handle).map { String(cString: $0) } ?? "" }
    /// Whether the server asked for a password to open it (`PQconnectionUsedPassword`).
    public var usedPassword: Bool { PQconnectionUsedPassword(handle) == 1 }
    /// Whether the connection is encrypted with TLS, and its protocol (`TLSv1.3`) when it is.
    public var tls: String? {
        guard PQsslInUse(handle) == 1 else { return nil }
        return PQsslAttribute(handle, "protocol").map { String(cString: $0) } ?? "TLS"
    }

    /// The server process serving this connection (`PQbackendPID`): what a notification's
    /// sender is named by (``Notification/sender``).
    public var backendPID: Int32 { PQbackendPID(handle) }

    /// The connection's socket (`PQsocket`), to wait on for notifications; -1 when there is none.
    public var socket: Int32 { PQsocket(handle) }

    /// Whether the server ended this connection while it sat idle (a restart, an administrator's
    /// `pg_terminate_backend`): its socket has something to read although no statement runs,
    /// and reading it finds the connection closed. Asks nothing of the server (a `poll` with
    /// no wait). `nil` when the connection is still up; else the server's last words.
    public func endedWhileIdle() -> String? {
        guard isConnected else { return "the connection is closed" }
        // A server that ends a session sends its reason (FATAL 57P01), then closes: the first
        // read takes the message, the next finds the end. A few reads at most, none waiting.
        for _ in 0..<4 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return nil }
            do throws(PostgresError) { _ = try notifications() } catch { return error.message }
        }
        return nil
    }

    /// One `NOTIFY` the server delivered (`PQnotifies`): its channel, its payload, and the
    /// server process that sent it.
    public struct Notification: Hashable, Sendable {
        /// The channel (`LISTEN`'s name).
        public var channel: String
        /// The payload, as sent (`pg_notify`'s second argument; at most 8000 bytes).
        public var payload: String
        /// The server process of the session that sent it (``backendPID`` of that session's connection).
        public var sender: Int32
    }

    /// Reads what the server sent meanwhile (`PQconsumeInput`) and returns the notifications
    /// among it, oldest first; empty when none came. Does not wait: call it when ``socket`` is readable.
    /// - Throws: ``PostgresError`` with ``PostgresError/connectionLost`` when the server is gone.
    public func notifications() throws(PostgresError) -> [Notification] {
        guard PQconsumeInput(handle) == 1 else {
            let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PostgresError(state: "", message: message.isEmpty ? "the server closed the connection" : message,
                                connectionLost: true)
        }
        var received: [Notification] = []
        while let notify = PQnotifies(handle) {
            received.append(Notification(channel: String(cString: notify.pointee.relname),
                                         payload: String(cString: notify.pointee.extra), sender: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        if PQstatus(handle) != CONNECTION_OK {
            throw PostgresError(state: "", message: "the server closed the connection", connectionLost: true)
        }
        return received
    }

    /// A run-time parameter the server reports (`server_version`, `is_superuser`).
    public func parameter(_ name: String) -> String? { PQparameterStatus(handle, name).map { String(cString: $0) } }

    /// Runs `sql` (one or more statements, no parameters), discarding any rows.
    /// - Throws: ``PostgresError``.
    public func execute(_ sql: String) throws(PostgresError) {
        cancels.begin(waitingUpTo: answerTimeout ?? 10)
        defer { cancels.end() }
        guard PQsendQuery(handle, sql) == 1 else { throw sendFailure() }
        let result = try answer()
        PQclear(result)
    }

    /// The rows of `sql` with `values` bound to its `?`s, each row its column values.
    /// - Throws: ``PostgresError`` (a syntax error, a permission denied, a timeout, a lost connection).
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> [[SQLValue]] {
        let result = try sendMarked(sql, values)
        defer { PQclear(result) }
        let count = Int(PQntuples(result))
        let columns = Int(PQnfields(result))
        let types = (0..<columns).map { PQftype(result, Int32($0)) }
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(count)
        for row in 0..<count {
            var values: [SQLValue] = []
            values.reserveCapacity(columns)
            for column in 0..<columns {
                let (r, c) = (Int32(row), Int32(column))
                if PQgetisnull(result, r, c) == 1 {
                    values.append(.null)
                    continue
                }
                let length = Int(PQgetlength(result, r, c))
                let text = PQgetvalue(result, r, c).withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                values.append(Self.value(text, type: types[column]))
            }
            rows.append(values)
        }
        return rows
    }

    /// Runs one statement with `values` bound.
    /// - Returns: How many rows it changed (`PQcmdTuples`; 0 for a statement that changes none).
    /// - Throws: ``PostgresError``.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> Int {
        let result = try sendMarked(sql, values)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// Asks the server to stop the statement running on this connection (`PQcancel`); it then
    /// fails with SQLSTATE 57014 (``PostgresError/isCancelled``). Safe from any thread, and
    /// returns at once: the request (a connection of its own to the server, which a server that
    /// stopped answering never completes) is made on a thread of Dispatch's, never the caller's.
    /// Does nothing when no statement runs.
    ///
    /// The statement it stops is the one running when it is called: with none running it does
    /// nothing, and the next statement is not sent until the cancel has reached the server
    /// (``CancelGate``), so a cancel never lands on a later statement.
    public func cancel() {
        guard let handle = canceller.withLock({ $0 }), cancels.startCancel() else { return }
        let gate = cancels
        DispatchQueue.global(qos: .userInitiated).async {
            var buffer = [CChar](repeating: 0, count: 256)
            _ = PQcancel(handle.pointer, &buffer, Int32(buffer.count))
            gate.endCancel()
        }
    }

    // MARK: - Private

    private func send(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> OpaquePointer {
        let texts: [String?] = values.map(Self.text)
        let sent = texts.withOptionalCStrings { pointers in
            PQsendQueryParams(handle, Self.numberedParameters(sql), Int32(texts.count), nil, pointers, nil, nil, 0)
        }
        guard sent == 1 else { throw sendFailure() }
        return try answer()
    }

    /// ``send(_:_:)`` with the statement marked as on its way (``cancels``) while it runs.
    private func sendMarked(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> OpaquePointer {
        cancels.begin(waitingUpTo: answerTimeout ?? 10)
        defer { cancels.end() }
        return try send(sql, values)
    }

    /// The statement sent could not be: libpq's words, the connection lost or not.
    private func sendFailure() -> PostgresError {
        let message = String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresError(state: "", message: message.isEmpty ? "the statement could not be sent" : message,
                             connectionLost: PQstatus(handle) != CONNECTION_OK)
    }

    /// Waits for the answer of the statement(s) sent, reading as it comes (`PQconsumeInput`,
    /// `PQisBusy`, `PQgetResult` until none is left), up to ``answerTimeout``: the last result,
    /// or the first that failed.
    /// - Throws: ``PostgresError``: the server's error; a lost connection; no answer in time
    ///   (then a cancel is asked for and the connection is not used again).
    private func answer() throws(PostgresError) -> OpaquePointer {
        let deadline = answerTimeout.map { Date().addingTimeInterval($0) }
        var kept: OpaquePointer?
        var keptFailed = false
        while true {
            while PQisBusy(handle) == 1 {
                do throws(PostgresError) {
                    try waitForInput(until: deadline)
                } catch {
                    if let kept { PQclear(kept) }
                    throw error
                }
                guard PQconsumeInput(handle) == 1 else {
                    if let kept { PQclear(kept) }
                    throw sendFailure()
                }
            }
            guard let result = PQgetResult(handle) else { break }
            let status = PQresultStatus(result)
            let isError = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY
            if keptFailed {
                PQclear(result)
                continue
            }
            if let kept { PQclear(kept) }
            kept = result
            keptFailed = isError
        }
        guard let kept else { throw sendFailure() }
        do throws(PostgresError) { try check(kept) } catch {
            PQclear(kept)
            throw error
        }
        return kept
    }

    /// Sleeps in `poll` until the socket has something to read, or `deadline` passes: then
    /// the statement is given up (a cancel asked for, the connection abandoned).
    private func waitForInput(until deadline: Date?) throws(PostgresError) {
        while true {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let wait = deadline.map { max(0, Int32(($0.timeIntervalSinceNow * 1000).rounded(.up))) } ?? -1
            let ready = poll(&descriptor, 1, wait)
            if ready > 0 { return }
            if ready < 0 && errno == EINTR { continue }
            guard ready == 0, let answerTimeout else {
                throw PostgresError(state: "", message: "waiting for the server failed", connectionLost: true)
            }
            cancel()
            abandoned = true
            let seconds = answerTimeout - 2
            let said = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            throw PostgresError(state: "", message: "the server did not answer within \(said) s (--timeout)", connectionLost: true,
                                notAnswering: true)
        }
    }

    private func check(_ result: OpaquePointer?) throws(PostgresError) {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK else { return }
        let field = { (code: Int32) -> String? in result.flatMap { PQresultErrorField($0, code) }.map { String(cString: $0) } }
        let state = field(Int32(UInt8(ascii: "C"))) ?? ""
        let message = field(Int32(UInt8(ascii: "M")))
            ?? String(cString: PQerrorMessage(handle)).trimmingCharacters(in: .whitespacesAndNewlines)
        throw PostgresError(state: state, message: message.isEmpty ? "the server did not answer" : message,
                            connectionLost: PQstatus(handle) != CONNECTION_OK)
    }

    /// A parameter as the text the server reads for it (`nil` for NULL): booleans go as 0 and 1,
    /// which PostgreSQL reads as `false` and `true` for a boolean column; a blob as `\x…` hex.
    static func text(_ value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case let .integer(number): String(number)
        case let .real(number): String(number)
        case let .text(text): text
        case let .blob(bytes): "\\x" + bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    /// A column's text as a value, by its type's OID (`pg_type`): integers (int2, int4, int8,
    /// oid) `.integer`; float4, float8 and numeric `.real`; bool 0 or 1; bytea its bytes; the rest text.
    static func value(_ text: String, type: Oid) -> SQLValue {
        switch type {
        case 20, 21, 23, 26: return Int64(text).map(SQLValue.integer) ?? .text(text)
        case 700, 701, 1700: return Double(text).map(SQLValue.real) ?? .text(text)
        case 16: return .integer(text == "t" ? 1 : 0)
        case 17:
            guard text.hasPrefix("\\x") else { return .blob(Array(text.utf8)) }
            var bytes: [UInt8] = []
            var digits = text.utf8.dropFirst(2).makeIterator()
            while let high = digits.next(), let low = digits.next() {
                guard let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { break }
                bytes.append(byte)
            }
            return .blob(bytes)
        default: return .text(text)
        }
    }

    /// `sql` with each `?` outside quotes (`'…'`, `"…"`) numbered as PostgreSQL's `$1`, `$2`, …
    /// (the shared SQL layer writes `?` for both engines).
    static func numberedParameters(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var quote: Character?
        var number = 0
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// Keeps a cancel on the statement it was asked for: ``PostgresConnection/cancel()`` is sent only
/// while a statement runs, and the next statement waits until the cancels sent have reached the
/// server (`PQcancel` returns once the server has the request), up to a limit (a server that
/// stopped answering never answers a cancel either).
private final class CancelGate: Sendable {
    private struct State {
        var running = false
        var inFlight = 0
    }

    private let state = Mutex(State())

    /// A statement is about to be sent: waits (up to `seconds`) for the cancels in flight, then marks it running.
    func begin(waitingUpTo seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while state.withLock({ $0.inFlight > 0 }), Date() < deadline { usleep(1_000) }
        state.withLock { $0.running = true }
    }

    /// The statement has its answer (or failed).
    func end() { state.withLock { $0.running = false } }

    /// Whether a cancel is to be sent now (a statement runs); counts it in flight when so.
    func startCancel() -> Bool {
        state.withLock { state in
            guard state.running else { return false }
            state.inFlight += 1
            return true
        }
    }

    /// A cancel reached the server (or failed to).
    func endCancel() { state.withLock { $0.inFlight -= 1 } }
}

/// `PQgetCancel`'s object carried across threads (libpq allows `PQcancel` from any thread),
/// freed when the connection and every cancel in flight are done with it.
private final class CancelHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { PQfreeCancel(pointer) }
}

extension Array where Element == String {
    /// Calls `body` with the strings as a NULL-terminated array of C strings.
    func withCStrings<T>(_ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}

extension Array where Element == String? {
    /// Calls `body` with the strings as an array of C strings, `nil` kept as a null pointer.
    func withOptionalCStrings<T>(_ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
