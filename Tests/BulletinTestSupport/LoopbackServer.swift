import Foundation
import Testing

/// A JSONPlaceholder-compatible HTTP server on 127.0.0.1 for tests: `Tests/Servers/jsonplaceholder_server.py`
/// run with `python3` in a child process.
///
/// ```swift
/// let server = try LoopbackServer.start(arguments: ["--dir", SharedData.data("jsonplaceholder").path])
/// defer { server.stop() }
/// let source = RESTDataSource(baseURL: server.baseURL)
/// ```
/// The server's stdin is a pipe held by this object, so if the test process dies the pipe
/// closes and the server exits by itself; ``stop()`` (also called on deinit) ends it at once.
public final class LoopbackServer: @unchecked Sendable {
    // MARK: - Properties

    /// Why a server could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The TCP port the server listens on.
    public let port: Int

    /// The loopback address it listens on: `127.0.0.1`, or `127.0.0.2` when started with
    /// `--host 127.0.0.2` (a second origin).
    public let host: String

    /// `http://<host>:<port>` (`http://127.0.0.1:<port>` unless another host was given).
    public var baseURL: URL { URL(string: "http://\(host):\(port)")! }

    /// `Tests/Servers/jsonplaceholder_server.py` in this repository.
    public static let scriptURL: URL = SharedData.repositoryRoot
        .appendingPathComponent("Tests/Servers/jsonplaceholder_server.py")

    private let process: Process
    private let stdinPipe: Pipe
    private let lock = NSLock()
    private var stopped = false

    // MARK: - Init

    private init(process: Process, stdinPipe: Pipe, port: Int, host: String) {
        self.process = process
        self.stdinPipe = stdinPipe
        self.port = port
        self.host = host
    }

    deinit { stop() }

    // MARK: - API

    /// Launches the server and waits for its `PORT <n>` line.
    ///
    /// - Parameter arguments: The script's arguments, such as `["--db", path]` or
    ///   `["--dir", path]`, with `["--host", "127.0.0.2"]` for a second origin; `--port 0` is
    ///   added unless a port is given.
    /// - Returns: A running server.
    /// When an argument points into `../shared` and that folder is absent, the running test is
    /// skipped with a notice (or fails with `BULLETIN_REQUIRE_SHARED=1`): see ``SharedData``.
    ///
    /// - Throws: ``StartError`` when python3 cannot be launched or the server exits before listening.
    public static func start(arguments: [String]) throws -> LoopbackServer {
        if arguments.contains(where: SharedData.isInside) { try SharedData.requireAvailable() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let portArguments = arguments.contains("--port") ? [] : ["--port", "0"]
        process.arguments = ["python3", scriptURL.path] + arguments + portArguments
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        do {
            try process.run()
        } catch {
            throw StartError(description: "cannot launch python3 \(scriptURL.path): \(error)")
        }
        let line = readLine(from: stdoutPipe.fileHandleForReading)
        guard let port = parsePort(line) else {
            process.terminate()
            process.waitUntilExit()
            throw StartError(description: "server did not report its port (got \(line.debugDescription))")
        }
        let host = arguments.firstIndex(of: "--host").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
        return LoopbackServer(process: process, stdinPipe: stdinPipe, port: port, host: host ?? "127.0.0.1")
    }

    /// Stops the server (SIGTERM, then waits for it to exit). Safe to call more than once.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        try? stdinPipe.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// A port on 127.0.0.1 where nothing listens: bound by the OS, then closed at once.
    /// - Throws: ``StartError`` when a socket call fails.
    public static func closedPort() throws -> Int {
        let socket = try SilentListener(listen: false)
        socket.close()
        return socket.port
    }

    // MARK: - Private

    /// Reads bytes up to the first newline or end of file.
    private static func readLine(from handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func parsePort(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        guard parts.count == 2, parts[0] == "PORT" else { return nil }
        return Int(parts[1])
    }
}
