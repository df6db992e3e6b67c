import Foundation
import BulletinData
import Testing

@testable import BulletinFeatures

/// One table of options (``LaunchFlag``): `--help`, the man page, the completion scripts and the
/// parser all read it, so none names an option another does not (issue 24, item 15).
@Suite("LaunchFlag table")
struct LaunchFlagTableTests {
    /// A value each kind of option value accepts.
    private func sample(_ value: LaunchFlag.Value) -> String {
        switch value.name {
        case "URL": "http://127.0.0.1:9"
        case "SECONDS", "MB": "2"
        case "SHELL": "zsh"
        case "PATH": "users/1"
        case "DATABASE": "sqlite:app.db"
        case "MAPPING": "posts=articles"
        default: "some-file.json"
        }
    }

    @Test("every option of the table, every spelling, is in --help with its value, and in the man page")
    func everyOptionIsDocumented() {
        let usage = LaunchOptions.usage
        let roff = ManPage.roff
        for flag in LaunchFlag.allCases {
            #expect(usage.contains(flag.label), "--help lacks \(flag.label)")
            #expect(roff.contains(ManPage.label(flag)), "the man page lacks \(flag.label)")
            for name in flag.spec.names {
                #expect(usage.contains(name) && roff.contains(ManPage.escape(name)), "\(name)")
            }
            #expect(roff.contains(ManPage.escape(flag.spec.summary)), "the man page has \(flag)'s summary")
        }
        #expect(roff.hasPrefix(".TH BULLETIN 1 "))
        for heading in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH ENVIRONMENT", ".SH FILES"] {
            #expect(roff.contains("\n" + heading + "\n"), "\(heading)")
        }
    }

    @Test("every spelling of every option parses, in both --flag VALUE and --flag=VALUE forms")
    func everyOptionParses() throws {
        for flag in LaunchFlag.allCases {
            for name in flag.spec.names {
                // --live goes with a PostgreSQL database (LiveLaunchTests has it alone).
                var arguments = flag == .live ? ["--db", "postgres://u@h/db", name] : [name]
                if let value = flag.spec.value { arguments.append(sample(value)) }
                #expect(throws: Never.self, "\(arguments)") { try LaunchOptions.parse(arguments) }
                if let value = flag.spec.value, name.hasPrefix("--") {
                    #expect(throws: Never.self) { try LaunchOptions.parse([name + "=" + sample(value)]) }
                }
            }
        }
        #expect(try LaunchOptions.parse(["--man"]).showsManPage)
        #expect(try LaunchOptions.parse(["--list-sources"]).listsSources)
        #expect(try LaunchOptions.parse(["--completion", "fish"]).completionShell == "fish")
        #expect(throws: LaunchError.invalidValue("--completion", "tcsh")) { try LaunchOptions.parse(["--completion=tcsh"]) }
        #expect(LaunchError.invalidValue("--completion", "tcsh").description
            == "--completion needs one of bash, zsh, fish, not 'tcsh'")
        #expect(throws: LaunchError.missingValue("--completion")) { try LaunchOptions.parse(["--completion"]) }
        #expect(throws: LaunchError.unknownArgument("--github=x")) { try LaunchOptions.parse(["--github=x"]) }
    }

    @Test("--help is the table laid out: a synopsis, each section, each option with its summary wrapped under it")
    func helpLayout() {
        let lines = LaunchOptions.usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("Usage: bulletin [--api URL | --data FILE | --db DATABASE | --dummyjson [URL]"))
        #expect(lines.allSatisfy { $0.count <= 100 }, "no line is wider than 100 columns")
        for section in LaunchFlag.Section.allCases { #expect(lines.contains(section.rawValue + ":")) }
        #expect(lines.contains("  --api URL          a JSONPlaceholder-compatible REST API, such as http://127.0.0.1:3000"))
        #expect(lines.contains("  --timeout SECONDS  give up on a request after this long (default 15)"))
        #expect(lines.contains("       bulletin --completion SHELL | --list-sources | --man | -h, --help | --version"))
    }

    @Test("the completion scripts offer every option, the shells after --completion and the routes after open")
    func completionScripts() throws {
        for shell in LaunchFlag.shells {
            let script = try #require(CompletionScript.script(for: shell))
            for flag in LaunchFlag.allCases {
                for name in flag.spec.names {
                    let spelled = shell != "fish" || name == "open" ? name
                        : name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst()
                    #expect(script.contains(spelled), "\(shell) lacks \(name)")
                }
            }
            for route in ["users/", "posts/", "categories/", "search?q=", "admin"] {
                #expect(script.contains(route), "\(shell) lacks the route \(route)")
            }
        }
        #expect(CompletionScript.script(for: "tcsh") == nil)
        #expect(LaunchFlag.routeWords.starts(with: ["home", "users", "users/"]))
        #expect(CompletionScript.brief(.data) == "a json-server db.json file")
    }

    @Test("roff escapes: a backslash, every hyphen, and a line that starts with a dot")
    func roffEscape() {
        #expect(ManPage.escape(#"a\b --x"#) == #"a\eb \-\-x"#)
        #expect(ManPage.escape(".start\n'quote") == "\\&.start\n\\&'quote")
    }
}

/// `--reset-embedded` goes back to the original embedded set (issue 24, item 13).
@Suite("Embedded edits across runs")
struct EmbeddedResetLaunchTests {
    @Test("--reset-embedded chooses the embedded set, and cannot be combined with another source")
    func parses() throws {
        let options = try LaunchOptions.parse(["--reset-embedded", "open", "users/1"])
        #expect(options.source == .embedded && options.resetsEmbedded && options.link == .user("1"))
        #expect(try !LaunchOptions.parse([]).resetsEmbedded)
        #expect(throws: LaunchError.conflictingSources("--api", "--reset-embedded")) {
            try LaunchOptions.parse(["--api", "http://x", "--reset-embedded"])
        }
    }

    @Test("the factory reopens the copy with its edits, and resetEmbedded sets it aside saying where")
    func factory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-reset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.json").path
        let factory = SourceFactory(embeddedCopyPath: path)
        #expect(try factory.resetEmbedded() == "The original embedded data set (there were no edits to set aside)")
        #expect(try factory.make(.embedded).source.descriptor.description == "embedded data set")
        try Data(#"{"users": [], "posts": []}"#.utf8).write(to: URL(fileURLWithPath: path))
        let reopened = try factory.make(.embedded)
        #expect(reopened.source.descriptor.description == "embedded data set, with your edits")
        #expect((reopened.writer as? EmbeddedDataWriter)?.copyPath == path)
        #expect(reopened.writer.access == .allowed)
        #expect(try factory.resetEmbedded() == "Back to the original embedded data set; your edits are kept in \(path).before-reset")
        #expect(try factory.make(.embedded).source.descriptor.description == "embedded data set")
    }
}
