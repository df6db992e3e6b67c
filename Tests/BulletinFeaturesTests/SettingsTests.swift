import BulletinData
import Foundation
import Testing

@testable import BulletinFeatures

/// The settings file: named sources, the default source and colours, every key optional; a bad
/// file named with its line and column (issue 24, item 16).
@Suite("Settings")
struct SettingsTests {
    private func parse(_ text: String, path: String = "/conf/bulletin/config.json") throws(SettingsError) -> Settings {
        try Settings.parse(Data(text.utf8), path: path, home: "/home/me")
    }

    @Test("every key is optional: an empty object, or any one key alone")
    func everyKeyOptional() throws {
        #expect(try parse("{}") == Settings())
        #expect(try parse(#"{"sources": {}}"#) == Settings())
        #expect(try parse(#"{"colors": {}}"#) == Settings())
        #expect(try parse(#" { "colors": {"muted": {}} } "#).colors == ["muted": Settings.ColorSetting()])
        let one = try parse(#"{"sources": {"w": {"api": "http://127.0.0.1:9"}}}"#)
        #expect(one.sources.map(\.name) == ["w"] && one.defaultSource == nil && one.colors.isEmpty)
    }

    @Test("each kind of source, in the command line's words; data paths from the file's directory or ~")
    func sourceKinds() throws {
        let settings = try parse("""
            {"sources": {
              "work": {"api": "http://127.0.0.1:3000"}, "rest": {"rest": "http://r"},
              "big": {"data": "db.json"}, "home": {"data": "~/x/db.json"}, "abs": {"data": "/d/db.json"},
              "dj": {"dummyjson": true}, "dj2": {"dummyjson": "http://d"}, "hub": {"github": true},
              "ghe": {"github-url": "https://host/api/v3"}, "meals": {"mealdb": true}, "plain": {"embedded": true},
              "team": {"db": "sqlite:team.db?mode=ro"}
            }, "default": "big"}
            """)
        let expected: [(String, LaunchOptions.Source)] = [
            ("work", .api("http://127.0.0.1:3000")), ("rest", .api("http://r")), ("big", .file("/conf/bulletin/db.json")),
            ("home", .file("/home/me/x/db.json")), ("abs", .file("/d/db.json")), ("dj", .dummyJSON(LaunchOptions.dummyJSONURL)),
            ("dj2", .dummyJSON("http://d")), ("hub", .github(LaunchOptions.githubURL)),
            ("ghe", .github("https://host/api/v3")), ("meals", .mealDB(LaunchOptions.mealDBURL)), ("plain", .embedded),
            ("team", .sqlite(path: "/conf/bulletin/team.db", readOnly: true)),
        ]
        #expect(settings.sources.map(\.name) == expected.map(\.0))
        #expect(settings.sources.map(\.source) == expected.map(\.1))
        #expect(settings.defaultSource == "big" && settings.source(named: "big") == .file("/conf/bulletin/db.json"))
    }

    @Test("colours: fg and bg as an index, a name or default; attributes true or false")
    func colors() throws {
        let settings = try parse(#"{"colors": {"selected": {"fg": 16, "bg": "cyan", "bold": true, "underline": false}}}"#)
        #expect(settings.colors["selected"] == Settings.ColorSetting(foreground: "16", background: "cyan", bold: true, underline: false))
    }

    @Test("a syntax error names its line and column", arguments: [
        ("{\n  \"default\": \"work\"\n  \"sources\": {}\n}", 3, 3, "expected ',' or '}'"),
        ("{\"sources\": {\"a\": {\"api\": \"http://x\",}}}", 1, 38, "expected a member name"),
        ("{\n  \"colors\": {\n    \"muted\": {\"fg\": tru}\n  }\n}", 3, 24, "expected true"),
        ("", 1, 1, "unexpected end of the document"),
    ] as [(String, Int, Int, String)])
    func syntaxError(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: SettingsError(path: "/c.json", line: line, column: column, reason: reason)) {
            try parse(text, path: "/c.json")
        }
        #expect(SettingsError(path: "/c.json", line: line, column: column, reason: reason).description
            == "/c.json:\(line):\(column): \(reason)")
    }

    @Test("a key that is wrong says which and why")
    func wrongKeys() {
        let cases: [(String, String)] = [
            (#"[]"#, "the settings are not a JSON object"),
            (#"{"sorces": {}}"#, #"unknown key "sorces" (keys: sources, default, colors)"#),
            (#"{"default": 3}"#, #""default" is not the name of a source"#),
            (#"{"sources": {"a": {"api": "http://x"}}, "default": "b"}"#, #""default" names "b", which is not in "sources" (sources: a)"#),
            (#"{"sources": {"a": {"ftp": "x"}}}"#,
             #"source "a": unknown kind "ftp" (kinds: api, data, db, dummyjson, github, github-url, mealdb, rest, embedded)"#),
            (#"{"sources": {"a": {"github": "x"}}}"#, #"source "a": "github" takes true"#),
            (#"{"sources": {"a": {"api": true}}}"#, #"source "a": "api" takes a URL"#),
            (#"{"sources": {"a": {"mealdb": 3}}}"#, #"source "a": "mealdb" takes true or a URL"#),
            (#"{"sources": {"a": {}}}"#, #"source "a": give one of api, data, db, dummyjson, github, github-url, mealdb, rest, embedded, such as {"api": "http://127.0.0.1:3000"}"#),
            (#"{"colors": {"muted": {"fg": true}}}"#, #"colors.muted: "fg" takes a colour: 0–255, a name such as "cyan", or "default""#),
            (#"{"colors": {"muted": {"blink": true}}}"#, #"colors.muted: unknown key "blink" (keys: fg, bg, bold, dim, reverse, underline)"#),
        ]
        for (text, reason) in cases {
            #expect(throws: SettingsError(path: "/c.json", reason: reason), "\(text)") { try parse(text, path: "/c.json") }
        }
    }

    @Test("the file: $XDG_CONFIG_HOME/bulletin/config.json, else ~/.config; missing is no settings unless --config named it")
    func loading() throws {
        #expect(Settings.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/c", "HOME": "/home/a"]) == "/x/c/bulletin/config.json")
        #expect(Settings.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"]) == "/home/a/.config/bulletin/config.json")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.json").path
        let absent = Settings.load(path: missing)
        #expect(absent.settings == Settings() && absent.problem == nil)
        #expect(Settings.load(path: missing, required: true).problem == SettingsError(path: missing, reason: "no such file"))
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"sources": {"big": {"data": "db.json"}}, "default": "big"}"#.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = Settings.load(path: path)
        #expect(loaded.problem == nil && loaded.settings.source(named: "big") == .file(directory.appendingPathComponent("db.json").path))
        try Data("{\"default\": }".utf8).write(to: URL(fileURLWithPath: path))
        let bad = Settings.load(path: path)
        #expect(bad.settings == Settings() && bad.problem?.description == "\(path):1:13: unexpected character")
    }
}

/// `bulletin NAME`, the default source and `--config` on the command line (issue 24, item 16).
@Suite("Settings at launch")
struct SettingsLaunchTests {
    private let settings: Settings = {
        var settings = Settings()
        settings.sources = [("work", .api("http://127.0.0.1:3000")), ("hub", .github(LaunchOptions.githubURL))]
        settings.defaultSource = "work"
        return settings
    }()

    @Test("bulletin NAME opens that source; no source option opens the default; an option wins over the default")
    func named() throws {
        #expect(try LaunchOptions.parse(["hub"], settings: settings).source == .github(LaunchOptions.githubURL))
        #expect(try LaunchOptions.parse([], settings: settings).source == .api("http://127.0.0.1:3000"))
        #expect(try LaunchOptions.parse(["--data", "f"], settings: settings).source == .file("f"))
        #expect(try LaunchOptions.parse(["--reset-embedded"], settings: settings).source == .embedded)
        #expect(try LaunchOptions.parse([]).source == .embedded, "no settings: the embedded set")
        let linked = try LaunchOptions.parse(["hub", "open", "users/dstufft/repos/xmlrpc2"], settings: settings)
        #expect(linked.link == .userPost(user: "dstufft", post: "dstufft/xmlrpc2"), "the link is read in the named source's words")
    }

    @Test("an unknown name, two sources, two names and --config parse as they should")
    func errors() throws {
        #expect(throws: LaunchError.unknownSource("nope", known: ["work", "hub"])) { try LaunchOptions.parse(["nope"], settings: settings) }
        #expect(LaunchError.unknownSource("nope", known: ["work", "hub"]).description == "no source named 'nope' (the settings name work, hub)")
        #expect(LaunchError.unknownSource("x", known: []).description == "no source named 'x' (the settings name none; see --help)")
        #expect(throws: LaunchError.conflictingSources("work", "--data")) { try LaunchOptions.parse(["work", "--data", "f"], settings: settings) }
        #expect(throws: LaunchError.unknownArgument("hub")) { try LaunchOptions.parse(["work", "hub"], settings: settings) }
        let scanned = try LaunchOptions.scan(["--config", "/tmp/c.json", "work"])
        #expect(scanned.configPath == "/tmp/c.json" && scanned.sourceName == "work" && scanned.source == .embedded)
        #expect(try LaunchOptions.scan(["--config=/x"]).configPath == "/x")
        #expect(throws: LaunchError.missingValue("--config")) { try LaunchOptions.scan(["--config"]) }
    }
}
