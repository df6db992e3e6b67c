import Foundation

/// One connection to the server, opened on first use and again after the server ended it
/// (the source's own, a reader's): its reads in Bulletin's words, recorded in the request log.
/// Used by the one actor that owns it.
final class PostgresLink {
    private let conninfo: String
    private let location: String
    private let statementTimeout: Int
    private var connection: PostgresConnection?
    /// The last try to connect, when it failed slowly (a server that does not answer: a second or
    /// more), and why: the reads queued behind it fail at once with it for ``failureHold`` seconds
    /// instead of each waiting out its own `connect_timeout`. A quick failure (refused) is not held.
    private var lastFailure: (at: Date, error: DataError, hold: Double)?
    /// How long a failed connection is not tried again, in seconds.
    static let failureHold = 3.0
    /// How long a server that stopped answering is not connected to again, in seconds: the
    /// reads queued behind the one given up (issued within milliseconds) fail with it; a retry
    /// the person asks for comes later and tries again.
    static let answerHold = 1.0
    /// How long a try to connect must have taken to be held (a server that does not answer), in seconds.
    static let slowFailure = 1.0
    /// How many times a connection was tried (made or not), for tests of ``failureHold``.
    private(set) var connectTries = 0
    /// Told of each connection opened (a reader keeps it for `PQcancel` from another thread).
    private let onOpen: (PostgresConnection) -> Void

    init(conninfo: String, location: String, statementTimeout: Int, onOpen: @escaping (PostgresConnection) -> Void = { _ in }) {
        self.conninfo = conninfo
        self.location = location
        self.statementTimeout = statementTimeout
        self.onOpen = onOpen
    }

    /// The connection, opened when there is none, the last was lost, or the server ended it
    /// while it sat idle (``PostgresConnection/endedWhileIdle()``: then a new one is made at
    /// once, and only when that fails is the loss said).
    /// - Throws: ``DataError/databaseConnection(location:reason:)`` in words (``PostgresWords``).
    func connected() throws(DataError) -> PostgresConnection {
        var ended: String?
        if let connection {
            ended = connection.endedWhileIdle()
            if ended == nil { return connection }
        }
        connection = nil
        if let lastFailure, Date().timeIntervalSince(lastFailure.at) < lastFailure.hold { throw lastFailure.error }
        let started = Date()
        connectTries += 1
        do throws(PostgresError) {
            // Connecting gives up after --timeout too (libpq's connect_timeout, 2 s at least).
            let seconds = statementTimeout > 0 ? max(2, Int((Double(statementTimeout) / 1000).rounded(.up))) : 10
            let opened = try PostgresConnection(conninfo: conninfo, statementTimeout: statementTimeout, connectTimeout: seconds)
            connection = opened
            lastFailure = nil
            onOpen(opened)
            return opened
        } catch {
            let failure = PostgresWords.connectError(error, location: location, endedBefore: ended)
            lastFailure = Date().timeIntervalSince(started) >= Self.slowFailure ? (Date(), failure, Self.failureHold) : nil
            throw failure
        }
    }

    /// Forgets the connection (the server ended it): the next use opens another.
    func drop() { connection = nil }

    /// The rows of `sql` with `values`, recorded in `log` as a read (a failure as one, with
    /// its error; a cancelled read as neither).
    /// - Throws: ``DataError/cancelled`` for a read stopped by `PQcancel`; the rest in Bulletin's words.
    func read(_ sql: String, _ values: [SQLValue], log: RequestLog?) throws(DataError) -> [[SQLValue]] {
        let started = Date()
        do throws(DataError) {
            let connection = try connected()
            do throws(PostgresError) {
                let rows = try connection.rows(sql, values)
                log?.record(RequestRecord(date: started, method: "READ", path: location, status: .read,
                                          milliseconds: RequestRecord.milliseconds(since: started)))
                return rows
            } catch {
                if error.connectionLost { drop() }
                let failure = PostgresWords.readError(error, location: location, timeout: statementTimeout)
                // A server that stopped answering is not tried again at once either: the reads
                // behind this one (a post's comments after the post) fail with it, not each
                // after a connect timeout of its own.
                if error.notAnswering { lastFailure = (Date(), failure, Self.answerHold) }
                throw failure
            }
        } catch {
            if error != .cancelled {
                log?.record(RequestRecord(date: started, method: "READ", path: location, status: .failed,
                                          milliseconds: RequestRecord.milliseconds(since: started)))
                log?.record(error)
            }
            throw error
        }
    }
}
