import Foundation

/// Runs outside programs (a browser, a clipboard tool) with an argument vector and never a
/// shell, so no part of an address or a copied text is ever parsed as shell syntax: each
/// argument reaches the program as one `argv` entry, byte for byte (`posix_spawn(3)`). The
/// child starts with every signal at its default action and none blocked, whatever the app
/// ignores or blocks for its event loop.
public struct CommandRunner: Sendable {
    /// How the child's standard streams are connected.
    public enum Streams: Sendable {
        /// The terminal's own stdin, stdout and stderr (a browser that runs in the terminal).
        case terminal
        /// `/dev/null` for all three; `input`, when given, is written to stdin through a pipe
        /// (a clipboard tool); stdout is captured when `capture` is set.
        case quiet(input: String? = nil, capture: Bool = false)
    }

    /// What a finished child left.
    public struct Finished: Sendable, Equatable {
        /// The exit status (`128 + n` for a child ended by signal `n`).
        public var status: Int32
        /// Its stdout, when captured (UTF-8, lossily decoded); else empty.
        public var output: String
    }

    /// The environment programs are looked up in (`PATH`) and run with.
    public var environment: [String: String]

    /// - Parameter environment: `PATH` and the rest; the process's own by default.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The path of the executable `name` runs: `name` itself when it holds a `/` and is
    /// executable, else the first executable `name` in a directory of `PATH`; `nil` when none.
    public func locate(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = directory + "/" + name
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Starts `arguments` (`arguments[0]` found by ``locate(_:)``) and waits for it to end.
    /// - Returns: `nil` when the program could not be started (not found, not executable).
    public func run(_ arguments: [String], streams: Streams) -> Finished? {
        guard let pid = spawn(arguments, streams: streams) else { return nil }
        return wait(pid.pid, output: pid.output)
    }

    /// Starts `arguments` with every stream on `/dev/null` and does not wait (a graphical
    /// browser that keeps running); a background thread collects its exit.
    /// - Returns: `false` when the program could not be started.
    public func start(_ arguments: [String]) -> Bool {
        guard let child = spawn(arguments, streams: .quiet()) else { return false }
        let pid = child.pid
        Thread.detachNewThread {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        return true
    }

    // MARK: - Private

    private struct Child {
        var pid: pid_t
        /// The read end of the captured stdout, or -1.
        var output: Int32
    }

    private func spawn(_ arguments: [String], streams: Streams) -> Child? {
        guard let name = arguments.first, let path = locate(name) else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var text: String?
        if case let .quiet(given, capture) = streams {
            text = given
            if given != nil, pipe(&input) == 0 {
                posix_spawn_file_actions_adddup2(&actions, input[0], 0)
                posix_spawn_file_actions_addclose(&actions, input[1])
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            if capture, pipe(&output) == 0 {
                posix_spawn_file_actions_adddup2(&actions, output[1], 1)
                posix_spawn_file_actions_addclose(&actions, output[0])
            } else {
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            }
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments.dropFirst()).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The app ignores and blocks the signals its event loop watches (SIGINT, SIGTERM, …);
        // a child would inherit both through exec, and Ctrl-C would not stop a text browser.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        var result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        // ETXTBSY: the program file is still open for writing somewhere (just installed, or a
        // descriptor another process inherited while it was written); it clears in moments.
        for _ in 0..<40 where result == ETXTBSY {
            usleep(50_000)
            result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        for descriptor in [input[0], output[1]] where descriptor >= 0 { close(descriptor) }
        if input[1] >= 0 {
            if result == 0, let text { Self.writeAll(Array(text.utf8), to: input[1]) }
            close(input[1])
        }
        guard result == 0 else {
            if output[0] >= 0 { close(output[0]) }
            return nil
        }
        return Child(pid: pid, output: output[0])
    }

    private func wait(_ pid: pid_t, output descriptor: Int32) -> Finished {
        var bytes: [UInt8] = []
        if descriptor >= 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if got > 0 { bytes += buffer[0..<got] } else if got < 0, errno == EINTR { continue } else { break }
            }
            close(descriptor)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Finished(status: code, output: String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `bytes` to the child's stdin. A child that exits without reading makes the write
    /// fail with `EPIPE`; the `SIGPIPE` that comes with it is blocked on this thread and taken
    /// back before it is unblocked, so it never reaches the app's handlers.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
    }
}
