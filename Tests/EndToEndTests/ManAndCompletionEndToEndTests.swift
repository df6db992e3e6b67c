import BulletinFeatures
import BulletinTestSupport
import Foundation
import Testing

/// The man page through `man`, `make install`, and the completion scripts loaded into the
/// shells themselves (issue 24, item 15).
@Suite("Man page and completion")
struct ManAndCompletionEndToEndTests {
    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Whether `command` is on PATH.
    private func has(_ command: String) -> Bool {
        Subprocess.run(["sh", "-c", "command -v \(command)"]).status == 0
    }

    /// `text` with runs of blanks as one space, so an option wrapped by the formatter is found whole.
    private func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    @Test("bulletin --man rendered by man -l shows every option with its value, and the sections")
    func manPageRenders() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = try BulletinBinary.runDetached(["--man"])
        #expect(page.status == 0 && page.stderr.isEmpty)
        let path = directory + "/bulletin.1"
        try Data(page.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let rendered = Subprocess.run(["env", "MANWIDTH=100", "LANG=C.UTF-8", "MAN_KEEP_FORMATTING=", "man", "-l", path])
        #expect(rendered.status == 0, "\(rendered.output)")
        let text = squeezed(rendered.output)
        #expect(!text.contains("warning"), "\(rendered.output)")
        for section in ["NAME", "SYNOPSIS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS"] {
            #expect(rendered.output.contains("\n" + section + "\n"), "\(section)")
        }
        for flag in LaunchFlag.allCases {
            #expect(text.contains(flag.label), "the rendered page lacks \(flag.label)")
        }
        #expect(text.contains("bulletin - browse users"))
    }

    @Test("make install-built puts the binary, its resources, the man page and the completions under PREFIX; man finds the page")
    func makeInstall() throws {
        let prefix = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let built = URL(fileURLWithPath: BulletinBinary.path).deletingLastPathComponent().path
        let root = SharedData.repositoryRoot.path
        let install = Subprocess.run(["make", "-s", "-C", root, "install-built", "BUILT=\(built)", "PREFIX=\(prefix)"])
        #expect(install.status == 0, "\(install.output)")
        let manager = FileManager.default
        #expect(manager.isExecutableFile(atPath: prefix + "/bin/bulletin"))
        #expect(manager.fileExists(atPath: prefix + "/bin/Bulletin_BulletinData.resources/embedded.json"))
        for script in ["share/bash-completion/completions/bulletin", "share/zsh/site-functions/_bulletin",
                       "share/fish/vendor_completions.d/bulletin.fish"] {
            #expect(manager.fileExists(atPath: prefix + "/" + script), "\(script)")
        }
        let version = Subprocess.run([prefix + "/bin/bulletin", "--version"])
        #expect(version.output == "bulletin \(LaunchOptions.version)\n")
        let man = Subprocess.run(["env", "MANPATH=\(prefix)/share/man", "MANWIDTH=100", "man", "bulletin"])
        #expect(man.status == 0, "\(man.output)")
        #expect(squeezed(man.output).contains("--completion SHELL"))
    }

    /// What bash's `_bulletin` offers for `words` with the cursor on the last word.
    private func bashCompletions(_ words: [String], in directory: String? = nil, configHome: String? = nil) -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = (directory.map { "cd '\($0)'; " } ?? "")
            + (configHome.map { "export XDG_CONFIG_HOME='\($0)'; " } ?? "")
            + "source <('\(BulletinBinary.path)' --completion bash) && COMP_WORDS=(\(quoted)); "
            + "COMP_CWORD=\(words.count - 1); _bulletin; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = Subprocess.run(["bash", "-c", script])
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test("bash: the script defines _bulletin bound to bulletin, and it completes options, values and routes")
    func bashCompletion() throws {
        #expect(bashCompletions(["bulletin", "--da"]) == ["--data"])
        #expect(Set(bashCompletions(["bulletin", "--d"])) == ["--data", "--db", "--dummyjson"])
        #expect(bashCompletions(["bulletin", "--completion", ""]) == ["bash", "zsh", "fish"])
        #expect(bashCompletions(["bulletin", "open", "us"]) == ["users", "users/"])
        #expect(bashCompletions(["bulletin", "--mealdb", "open", "ca"]) == ["categories", "categories/"])
        #expect(bashCompletions(["bulletin", "--api", ""]).isEmpty, "a URL is the user's to type")
        #expect(bashCompletions(["bulletin", "--mealdb", "--rea"]) == ["--read-only"], "--mealdb's URL is optional")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        FileManager.default.createFile(atPath: directory + "/db.json", contents: Data())
        #expect(bashCompletions(["bulletin", "--data", "d"], in: directory) == ["db.json"])
        let bound = Subprocess.run(["bash", "-c", "source <('\(BulletinBinary.path)' --completion bash) && complete -p bulletin"])
        #expect(bound.output == "complete -F _bulletin bulletin\n")
    }

    @Test("the first word may name a source of the settings file (bulletin --list-sources), in bash and fish")
    func namedSources() throws {
        let configHome = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: configHome) }
        try FileManager.default.createDirectory(atPath: configHome + "/bulletin", withIntermediateDirectories: true)
        try Data(#"{"sources": {"work": {"api": "http://127.0.0.1:9"}, "wide": {"github": true}}}"#.utf8)
            .write(to: URL(fileURLWithPath: configHome + "/bulletin/config.json"))
        let listed = Subprocess.run(["env", "XDG_CONFIG_HOME=\(configHome)", BulletinBinary.path, "--list-sources"])
        #expect(listed.status == 0 && listed.output == "work\nwide\n")
        #expect(bashCompletions([BulletinBinary.path, "w"], configHome: configHome) == ["work", "wide"])
        #expect(Set(bashCompletions([BulletinBinary.path, ""], configHome: configHome)).isSuperset(of: ["open", "work", "--api"]))
        #expect(bashCompletions([BulletinBinary.path, "--w"], configHome: configHome).isEmpty, "an option is not a name")
        guard has("fish") else {
            print("notice: fish is not installed; skipping the fish check of named sources")
            return
        }
        let binDirectory = URL(fileURLWithPath: BulletinBinary.path).deletingLastPathComponent().path
        let command = "env HOME='\(configHome)' XDG_CONFIG_HOME='\(configHome)' PATH='\(binDirectory)':\"$PATH\" fish -N -c "
            + "\"bulletin --completion fish | source; complete -C'bulletin w'\""
        let fish = Subprocess.run(["sh", "-c", command])
        #expect(fish.output.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" } == ["wide", "work"],
                "\(fish.output)")
    }

    @Test("zsh: the script parses, and once loaded after compinit, bulletin completes with _bulletin")
    func zshCompletion() async throws {
        guard has("zsh") else {
            print("notice: zsh is not installed; skipping the zsh completion check")
            return
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/_bulletin"
        let script = try BulletinBinary.runDetached(["--completion", "zsh"])
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let syntax = Subprocess.run(["zsh", "-n", path])
        #expect(syntax.status == 0 && syntax.output.isEmpty, "\(syntax.output)")
        let loaded = Subprocess.run(["zsh", "-f", "-c",
            "autoload -U compinit && compinit -u -d '\(directory)/zcompdump' && source '\(path)' && print -r -- $_comps[bulletin]"])
        #expect(loaded.output == "_bulletin\n", "\(loaded.output)")

        // Typed into an interactive zsh in tmux: Tab completes an option, the shells, and a source name.
        try FileManager.default.createDirectory(atPath: directory + "/config/bulletin", withIntermediateDirectories: true)
        try Data(#"{"sources": {"work": {"github": true}}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/config/bulletin/config.json"))
        let bin = URL(fileURLWithPath: BulletinBinary.path).deletingLastPathComponent().path
        let rc = "fpath=('\(directory)' $fpath)\npath=('\(bin)' $path)\n"
            + "autoload -U compinit && compinit -u -d '\(directory)/zcompdump'\nPS1='> '\n"
        try Data(rc.utf8).write(to: URL(fileURLWithPath: directory + "/.zshrc"))
        // zsh writes its prompt and menus to stderr, which the session keeps apart: back to the pane.
        let shell = try TmuxSession(command: ["sh", "-c", "exec zsh -i 2>&1"], width: 100, height: 12,
                                    environment: ["ZDOTDIR": directory, "XDG_CONFIG_HOME": directory + "/config"])
        defer { shell.close() }
        try await shell.waitFor(">")   // tmux trims the space after it
        try await shell.press("bulletin --da", "Tab", until: "> bulletin --data=")
        try await shell.press("C-u", "bulletin --completion ", "Tab", until: "bash  fish  zsh")
        try await shell.press("C-u", "bulletin w", "Tab", until: "> bulletin work")
    }

    @Test("fish: the script parses, and fish's own completer offers the options and routes it declares")
    func fishCompletion() throws {
        guard has("fish") else {
            print("notice: fish is not installed; skipping the fish completion check")
            return
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bulletin.fish"
        let script = try BulletinBinary.runDetached(["--completion", "fish"])
        try Data(script.stdout.utf8).write(to: URL(fileURLWithPath: path))
        let syntax = Subprocess.run(["fish", "--no-execute", path])
        #expect(syntax.status == 0 && syntax.output.isEmpty, "\(syntax.output)")
        let environment = "env HOME='\(directory)' XDG_CONFIG_HOME='\(directory)' XDG_DATA_HOME='\(directory)'"
        let options = Subprocess.run(["sh", "-c", "\(environment) fish -N -c \"source '\(path)'; complete -C'bulletin --da'\""])
        #expect(options.output.hasPrefix("--data\t"), "\(options.output)")
        let routes = Subprocess.run(["sh", "-c", "\(environment) fish -N -c \"source '\(path)'; complete -C'bulletin open us'\""])
        #expect(routes.output.split(separator: "\n") == ["users", "users/"], "\(routes.output)")
    }
}
