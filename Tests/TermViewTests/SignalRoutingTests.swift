import BulletinTestSupport
import CTerminalSafety
import Foundation
import Testing

/// The event loop's signals reach it whichever thread the kernel hands them to, from the moment
/// `start` returns: a helper (`bulletin-signal-probe`) starts threads that block no signal
/// before its `EventLoop`, and gets a process-directed signal from here, or from itself right
/// after `start`. With the signals ignored (`SIG_IGN`) and blocked on the main thread only, as
/// they were, a signal that came before libdispatch's manager thread had registered the
/// dispatch signal source (and installed its own handler, asynchronously) went to one of the
/// threads not blocking it and was discarded: no event, no exit, every time (the
/// `everyEndingSignal` flake: SIGTERM sent as soon as the first frame showed). And a write past
/// `RLIMIT_FSIZE` ended the loop with its own SIGXFSZ.
@Suite("Signals through the event loop's pipe", .serialized)
struct SignalRoutingTests {
    /// The probe, built beside the test bundle (TermViewTests depends on it).
    static var probePath: String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let sibling = bundleDirectory.appendingPathComponent("bulletin-signal-probe").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/bulletin-signal-probe").path
    }

    /// A running probe: its stdin held open and silent, its stdout a file read as it grows
    /// (complete once the probe has exited).
    final class Probe: Sendable {
        let process: Process
        private let input = Pipe()
        private let outputPath: String

        init(_ arguments: [String]) throws {
            outputPath = FileManager.default.temporaryDirectory
                .appendingPathComponent("bulletin-probe-\(UUID().uuidString.prefix(8))").path
            guard FileManager.default.createFile(atPath: outputPath, contents: nil),
                  let output = FileHandle(forWritingAtPath: outputPath) else {
                throw CocoaError(.fileWriteUnknown)
            }
            defer { try? output.close() }
            process = Process()
            process.executableURL = URL(fileURLWithPath: SignalRoutingTests.probePath)
            process.arguments = arguments
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The lines printed so far.
        var lines: [String] {
            ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// Whether the probe has exited (so everything it printed is in the file).
        var finished: Bool { !process.isRunning }

        /// Waits until `condition` holds, checking every 10 ms, for at most `seconds`.
        /// - Returns: Whether it held.
        func wait(seconds: Double = 10, until condition: () -> Bool) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition() { return true }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return condition()
        }

        /// Ends the probe if it still runs (after a failed expectation), and lets go of its pipes.
        func close() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            try? FileManager.default.removeItem(atPath: outputPath)
        }
    }

    static let realtime = bulletin_realtime_signal_first() + 2

    @Test("a process-directed signal reaches the loop though threads started before it block nothing; SIGWINCH too; ten rounds",
          arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, SIGPIPE, SIGXFSZ, realtime, SIGWINCH])
    func processDirected(signal: Int32) async throws {
        for round in 0..<10 {
            let probe = try Probe(["8"])
            defer { probe.close() }
            #expect(await probe.wait { probe.lines.contains("ready") }, "round \(round): the probe never said ready")
            kill(probe.process.processIdentifier, signal)
            if signal == SIGWINCH {
                #expect(await probe.wait { probe.lines.contains("resize") }, "round \(round): SIGWINCH: no resize event: \(probe.lines)")
                kill(probe.process.processIdentifier, SIGTERM)
            }
            let ending = signal == SIGWINCH ? SIGTERM : signal
            let exited = await probe.wait { probe.finished }
            #expect(exited, "round \(round): signal \(signal) left the loop running (no event): \(probe.lines)")
            guard exited else { return }
            #expect(probe.process.terminationReason == .exit && probe.process.terminationStatus == 0, "round \(round): killed by \(signal)")
            #expect(probe.lines.last == "terminate \(ending)", "round \(round): \(probe.lines)")
        }
    }

    @Test("a process-directed signal that comes right after the loop starts (as soon as the first frame shows) is not lost; twenty rounds",
          arguments: [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGALRM, realtime])
    func rightAfterStart(signal: Int32) async throws {
        for round in 0..<20 {
            let probe = try Probe(["8", "--kill-at-start", "\(signal)"])
            defer { probe.close() }
            let exited = await probe.wait { probe.finished }
            #expect(exited, "round \(round): signal \(signal) at start left the loop running (no event): \(probe.lines)")
            guard exited else { return }
            #expect(probe.process.terminationReason == .exit && probe.process.terminationStatus == 0, "round \(round): killed by \(signal)")
            #expect(probe.lines.last == "terminate \(signal)", "round \(round): \(probe.lines)")
        }
    }

    @Test("a write to a closed pipe and one past RLIMIT_FSIZE fail with EPIPE and EFBIG, on the main thread and another; their SIGPIPE and SIGXFSZ report nothing, and SIGTERM still ends the loop")
    func writeFailuresAreNotEndings() async throws {
        let probe = try Probe(["4", "--write-failures"])
        defer { probe.close() }
        #expect(await probe.wait { probe.lines.contains("ready") }, "the probe never said ready: \(probe.lines)")
        #expect(probe.lines == ["write: EPIPE", "write: EFBIG", "write: EPIPE", "write: EFBIG", "ready"])
        kill(probe.process.processIdentifier, SIGTERM)
        #expect(await probe.wait { probe.finished })
        #expect(probe.process.terminationReason == .exit && probe.process.terminationStatus == 0)
        #expect(probe.lines.last == "terminate \(SIGTERM)", "no event for the write failures' own signals: \(probe.lines)")
    }
}
