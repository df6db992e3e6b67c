// Test-only child for SignalRoutingTests: the EventLoop in a process with threads that block no
// signal, started before the loop, as the kernel may hand a process-directed signal to any of
// them. Prints `ready` once the loop runs, then one line per event (`terminate 15`), and exits
// 0 after the first `terminate`.
//
// Usage: bulletin-signal-probe [THREADS] [--write-failures] [--kill-at-start SIGNAL]
//   --kill-at-start: sends SIGNAL to this process (kill(2), process-directed, as kill(1) from
//   outside would) right after the loop's start returns, before `ready`: a signal that comes
//   as soon as the first frame shows, before libdispatch has set up anything of its own.
//   --write-failures: before `ready`, writes to a pipe whose reader is gone and past
//   RLIMIT_FSIZE, on this thread and on one started after the loop, and prints what each write
//   returned (`write: EPIPE`, `write: EFBIG`): their SIGPIPE and SIGXFSZ must not end the loop.
// Its stdin must stay open and silent (a pipe the test holds), or the loop reports end of file.
import Dispatch
import Foundation
import TermView

#if canImport(Glibc)
import Glibc
#endif

/// Prints `line` and flushes it, so the test reads it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments.dropFirst()
let threads = arguments.first.flatMap { Int($0) } ?? 4
let writeFailures = arguments.contains("--write-failures")
let killAtStart = arguments.firstIndex(of: "--kill-at-start").flatMap { index in
    arguments.index(after: index) < arguments.endIndex ? Int32(arguments[arguments.index(after: index)]) : nil
}

var everything = sigset_t()
sigemptyset(&everything)
pthread_sigmask(SIG_SETMASK, &everything, nil)
for _ in 0..<threads {
    var thread = pthread_t()
    pthread_create(&thread, nil, { _ in
        while true { pause() }
    }, nil)
}

/// Writes to a pipe with no reader (`EPIPE`, with a SIGPIPE at this thread), then past a
/// one-byte RLIMIT_FSIZE (set by the caller: `EFBIG`, with a SIGXFSZ).
/// - Returns: What each write gave, as the lines to print.
func failWrites(in directory: String) -> [String] {
    var ends: [Int32] = [0, 0]
    _ = pipe(&ends)
    close(ends[0])
    var byte: UInt8 = 1
    let piped = write(ends[1], &byte, 1)
    let pipeOutcome = "write: \(piped < 0 && errno == EPIPE ? "EPIPE" : "returned \(piped), errno \(errno)")"
    close(ends[1])
    let path = directory + "/probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    unlink(path)
    var two: [UInt8] = [1, 2]
    _ = write(file, &two, 2)   // one byte fits under the limit
    let past = write(file, &two, 2)
    let fileOutcome = "write: \(past < 0 && errno == EFBIG ? "EFBIG" : "returned \(past), errno \(errno)")"
    close(file)
    return [pipeOutcome, fileOutcome]
}

/// The outcomes of the other thread's writes.
final class Outcomes: @unchecked Sendable {
    var lines: [String] = []   // written by the thread before it signals, read after the wait
}

var keepAlive: EventLoop?
MainActor.assumeIsolated {
    let loop = EventLoop { event in
        switch event {
        case let .terminate(signal):
            say("terminate \(signal)")
            exit(0)
        case .resize: say("resize")
        case .suspend: say("suspend")
        case .resume: say("resume")
        case .key: say("key")
        }
    }
    loop.start(keys: { nil })
    keepAlive = loop
    if let killAtStart { kill(getpid(), killAtStart) }
    if writeFailures {
        // Only for the writes: the probe's own stdout is a file too.
        var saved = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved)
        var limit = rlimit(rlim_cur: 1, rlim_max: saved.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        let directory = NSTemporaryDirectory()
        var lines = failWrites(in: directory)
        let done = DispatchSemaphore(value: 0)
        let other = Outcomes()
        Thread {
            other.lines = failWrites(in: directory)
            done.signal()
        }.start()
        done.wait()
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved)
        lines += other.lines
        lines.forEach(say)
    }
    say("ready")
}
dispatchMain()
