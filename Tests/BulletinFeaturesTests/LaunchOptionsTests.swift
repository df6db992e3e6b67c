import BulletinData
import Testing

@testable import BulletinFeatures

@Suite("LaunchOptions")
struct LaunchOptionsTests {
    @Test("no arguments browse the embedded data set", arguments: [[String]()])
    func defaults(arguments: [String]) throws {
        #expect(try LaunchOptions.parse(arguments) == LaunchOptions(source: .embedded))
    }

    @Test("sources and flags parse in both spellings")
    func table() throws {
        let cases: [([String], LaunchOptions)] = [
            (["--api", "http://127.0.0.1:3000"], LaunchOptions(source: .api("http://127.0.0.1:3000"))),
            (["--api=http://x"], LaunchOptions(source: .api("http://x"))),
            (["--data", "db.json"], LaunchOptions(source: .file("db.json"))),
            (["--data=./a b.json"], LaunchOptions(source: .file("./a b.json"))),
            (["--help"], LaunchOptions(showsHelp: true)),
            (["-h", "--data", "f"], LaunchOptions(source: .file("f"), showsHelp: true)),
            (["--version"], LaunchOptions(showsVersion: true)),
            (["--dummyjson", "http://d"], LaunchOptions(source: .dummyJSON("http://d"))),
            (["--github"], LaunchOptions(source: .github("https://api.github.com"))),
            (["--github-url=http://127.0.0.1:9/api/v3"], LaunchOptions(source: .github("http://127.0.0.1:9/api/v3"))),
            (["--timeout", "2.5", "--api", "http://x"], LaunchOptions(source: .api("http://x"), timeout: 2.5)),
            (["--timeout=30"], LaunchOptions(timeout: 30)),
        ]
        for (arguments, expected) in cases {
            #expect(try LaunchOptions.parse(arguments) == expected, "\(arguments)")
        }
    }

    @Test("the mouse is on unless --no-mouse is given, which combines with a source")
    func noMouse() throws {
        #expect(try LaunchOptions.parse([]).usesMouse)
        #expect(try !LaunchOptions.parse(["--no-mouse"]).usesMouse)
        let both = try LaunchOptions.parse(["--data", "f", "--no-mouse"])
        #expect(both.source == .file("f") && !both.usesMouse)
        #expect(LaunchOptions.usage.contains("--no-mouse"))
    }

    @Test("bad command lines name what is wrong")
    func errors() {
        #expect(throws: LaunchError.unknownArgument("--nope")) { try LaunchOptions.parse(["--nope"]) }
        #expect(throws: LaunchError.invalidValue("--timeout", "abc")) { try LaunchOptions.parse(["--timeout", "abc"]) }
        #expect(throws: LaunchError.invalidValue("--timeout", "0")) { try LaunchOptions.parse(["--timeout=0"]) }
        #expect(throws: LaunchError.missingValue("--timeout")) { try LaunchOptions.parse(["--timeout"]) }
        #expect(throws: LaunchError.conflictingSources("--github", "--dummyjson")) {
            try LaunchOptions.parse(["--github", "--dummyjson", "http://d"])
        }
        #expect(LaunchError.invalidValue("--timeout", "x").description == "--timeout needs a positive number of seconds, not 'x'")
        #expect(throws: LaunchError.missingValue("--api")) { try LaunchOptions.parse(["--api"]) }
        #expect(throws: LaunchError.missingValue("--data")) { try LaunchOptions.parse(["--data="]) }
        #expect(throws: LaunchError.conflictingSources("--api", "--data")) {
            try LaunchOptions.parse(["--api", "http://x", "--data", "f"])
        }
        #expect(LaunchError.unknownArgument("x").description == "unknown argument 'x' (see --help)")
    }

    @Test("--max-response MB: a positive number of megabytes, handed to every network source as bytes")
    func maxResponse() throws {
        #expect(try LaunchOptions.parse(["--max-response", "2"]).maxResponseMB == 2)
        #expect(try LaunchOptions.parse(["--max-response=0.5", "--api", "http://x"]).maxResponseMB == 0.5)
        #expect(try LaunchOptions.parse([]).maxResponseMB == nil)
        #expect(throws: LaunchError.invalidValue("--max-response", "0")) { try LaunchOptions.parse(["--max-response", "0"]) }
        #expect(throws: LaunchError.invalidValue("--max-response", "lots")) { try LaunchOptions.parse(["--max-response=lots"]) }
        #expect(throws: LaunchError.missingValue("--max-response")) { try LaunchOptions.parse(["--max-response"]) }
        #expect(LaunchError.invalidValue("--max-response", "0").description
            == "--max-response needs a positive number of megabytes, not '0'")
        let factory = SourceFactory(maxResponseMB: 2)
        let rest = try #require(try factory.make(.api("http://127.0.0.1:9")).source as? RESTDataSource)
        #expect(rest.client.maxResponseBytes == 2 * 1_048_576)
        let github = try #require(try factory.make(.github("http://127.0.0.1:9")).source as? GitHubDataSource)
        #expect(github.client.maxResponseBytes == 2 * 1_048_576)
        let dummy = try #require(try factory.make(.dummyJSON("http://127.0.0.1:9")).source as? DummyJSONDataSource)
        #expect(dummy.client.maxResponseBytes == 2 * 1_048_576)
        let standard = try #require(try SourceFactory().make(.api("http://127.0.0.1:9")).source as? RESTDataSource)
        #expect(standard.client.maxResponseBytes == 256 * 1_048_576)
    }

    @Test("the help text lists every flag")
    func usage() {
        for flag in ["--api URL", "--data FILE", "--help", "--version", "--max-response MB"] {
            #expect(LaunchOptions.usage.contains(flag))
        }
    }
}

@Suite("--live and bulletin db")
struct LiveLaunchTests {
    @Test("--live goes with a PostgreSQL database, before or after --db; with any other source it says why not")
    func live() throws {
        let url = "postgres://ann@127.0.0.1:5432/team"
        #expect(try LaunchOptions.parse(["--live", "--db", url]).live)
        #expect(try LaunchOptions.parse(["--db", url, "--live"]).source == .postgres(url))
        #expect(try !LaunchOptions.parse(["--db", url]).live)
        #expect(throws: LaunchError.liveNeedsPostgres) { try LaunchOptions.parse(["--live", "--db", "sqlite:/tmp/x.db"]) }
        #expect(throws: LaunchError.liveNeedsPostgres) { try LaunchOptions.parse(["--live"]) }
        #expect(LaunchError.liveNeedsPostgres.description.hasPrefix("--live needs a PostgreSQL database"))
        #expect(LaunchOptions.usage.contains("--live") && ManPage.roff.contains("live"))
        #expect(ManPage.roff.contains(".B bulletin db install-notify\nURL [\\-\\-map MAPPING]"), "the man page's synopsis")
    }

    @Test("--db takes libpq's key=value pairs too; a value it cannot read is echoed without its password")
    func keyValuePairs() throws {
        let pairs = "host=127.0.0.1 port=5432 dbname=team user=ann password=hunter2"
        #expect(try LaunchOptions.parse(["--db", pairs]).source == .postgres(pairs))
        #expect(try LaunchOptions.parse(["--db", "dbname=team"]).source == .postgres("dbname=team"))
        #expect(throws: LaunchError.invalidValue("--db", "nonsense=1 host=x")) { try LaunchOptions.parse(["--db", "nonsense=1 host=x password=hunter2"]) }
        #expect(PostgresURL.scrubbed(#"invalid IPv6 host address in URI: "postgres://ann:Hunter22@[::1/team""#,
                                     conninfo: "postgres://ann:Hunter22@[::1/team") == #"invalid IPv6 host address in URI: "postgres://ann@[::1/team""#)
        #expect(PostgresURL.scrubbed(#"invalid percent-encoded token: "Hun%ter22""#, conninfo: "postgres://ann:Hun%ter22@h/db")
            == #"invalid percent-encoded token: "•••""#)
        #expect(PostgresURL.scrubbed("password=hunter2 is wrong", conninfo: pairs) == "password=••• is wrong")
        #expect(PostgresNotify.installHint("postgres://u@h/db?application_name=it's") == #"bulletin db install-notify 'postgres://u@h/db?application_name=it'\''s'"#)
    }

    @Test("bulletin db install-notify URL [--map M] and uninstall-notify URL; anything else says what it takes")
    func commands() throws {
        let url = "postgresql://ann@db.example/team"
        #expect(try DatabaseCommand.parse(["db", "install-notify", url]) == .installNotify(url: url, map: nil))
        #expect(try DatabaseCommand.parse(["db", "install-notify", url, "--map", "posts=articles"]) == .installNotify(url: url, map: "posts=articles"))
        #expect(try DatabaseCommand.parse(["db", "uninstall-notify", url]) == .uninstallNotify(url: url))
        #expect(try DatabaseCommand.parse(["db", "install-notify", url])?.partialOutput == nil)
        #expect(throws: LaunchError.missingValue("db install-notify postgres://USER@HOST:PORT/DB")) {
            try DatabaseCommand.parse(["db", "install-notify"])
        }
        #expect(throws: LaunchError.notPostgres("db uninstall-notify", "sqlite:/tmp/x.db")) {
            try DatabaseCommand.parse(["db", "uninstall-notify", "sqlite:/tmp/x.db"])
        }
        #expect(LaunchError.notPostgres("db uninstall-notify", "x").description.hasPrefix("db uninstall-notify needs a PostgreSQL database"))
        #expect(throws: LaunchError.missingValue("db install-notify URL, or db uninstall-notify URL,")) { try DatabaseCommand.parse(["db"]) }
        #expect(try DatabaseCommand.parse(["db", "install-notify", "host=/tmp dbname=team"]) == .installNotify(url: "host=/tmp dbname=team", map: nil))
        #expect(throws: LaunchError.unknownArgument("--map")) { try DatabaseCommand.parse(["db", "uninstall-notify", url, "--map", "x=y"]) }
        #expect(throws: LaunchError.missingValue("db install-notify URL, or db uninstall-notify URL,")) {
            try DatabaseCommand.parse(["db", "vacuum", url])
        }
        #expect(DatabaseCommand.usageLines.contains { $0.contains("bulletin db install-notify URL") })
    }
}
