import CSpawnSupport
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a short-lived command with `posix_spawnp` and `waitpid`, its output captured in a file.
///
/// The child starts clean: descriptors from 3 up closed, no blocked signals, default signal
/// actions. Test threads are libdispatch workers with most signals blocked, and without
/// this a daemon the child starts (the tmux server) would inherit that mask and hold other
/// tests' pipes open for ever, hanging every reader of those pipes.
public enum Subprocess {
    /// Runs `arguments[0]` (looked up on PATH) with the rest as its arguments and waits for it.
    /// - Returns: The exit status (128 + signal when killed by one) and what it wrote to stdout and stderr.
    public static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let prepared = bulletin_spawn_start_clean(&actions, &attributes)
        guard prepared == 0 else { return (-1, "cannot prepare spawn: \(String(cString: strerror(prepared)))") }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard spawned == 0 else { return (-1, "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}
