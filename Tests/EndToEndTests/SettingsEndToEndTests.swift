@testable import bulletin
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

/// The settings file through the real binary: `bulletin work` starts the source named `work`,
/// `default` is used without a source option, a bad file is reported with its line and column
/// and Bulletin starts with the defaults, `--config PATH` reads another file (issue 24, item 16).
/// HOME and the XDG directories point into a temporary directory.
@Suite("End to end: the settings file", .serialized)
struct SettingsEndToEndTests {
    /// A temporary home with `config` written to `$XDG_CONFIG_HOME/bulletin/config.json` and a
    /// small db.json beside it.
    private struct Home {
        let root: String
        var environment: [String: String] {
            ["HOME": root, "XDG_CONFIG_HOME": root + "/config", "XDG_DATA_HOME": root + "/data", "XDG_STATE_HOME": root + "/state"]
        }
        var configPath: String { root + "/config/bulletin/config.json" }
        var dbPath: String { root + "/config/bulletin/db.json" }

        init(config: String) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-settings-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/config/bulletin", withIntermediateDirectories: true)
            try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
            let db = #"{"users": [{"id": 1, "name": "Zed Configured", "username": "zed", "email": "zed@example.org"}], "posts": [], "comments": []}"#
            try Data(db.utf8).write(to: URL(fileURLWithPath: dbPath))
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test("bulletin work opens the source named work (a db.json beside the settings); Users lists its users")
    func namedSource() async throws {
        let home = try Home(config: #"{"sources": {"work": {"data": "db.json"}, "hub": {"github": true}}}"#)
        defer { home.remove() }
        let session = try await TmuxSession.bulletin(["work"], width: 160, environment: home.environment,
                                                     showing: "File \(home.dbPath) · ? for keys")
        defer { session.close() }
        try await session.press("Enter", until: "Zed Configured", "zed@example.org")
        try await session.quit()
    }

    @Test("default opens its source without a source option; a source option still wins")
    func defaultSource() async throws {
        let home = try Home(config: #"{"sources": {"work": {"data": "db.json"}}, "default": "work"}"#)
        defer { home.remove() }
        let session = try await TmuxSession.bulletin(open: "users", width: 160, environment: home.environment,
                                                     showing: "Zed Configured")
        defer { session.close() }
        try await session.quit()
        let embedded = try await TmuxSession.bulletin(["--reset-embedded"], width: 160, environment: home.environment,
                                                      showing: "Embedded data set · ? for keys")
        defer { embedded.close() }
        try await embedded.quit()
    }

    @Test("a bad file: its line and column on Home's status line and on stderr, and the defaults")
    func badFile() async throws {
        let home = try Home(config: "{\n  \"sources\": {\"work\": {\"data\": \"db.json\"}},\n  \"default\": \n}\n")
        defer { home.remove() }
        let problem = "\(home.configPath):4:1: unexpected character"
        let session = try await TmuxSession.bulletin(width: 200, environment: home.environment,
                                                     showing: "Embedded data set · ? for keys", "Settings not used: \(problem)")
        defer { session.close() }
        try await session.quit()
        #expect(session.standardError == "bulletin: \(problem) (starting with the defaults)\n")
    }

    @Test("--config PATH reads that file instead; a name it lacks exits 2 naming the names it has")
    func configOption() async throws {
        let home = try Home(config: #"{"sources": {"work": {"api": "http://127.0.0.1:9"}}}"#)
        defer { home.remove() }
        let other = home.root + "/other.json"
        try Data(#"{"sources": {"mine": {"data": "config/bulletin/db.json"}}, "colors": {"selected": {"fg": 196, "bg": 226}}}"#.utf8)
            .write(to: URL(fileURLWithPath: other))
        // NO_COLOR empty: colours on, even if the runner sets it.
        let session = try await TmuxSession.bulletin(["--config", other, "mine"], open: "users", width: 160,
                                                     environment: home.environment.merging(["NO_COLOR": ""]) { $1 },
                                                     showing: "Zed Configured")
        defer { session.close() }
        let row = session.captureWithAttributes().first { $0.contains("Zed Configured") } ?? ""
        #expect(row.contains("\u{1B}[38;5;196m") && row.contains("\u{1B}[48;5;226m"), "the selected row in the settings' colours: \(row.debugDescription)")
        try await session.quit()
        let environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }
        let unknown = try BulletinBinary.runDetached(["--config", other, "work"], environment: environment)
        #expect(unknown.status == 2)
        #expect(unknown.stderr == "bulletin: no source named 'work' (the settings name mine); settings: \(other)\n")
        let missing = try BulletinBinary.runDetached(["--config", home.root + "/none.json", "--version"], environment: environment)
        #expect(missing.status == 0, "--version needs no settings")
    }

    @Test("colours: each role by its name, each colour checked; an unknown role or colour is a settings problem")
    func colorChanges() throws {
        let changes = try SettingsColors.changes(
            ["selected": Settings.ColorSetting(foreground: "16", background: "cyan", bold: true)], path: "/c.json")
        #expect(changes == [.selected: LookChange(foreground: .index(16), background: .index(6), bold: true)])
        #expect(throws: SettingsError(path: "/c.json", reason: "colors.muted.bg: \"mauve\" is not a colour "
            + "(0–255, black, red, green, yellow, blue, magenta, cyan, white or default)")) {
            try SettingsColors.changes(["muted": Settings.ColorSetting(background: "mauve")], path: "/c.json")
        }
        do {
            _ = try SettingsColors.changes(["chrome": Settings.ColorSetting()], path: "/c.json")
            Issue.record("an unknown role should be refused")
        } catch {
            #expect(error.reason.hasPrefix("colors: unknown role \"chrome\" (roles: normal, header, title"))
        }
    }
}
