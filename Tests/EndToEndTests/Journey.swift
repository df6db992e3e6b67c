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

    /// Sends `keys` (tmux key names or text, as ``send(_:)``) and waits until one capture shows
    /// every one of `screen`.
    /// - Returns: That screen.
    @discardableResult
    func press(_ keys: String..., until screen: String...) async throws -> String {
        _ = command(["send-keys", "-t", "0"] + keys)
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

    /// A new directory of its own under the temporary directory, named `prefix-` and a unique
    /// part; the caller removes it (`defer { try? FileManager.default.removeItem(at: directory) }`).
    static func scratchDirectory(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
