import CSpawnSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with ``Subprocess/spawn(_:)`` that runs until the test stops it.
///
/// Starts clean like ``Subprocess/run(_:)`` (no inherited blocked signals, descriptors from 3
/// up closed); stdin is `/dev/null`, stdout and stderr go to a temporary file.
public final class SpawnedProcess: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let outputPath: String
    private var reaped: Int32?

    init(pid: pid_t, outputPath: String) {
        self.pid = pid
        self.outputPath = outputPath
    }

    deinit {
        if reaped == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        unlink(outputPath)
    }

    /// Sends `signal` to the child (`kill(2)`).
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the child to end (`waitpid`) and returns its status: the exit code, or 128 + the signal.
    public func wait() -> Int32 {
        if let reaped { return reaped }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        reaped = code
        return code
    }

    /// What the child wrote to stdout and stderr so far.
    public var output: String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

extension Subprocess {
    /// Starts `arguments[0]` (a path, or a name looked up on PATH) and returns at once.
    /// - Throws: ``LoopbackServer/StartError`` when it cannot be started.
    public static func spawn(_ arguments: [String]) throws -> SpawnedProcess {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawned-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let prepared = bulletin_spawn_start_clean(&actions, &attributes)
        guard prepared == 0 else {
            throw LoopbackServer.StartError(description: "cannot prepare spawn: \(String(cString: strerror(prepared)))")
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            throw LoopbackServer.StartError(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return SpawnedProcess(pid: pid, outputPath: outputPath)
    }
}
