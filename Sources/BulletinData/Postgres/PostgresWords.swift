import Foundation

/// What went wrong with a PostgreSQL server, in words a person acts on (issue 26 item 6): no
/// server at that address, a wrong password, no such database or role, TLS the server requires
/// or does not offer, a permission denied on a table, a statement past `--timeout`, a lost
/// connection. libpq's or the server's own message follows in parentheses.
enum PostgresWords {
    /// A failed connection as ``DataError/databaseConnection(location:reason:)``.
    /// - Parameter endedBefore: The server's words when it had ended the connection this one
    ///   replaces (then the loss is said first: `connection lost (…) and not made again: …`).
    static func connectError(_ error: PostgresError, location: String, endedBefore: String? = nil) -> DataError {
        let reason = connectReason(error.message)
        guard let endedBefore else { return .databaseConnection(location: location, reason: reason) }
        return .databaseConnection(location: location, reason: "connection lost (\(firstLine(endedBefore))) and not made again: \(reason)")
    }

    /// A failed read: a lost connection as ``DataError/databaseConnection(location:reason:)``, a
    /// cancelled one as ``DataError/cancelled``, the rest as ``DataError/unreadableFile(path:reason:)``.
    static func readError(_ error: PostgresError, location: String, timeout: Int) -> DataError {
        if error.isCancelled { return .cancelled }
        if error.connectionLost { return .databaseConnection(location: location, reason: lostReason(error)) }
        return .unreadableFile(path: location, reason: reason(error, timeout: timeout))
    }

    /// A failed statement of a write's transaction, rolled back: ``DataError/writeNotSent(url:reason:)``.
    /// A connection lost while the server may have had the write is said as such
    /// (``DataError/databaseConnection(location:reason:)``): its outcome is unknown.
    static func writeError(_ error: PostgresError, location: String, timeout: Int) -> DataError {
        if error.connectionLost { return .databaseConnection(location: location, reason: lostReason(error)) }
        if error.isCancelled { return .writeRefused(location: location, reason: "stopped waiting for another session that holds the row") }
        if error.isStatementTimeout {
            return .writeRefused(location: location, reason: "waited past --timeout (\(seconds(timeout))), most likely for a row another session holds")
        }
        return .writeRefused(location: location, reason: reason(error, timeout: timeout))
    }

    /// The server's error in words, by its SQLSTATE.
    static func reason(_ error: PostgresError, timeout: Int) -> String {
        let message = firstLine(error.message)
        if error.isStatementTimeout {
            return "the query ran past the statement timeout of \(seconds(timeout)) (--timeout)"
        }
        switch error.state {
        case "42501": return message.lowercased().hasPrefix("permission denied") ? message : "permission denied (\(message))"
        case "25006": return "the server takes no writes (\(message))"
        case "23505": return "another row already has this key (\(message))"
        case "23503": return "the database refuses: other rows point at this one (\(message))"
        case "42P01": return "a table is missing (\(message))"
        case "40001", "40P01": return "the server gave up on this transaction because another one conflicted; try again (\(message))"
        default: return message
        }
    }

    /// libpq's connection failure in words.
    /// - Parameter environment: Where `PGPASSFILE` and `HOME` are read (the process's).
    static func connectReason(_ message: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let line = firstLine(message)
        let lowered = message.lowercased()
        if lowered.contains("password authentication failed") {
            return "wrong password, or no such role with a password (\(line))"
        }
        if lowered.contains("no password supplied") || lowered.contains("password is required") {
            if let path = ignoredPasswordFile(environment) {
                return "the server asks for a password and none was given: \(path) is not read while others may read it "
                    + "(chmod 600 \(path)) (\(line))"
            }
            return "the server asks for a password and none was given: put it in the URL, PGPASSWORD or ~/.pgpass (\(line))"
        }
        if lowered.contains("database") && lowered.contains("does not exist") { return "that database does not exist on the server (\(line))" }
        if lowered.contains("role") && lowered.contains("does not exist") { return "that role does not exist on the server (\(line))" }
        if lowered.contains("no encryption") || (lowered.contains("pg_hba.conf") && lowered.contains("ssl off")) {
            return "the server requires TLS for this connection: add ?sslmode=require (\(line))"
        }
        if lowered.contains("server does not support ssl") {
            return "TLS was asked for (sslmode) and the server does not offer it (\(line))"
        }
        if lowered.contains("pg_hba.conf") { return "the server does not let this role connect from here (\(line))" }
        if lowered.contains("connection refused") || lowered.contains("no such file or directory")
            || lowered.contains("could not translate host name") || lowered.contains("timeout expired") {
            return "no server is answering at that address (\(line))"
        }
        if lowered.contains("invalid") || lowered.contains("missing") { return "the connection string cannot be read (\(line))" }
        return line
    }

    private static func lostReason(_ error: PostgresError) -> String {
        "\(DataError.connectionLostWords) (\(firstLine(error.message)))"
    }

    private static func firstLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        var trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("FATAL:") { trimmed = String(trimmed.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
        if trimmed.hasPrefix("ERROR:") { trimmed = String(trimmed.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
        return trimmed
    }

    /// The password file libpq reads (`PGPASSFILE`, else `~/.pgpass`) when it exists and its
    /// group or others may read or write it: libpq then ignores it (with a warning on stderr).
    static func ignoredPasswordFile(_ environment: [String: String]) -> String? {
        guard let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
        return path
    }

    private static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : String(format: "%.1f s", Double(milliseconds) / 1000)
    }
}

/// Connection strings as Bulletin shows them.
public enum PostgresURL {
    /// `url` without its password: `postgres://bob:secret@db:5432/app` is `postgres://bob@db:5432/app`,
    /// a `password=` pair (in a query or in `key=value` form) is left out.
    public static func redacted(_ url: String) -> String {
        let lowered = url.lowercased()
        guard isURL(url) else {
            // key=value pairs as libpq reads them (`password = 'a b'` included); what cannot be
            // read as pairs is cut where reading stopped, so nothing after it is shown.
            // Not a connection string at all (`sqlite:/tmp/x.db`): as it is, unless it names a password.
            if !isPostgres(url), !lowered.contains("password") { return url }
            let (pairs, complete) = self.pairs(url)
            let kept = pairs.filter { !secretKeys.contains($0.key.lowercased()) }.map { String(url[$0.range]) }
            return kept.joined(separator: " ") + (complete ? "" : kept.isEmpty ? "…" : " …")
        }
        var text = url
        if let password = userinfoPassword(in: text) { text.removeSubrange(text.index(before: password.lowerBound)..<password.upperBound) }
        if let question = text.firstIndex(of: "?") {
            let query = text[text.index(after: question)...].split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
            text = String(text[..<question]) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        }
        return text
    }

    /// Whether `text` names a PostgreSQL database for `--db`: a `postgres://` or `postgresql://`
    /// URL, or libpq's `key=value` pairs (`host=db dbname=app user=bob`) whose first key is one
    /// of libpq's (https://www.postgresql.org/docs/15/libpq-connect.html#LIBPQ-PARAMKEYWORDS).
    public static func isPostgres(_ text: String) -> Bool {
        if isURL(text) { return true }
        let trimmed = text.lowercased().drop { $0 == " " }
        guard let equals = trimmed.firstIndex(of: "=") else { return false }
        return keywords.contains(trimmed[..<equals].trimmingCharacters(in: .whitespaces))
    }

    /// libpq 15's connection keywords.
    static let keywords: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "channel_binding", "connect_timeout",
        "client_encoding", "options", "application_name", "fallback_application_name", "keepalives", "keepalives_idle",
        "keepalives_interval", "keepalives_count", "tcp_user_timeout", "replication", "gssencmode", "sslmode", "requiressl",
        "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert", "sslcrl", "sslcrldir", "sslsni",
        "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version", "krbsrvname", "gsslib", "service",
        "target_session_attrs",
    ]

    /// The password `conninfo` holds (a URL's `user:password@`, as written and percent-decoded;
    /// a `password=` pair), or `nil`.
    static func passwords(in conninfo: String) -> [String] {
        var found: [String] = []
        if isURL(conninfo), let range = userinfoPassword(in: conninfo) {
            let password = String(conninfo[range])
            found.append(password)
            if let decoded = password.removingPercentEncoding { found.append(decoded) }
        }
        for separator in ["&", "?"] {
            for part in conninfo.split(separator: Character(separator)) where part.lowercased().hasPrefix("password=") {
                let value = String(part.dropFirst("password=".count))
                found.append(value)
                if let decoded = value.removingPercentEncoding { found.append(decoded) }
            }
        }
        for pair in pairs(conninfo).pairs where secretKeys.contains(pair.key.lowercased()) {
            found.append(pair.value)
            found.append(String(conninfo[pair.range].drop { $0 != "=" }.dropFirst().trimmingCharacters(in: .whitespaces)))
        }
        return found.filter { !$0.isEmpty }
    }

    /// Whether `text` is a `postgres://` or `postgresql://` URL.
    private static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// Where a URL's password stands (`secret` in `postgres://bob:secret@db/app`, after the `:`
    /// and before the `@` of its authority), or `nil` when it has none.
    private static func userinfoPassword(in url: String) -> Range<String.Index>? {
        guard let scheme = url.range(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return nil }
        return rest.index(after: colon)..<at
    }

    /// The keys whose values are never shown: the password and the TLS key's passphrase.
    static let secretKeys: Set<String> = ["password", "sslpassword"]

    /// One `key = value` of a connection string: its key, its value unquoted and unescaped,
    /// and the range of the whole pair in the text.
    struct Pair {
        let key: String
        let value: String
        let range: Range<String.Index>
    }

    /// The `key=value` pairs of `text` as libpq's `conninfo_parse` reads them (spaces around
    /// `=` allowed; a value either bare up to a space or in single quotes, `\` escaping the next
    /// character), and whether the whole text was read.
    static func pairs(_ text: String) -> (pairs: [Pair], complete: Bool) {
        var pairs: [Pair] = []
        var index = text.startIndex
        func skipSpaces() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
        while true {
            skipSpaces()
            guard index < text.endIndex else { return (pairs, true) }
            let start = index
            while index < text.endIndex, text[index] != "=", !text[index].isWhitespace { index = text.index(after: index) }
            let key = String(text[start..<index])
            skipSpaces()
            guard !key.isEmpty, index < text.endIndex, text[index] == "=" else { return (pairs, false) }
            index = text.index(after: index)
            skipSpaces()
            var value = ""
            let quoted = index < text.endIndex && text[index] == "'"
            if quoted { index = text.index(after: index) }
            var closed = !quoted
            while index < text.endIndex {
                let character = text[index]
                if character == "\\" {
                    index = text.index(after: index)
                    if index < text.endIndex { value.append(text[index]); index = text.index(after: index) }
                    continue
                }
                if quoted, character == "'" { closed = true; index = text.index(after: index); break }
                if !quoted, character.isWhitespace { break }
                value.append(character)
                index = text.index(after: index)
            }
            guard closed else { return (pairs, false) }
            pairs.append(Pair(key: key, value: value, range: start..<index))
        }
    }

    /// `message` (libpq's, which may quote the connection string whole: `invalid IPv6 host
    /// address in URI: "postgres://bob:secret@[::1/app"`) with the connection string as
    /// ``redacted(_:)`` gives it and any password it holds left out.
    public static func scrubbed(_ message: String, conninfo: String) -> String {
        var text = message.replacingOccurrences(of: conninfo, with: redacted(conninfo))
        for password in passwords(in: conninfo).sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: password, with: "•••")
        }
        return text
    }
}
