import BulletinTestSupport
import Foundation
import Testing

/// The one journey of the end-to-end suites, in place of the preamble each test wrote out:
/// start the real `bulletin` on a source in tmux, open a route, wait for a screen, press keys
/// and wait for the screen they lead to, quit, and check the terminal was restored.
///
/// ```swift
/// let session = try await TmuxSession.bulletin(["--api", server.baseURL.absoluteString], open: "users/1",
///                                              showing: "Posts (")
/// defer { session.close() }
/// try await session.press("Enter", until: "Comments (")
/// try await session.quit()
/// ```
/// Every wait is a condition on one capture (``TmuxSession/waitForAll(_:timeout:)``), never a
/// fixed sleep, so what a test checks was on screen together.
extension TmuxSession {
    /// The screen the app starts on when no route is opened.
    static let home = "Welcome to Bulletin"

    /// Starts the real binary in tmux with `arguments` (the source's flags: `--api URL`,
    /// `--data FILE`, …) and `open route` when one is given, and waits until one capture shows
    /// every one of `screen` (Home when no route is opened and no screen is named).
    /// - Throws: ``TmuxSession/Failure`` when tmux cannot start or the screen does not come; the
    ///   session is closed then.
    static func bulletin(
        _ arguments: [String] = [], open route: String? = nil, width: Int = 100, height: Int = 30,
        environment: [String: String] = [:], showing screen: String...
    ) async throws -> TmuxSession {
        let command = [BulletinBinary.path] + arguments + (route.map { ["open", $0] } ?? [])
        let session = try TmuxSession(command: command, width: width, height: height, environment: environment)
        do {
            try await session.waitForAll(screen.isEmpty ? [home] : screen)
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// A second Bulletin in a pane beside this one (``split(command:environment:)``: the same
    /// tmux window, as a person with two panes has), started with `arguments` (and `open
    /// route`), once one capture of it shows every one of `screen`.
    /// - Throws: As ``bulletin(_:open:width:height:environment:showing:)``; the pane is closed then.
    func bulletinBeside(_ arguments: [String], open route: String? = nil, showing screen: String...) async throws -> TmuxSession {
        let pane = try split(command: [BulletinBinary.path] + arguments + (route.map { ["open", $0] } ?? []))
        do {
            try await pane.waitForAll(screen.isEmpty ? [Self.home] : screen)
        } catch {
            pane.close()
            throw error
        }
        return pane
    }

    /// Sends `keys` (tmux key names or text, as ``send(_:)``) and waits until one capture shows
    /// every one of `screen`.
    /// - Returns: That screen.
    @discardableResult
    func press(_ keys: String..., until screen: String...) async throws -> String {
        _ = command(["send-keys", "-t", target] + keys)
        return try await waitForAll(screen)
    }

    /// Quits with `key` (`q` unless given) and checks the way out: the exit status is `status`
    /// and the terminal settings (`stty -g`) are the ones from before the start.
    func quit(
        with key: String = "q", status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        send(key)
        #expect(try await waitForExit() == status, "stderr: \(standardError)", sourceLocation: sourceLocation)
        #expect(sttyAfter == sttyBefore, "terminal settings restored", sourceLocation: sourceLocation)
    }

    /// Sends `signal` to the app (kill(2)) and checks the way out: the exit status is 128 +
    /// `signal`, the terminal settings are the ones from before the start, and the main screen
    /// is back (Home no longer shown).
    func end(by signal: Int32, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        kill(try #require(commandPID(), sourceLocation: sourceLocation), signal)
        #expect(try await waitForExit() == 128 + signal, "ended by the signal itself", sourceLocation: sourceLocation)
        #expect(sttyAfter == sttyBefore, "terminal settings restored", sourceLocation: sourceLocation)
        #expect(!capture().contains(Self.home), "the main screen is back", sourceLocation: sourceLocation)
    }

    /// A pane running `sh -i` (dash, with job control: it takes the terminal back when a job
    /// stops, and does not save and restore the tty modes of stopped jobs, so the modes seen
    /// after Ctrl-Z are the ones Bulletin left), waiting for its prompt. Its stderr (the prompt,
    /// job messages) goes to the pane, not to the session's stderr file.
    static func jobShell() async throws -> TmuxSession {
        let session = try TmuxSession(command: ["sh", "-c", "exec sh -i 2>&1"], environment: ["PS1": "$ "])
        do {
            try await session.waitFor("$")
        } catch {
            session.close()
            throw error
        }
        return session
    }

    /// Runs the real binary with `arguments` as a job of this pane's shell (``jobShell()``),
    /// after `clear`, and waits for Home.
    func startBulletin(_ arguments: [String] = []) async throws {
        let line = (["clear; '\(BulletinBinary.path)'"] + arguments).joined(separator: " ")
        try await press(line, "Enter", until: Self.home)
    }

    /// A file `name` holding `contents`, in a new directory of its own (``scratchDirectory(_:)``);
    /// the caller removes the directory (`file.deletingLastPathComponent()`).
    static func scratchFile(_ prefix: String, named name: String = "db.json", contents: Data) throws -> URL {
        let file = try scratchDirectory(prefix).appendingPathComponent(name)
        try contents.write(to: file)
        return file
    }

    /// A new directory of its own under the temporary directory, named `prefix-` and a unique
    /// part; the caller removes it (`defer { try? FileManager.default.removeItem(at: directory) }`).
    static func scratchDirectory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
