import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server the tests start for themselves (issue 26): `initdb` into a temporary
/// directory as the `postgres` system user (the server refuses to run as root), then `pg_ctl
/// start` listening on a Unix socket in that directory and on 127.0.0.1 at a port the OS picked.
/// Nothing else is contacted.
///
/// One server per test process for each kind (``shared`` trusts every local login; ``scram``
/// asks for passwords with `scram-sha-256`), started on first use. A watchdog started beside it
/// stops it (`pg_ctl stop -m immediate`) and removes the directory within a second of the test
/// process ending, however it ends.
public final class PostgresTestServer: Sendable {
    /// The directory holding the cluster (`data/`), the socket and the log.
    public let directory: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The superuser's password (`nil` for the trusting server).
    public let password: String?
    /// Whether TCP connections must use TLS (``tls()``).
    public let tls: Bool

    /// The server's binaries (Debian's postgresql-15).
    public static let binaries = "/usr/lib/postgresql/15/bin"
    private static let servers = Mutex<[String: PostgresTestServer]>([:])
    private static let databases = Mutex(0)

    /// The server that trusts every local login (`-A trust`), started on first use.
    /// - Throws: ``PostgresTestServerError`` with initdb's or pg_ctl's output when it cannot start.
    public static func shared() throws -> PostgresTestServer { try server(named: "trust", password: nil) }

    /// A second server whose logins need a password (`scram-sha-256`); the superuser `postgres`
    /// has the password ``password``.
    /// - Throws: As ``shared()``.
    public static func scram() throws -> PostgresTestServer { try server(named: "scram", password: "s3cret-\(getpid())") }

    /// A trusting server of its own, not shared with other tests: for a test that stops and
    /// starts it. Stopped and removed when the test process ends, as the others are.
    /// - Throws: As ``shared()``.
    public static func dedicated() throws -> PostgresTestServer { try PostgresTestServer(password: nil) }

    /// A server that takes connections over 127.0.0.1 only with TLS (`hostssl`; `hostnossl`
    /// rejected), its certificate made by `openssl` for this run; trusting, shared by the tests.
    /// - Throws: As ``shared()``, or when `openssl` fails.
    public static func tls() throws -> PostgresTestServer {
        try servers.withLock { servers in
            if let running = servers["tls"] { return running }
            let started = try PostgresTestServer(password: nil, tls: true)
            servers["tls"] = started
            return started
        }
    }

    private static func server(named name: String, password: String?) throws -> PostgresTestServer {
        try servers.withLock { servers in
            if let running = servers[name] { return running }
            let started = try PostgresTestServer(password: password)
            servers[name] = started
            return started
        }
    }

    private init(password: String?, tls: Bool = false) throws {
        guard FileManager.default.fileExists(atPath: Self.binaries + "/initdb") else {
            throw PostgresTestServerError(message: "no PostgreSQL 15 server at \(Self.binaries) (make test installs postgresql-15)")
        }
        var template = Array("/tmp/bulletin-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresTestServerError(message: "mkdtemp failed") }
        directory = String(cString: made)
        self.password = password
        let data = directory + "/data"
        chmod(directory, 0o755)
        _ = Subprocess.run(["chown", "postgres:postgres", directory])
        var initdb = ["runuser", "-u", "postgres", "--", Self.binaries + "/initdb", "-D", data, "-U", "postgres",
                      "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"]
        if let password {
            let file = directory + "/password"
            _ = FileManager.default.createFile(atPath: file, contents: Data(password.utf8))
            _ = Subprocess.run(["chown", "postgres:postgres", file])
            initdb += ["-A", "scram-sha-256", "--pwfile", file]
        } else {
            initdb += ["-A", "trust"]
        }
        let created = Subprocess.run(initdb)
        guard created.status == 0 else { throw PostgresTestServerError(message: "initdb failed: \(created.output)") }
        if tls { try Self.requireTLS(data: data) }
        self.tls = tls
        var lastOutput = ""
        for _ in 0..<5 {
            let port = try Self.freePort()
            let options = Self.options(directory: directory, port: port) + (tls ? " -c ssl=on" : "")
            let start = Subprocess.run(["runuser", "-u", "postgres", "--", Self.binaries + "/pg_ctl", "-D", data, "-o", options,
                                        "-l", directory + "/log", "-w", "-t", "60", "start"])
            if start.status == 0 {
                self.port = port
                Self.watch(directory: directory, data: data)
                return
            }
            lastOutput = start.output + ((try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "")
        }
        throw PostgresTestServerError(message: "pg_ctl start failed: \(lastOutput)")
    }

    /// The server's settings on the command line: its socket's directory, its port, 127.0.0.1
    /// only, and no waits for the disk (a test's data needs no crash safety).
    private static func options(directory: String, port: Int) -> String {
        "-k \(directory) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off "
            + "-c synchronous_commit=off -c max_connections=200 -c shared_buffers=64MB"
    }

    /// A URL for `database` over TCP as `user` (`postgres://postgres@127.0.0.1:PORT/DB`), with
    /// the password in it when `withPassword`.
    public func url(database: String = "postgres", user: String = "postgres", password: String? = nil) -> String {
        let secret = password.map { ":" + $0 } ?? ""
        return "postgres://\(user)\(secret)@127.0.0.1:\(port)/\(database)"
    }

    /// A URL for `database` through the Unix socket in ``directory``.
    public func socketURL(database: String = "postgres", user: String = "postgres") -> String {
        "postgresql://\(user)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// Runs `sql` with `psql` (`-X -q -At`, stopping at the first error) on `database` as the
    /// superuser; its output, rows one per line, columns split by `|`.
    /// - Throws: ``PostgresTestServerError`` with psql's output when it fails.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let file = directory + "/psql-\(UUID().uuidString).sql"
        _ = FileManager.default.createFile(atPath: file, contents: Data(sql.utf8))
        defer { unlink(file) }
        var command = ["env"]
        if let password { command.append("PGPASSWORD=\(password)") }
        command += ["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres",
                    "-d", database, "-f", file]
        let result = Subprocess.run(command)
        guard result.status == 0 else { throw PostgresTestServerError(message: "psql failed: \(result.output)") }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// Waits (up to 60 s, asking every 20 ms: a whole suite on two cores may start the awaited
    /// query late) until `sql`'s output on `database` is not `"0"`: a count of sessions in a
    /// state (`pg_stat_activity`) that a test waits for.
    /// - Throws: ``PostgresTestServerError`` when it is still `"0"` after 60 s, or psql's.
    public func waitForNonZero(_ sql: String, database: String = "postgres") async throws {
        let deadline = Date().addingTimeInterval(60)
        while try psql(sql, database: database) == "0" {
            guard Date() < deadline else { throw PostgresTestServerError(message: "timed out waiting for \(sql)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until a session of `database` waits for a lock (a row another transaction holds).
    /// - Throws: As ``waitForNonZero(_:database:)``.
    public func waitForLockWait(database: String) async throws {
        try await waitForNonZero("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                                 database: database)
    }

    /// Waits until a session runs `query` (its text exactly, or `LIKE` the pattern when `like`).
    /// - Throws: As ``waitForNonZero(_:database:)``.
    public func waitForRunning(_ query: String, like: Bool = false) async throws {
        let escaped = query.replacingOccurrences(of: "'", with: "''")
        try await waitForNonZero("SELECT count(*) FROM pg_stat_activity WHERE query \(like ? "LIKE" : "=") '\(escaped)' AND state = 'active'")
    }

    /// A new, empty database with a name no other test of this process uses (`t3`), filled by `sql`.
    /// - Throws: As ``psql(_:database:)``.
    public func createDatabase(_ sql: String = "") throws -> String {
        let number = Self.databases.withLock { count in
            count += 1
            return count
        }
        let name = "t\(number)_\(getpid())"
        try psql("CREATE DATABASE \(name)")
        if !sql.isEmpty { try psql(sql, database: name) }
        return name
    }

    /// Stops the server now (`pg_ctl stop -m fast`); ``start()`` starts it again on the same port.
    public func stop() {
        _ = Subprocess.run(["runuser", "-u", "postgres", "--", Self.binaries + "/pg_ctl", "-D", directory + "/data", "-m", "fast",
                            "-w", "stop"])
    }

    /// Starts a stopped server again, on the same socket and port.
    /// - Throws: ``PostgresTestServerError`` with pg_ctl's output.
    public func start() throws {
        let result = Subprocess.run(["runuser", "-u", "postgres", "--", Self.binaries + "/pg_ctl", "-D", directory + "/data",
                                     "-o", Self.options(directory: directory, port: port) + (tls ? " -c ssl=on" : ""), "-l", directory + "/log", "-w", "-t", "60",
                                     "start"])
        guard result.status == 0 else { throw PostgresTestServerError(message: "pg_ctl start failed: \(result.output)") }
    }

    /// Stops every process of the server (`SIGSTOP`: the postmaster and its backends), as a
    /// server that no longer answers (a hung machine, a network that drops every packet);
    /// ``thaw()`` lets them go on.
    public func freeze() { signalAll(SIGSTOP) }

    /// Lets a frozen server's processes go on (`SIGCONT`).
    public func thaw() { signalAll(SIGCONT) }

    /// Sends `signal` to the postmaster (the first line of `postmaster.pid`) and its children.
    private func signalAll(_ signal: Int32) {
        guard let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8),
              let first = text.split(separator: "\n").first, let postmaster = Int32(first) else { return }
        let children = (try? String(contentsOfFile: "/proc/\(postmaster)/task/\(postmaster)/children", encoding: .utf8)) ?? ""
        for pid in [postmaster] + children.split(separator: " ").compactMap({ Int32($0) }) { kill(pid, signal) }
    }

    /// A self-signed certificate in the cluster's directory (`server.crt`, `server.key`: the
    /// server's defaults) and a `pg_hba.conf` that lets TCP logins in only over TLS.
    private static func requireTLS(data: String) throws {
        let made = Subprocess.run(["openssl", "req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=127.0.0.1",
                                   "-newkey", "rsa:2048", "-keyout", data + "/server.key", "-out", data + "/server.crt"])
        guard made.status == 0 else { throw PostgresTestServerError(message: "openssl failed: \(made.output)") }
        let rules = "local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostnossl all all 127.0.0.1/32 reject\n"
        _ = FileManager.default.createFile(atPath: data + "/pg_hba.conf", contents: Data(rules.utf8))
        _ = Subprocess.run(["chown", "postgres:postgres", data + "/server.key", data + "/server.crt", data + "/pg_hba.conf"])
        chmod(data + "/server.key", 0o600)
    }

    /// A port on 127.0.0.1 where nothing listens (free a moment ago), for "no server" cases.
    /// - Throws: ``PostgresTestServerError`` when no socket can be bound.
    public static func closedPort() throws -> Int { try freePort() }

    /// A port 127.0.0.1 has free now (bound to port 0, read back, closed).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PostgresTestServerError(message: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw PostgresTestServerError(message: "bind failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts the watchdog: a detached shell that waits for this process to end, then stops the
    /// server and removes its directory.
    private static func watch(directory: String, data: String) {
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 0.5; done; "
            + "runuser -u postgres -- \(binaries)/pg_ctl -D \(data) -m immediate -w stop >/dev/null 2>&1; rm -rf \(directory)"
        _ = Subprocess.run(["setsid", "-f", "sh", "-c", script])
    }
}

/// Why a test server could not start or a `psql` failed.
public struct PostgresTestServerError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    /// - Parameter message: What failed, with the tool's output.
    public init(message: String) { self.message = message }
}
