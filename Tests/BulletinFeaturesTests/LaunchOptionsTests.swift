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

    @Test("the help text lists every flag")
    func usage() {
        for flag in ["--api URL", "--data FILE", "--help", "--version"] {
            #expect(LaunchOptions.usage.contains(flag))
        }
    }
}
