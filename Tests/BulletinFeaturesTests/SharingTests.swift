import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Issue 16, item 2: `o` opens the record's web address with `$BROWSER` (else `xdg-open`), `y`
/// copies through OSC 52 or a clipboard tool; arguments only, never a shell. The programs are
/// fakes in a temporary `PATH` that record their arguments and stdin.
@MainActor
@Suite("Open and copy through injected commands", .serialized)
struct SharingTests {
    /// A temporary directory for fake programs and what they record.
    final class Bin {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-bin-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes an executable `/bin/sh` script `name`.
        func script(_ name: String, _ body: String) throws {
            let path = url.appendingPathComponent(name).path
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }

        /// A program that writes each argument on its own line (NUL-free) to `name.args`, its
        /// stdin to `name.stdin`, and exits with `status`.
        func recorder(_ name: String, status: Int = 0) throws {
            try script(name, """
                for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(url.path)/\(name).args'
                cat > '\(url.path)/\(name).stdin'
                exit \(status)
                """)
        }

        func recorded(_ name: String, _ suffix: String) -> String? {
            try? String(contentsOf: url.appendingPathComponent("\(name).\(suffix)"), encoding: .utf8)
        }

        /// `PATH` with only this directory and the system's (for `sh`, `cat`, `printf`).
        var path: String { url.path + ":/usr/bin:/bin" }
    }

    static let hostile = "http://example.com/a b;touch pwned;$(touch pwned2)`touch pwned3`"

    @Test("$BROWSER gets the address as one argument, unexpanded, with the terminal handed over")
    func browserArguments() throws {
        let bin = try Bin()
        try bin.recorder("fakebrowser")
        var lent = 0
        let opener = SystemLinkOpener(runner: CommandRunner(environment: ["PATH": bin.path, "BROWSER": "fakebrowser"]),
                                      handoff: TerminalHandoff { lent += 1; $0() })
        let outcome = opener.open(Self.hostile)
        #expect(outcome == .done("Opened \(Self.hostile) with fakebrowser"))
        #expect(bin.recorded("fakebrowser", "args") == Self.hostile + "\n")
        #expect(lent == 1, "a browser without a display runs in the terminal, which is handed over")
        for name in ["pwned", "pwned2", "pwned3"] {
            #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/" + name))
            #expect(!FileManager.default.fileExists(atPath: bin.url.appendingPathComponent(name).path))
        }
    }

    @Test("the browser starts with no signal ignored or blocked, though the app ignores and blocks SIGINT and SIGTERM")
    func signalsReset() throws {
        let bin = try Bin()
        // `exec`, and /proc/self: the masks of the program itself as it starts. (Reading the
        // shell's own status from a child grep raced with dash, which blocks every signal
        // while it waits for that child.)
        try bin.script("sigbrowser", "exec grep -E '^Sig(Ign|Blk):' /proc/self/status > '\(bin.url.path)/signals'")
        let previous = signal(SIGINT, SIG_IGN)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &mask)
        defer {
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            signal(SIGINT, previous)
        }
        let opener = SystemLinkOpener(runner: CommandRunner(environment: ["PATH": bin.path, "BROWSER": "sigbrowser"]))
        #expect(opener.open("http://a.io") == .done("Opened http://a.io with sigbrowser"))
        let status = try String(contentsOf: bin.url.appendingPathComponent("signals"), encoding: .utf8)
        // The masks are hexadecimal, bit n - 1 for signal n; signals 1…31 are the standard ones
        // (glibc keeps two real-time signals of its own).
        let masks = status.split(separator: "\n").compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(masks.count == 2 && masks.allSatisfy { $0 & 0x7FFF_FFFF == 0 }, "\(status)")
    }

    @Test("$BROWSER's list: the first one found is used, %s is replaced by the address")
    func browserList() throws {
        let bin = try Bin()
        try bin.recorder("lynx")
        let runner = CommandRunner(environment: ["PATH": bin.path, "BROWSER": "no-such-browser:lynx -dump %s"])
        let outcome = SystemLinkOpener(runner: runner).open("http://hildegard.org")
        #expect(outcome == .done("Opened http://hildegard.org with lynx"))
        #expect(bin.recorded("lynx", "args") == "-dump\nhttp://hildegard.org\n")
    }

    @Test("without $BROWSER, xdg-open; with neither, it says why; a failing browser says so")
    func fallbacks() throws {
        let bin = try Bin()
        let nothing = SystemLinkOpener(runner: CommandRunner(environment: ["PATH": bin.url.path]))
        #expect(nothing.open("http://a.io") == .failed("No browser to open http://a.io: set $BROWSER, or install xdg-open"))
        try bin.recorder("xdg-open")
        let xdg = SystemLinkOpener(runner: CommandRunner(environment: ["PATH": bin.path]))
        #expect(xdg.open("http://a.io") == .done("Opened http://a.io with xdg-open"))
        #expect(bin.recorded("xdg-open", "args") == "http://a.io\n")
        try bin.recorder("broken", status: 3)
        let broken = SystemLinkOpener(runner: CommandRunner(environment: ["PATH": bin.path, "BROWSER": "broken"]))
        #expect(broken.open("http://a.io") == .failed("broken could not open http://a.io (exit status 3)"))
    }

    @Test("with a display the browser is started detached and the terminal stays")
    func detached() async throws {
        let bin = try Bin()
        try bin.recorder("firefox")
        var lent = 0
        let runner = CommandRunner(environment: ["PATH": bin.path, "BROWSER": "firefox", "DISPLAY": ":0"])
        let outcome = SystemLinkOpener(runner: runner, handoff: TerminalHandoff { lent += 1; $0() }).open("http://a.io")
        #expect(outcome == .done("Opened http://a.io with firefox"))
        #expect(lent == 0)
        for _ in 0..<100 where bin.recorded("firefox", "args") != "http://a.io\n" { try await Task.sleep(for: .milliseconds(20)) }
        #expect(bin.recorded("firefox", "args") == "http://a.io\n")
    }

    @Test("a fake xclip on PATH gets the text on stdin, never in its arguments")
    func xclip() throws {
        let bin = try Bin()
        try bin.recorder("xclip")
        let clipboard = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path]))
        #expect(clipboard.copy(Self.hostile) == .done("Copied “\(Self.hostile)” with xclip"))
        #expect(bin.recorded("xclip", "stdin") == Self.hostile)
        #expect(bin.recorded("xclip", "args") == "-selection\nclipboard\n")
    }

    @Test("a tool that fails is named; with no tool and no terminal clipboard it says so")
    func noClipboard() throws {
        let bin = try Bin()
        let none = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.url.path]))
        #expect(none.copy("x") == .failed("Could not copy: no terminal for OSC 52, and no wl-copy, xclip or xsel to copy with"))
        try bin.recorder("xsel", status: 1)
        let failing = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path]))
        #expect(failing.copy("x") == .failed("Could not copy: xsel failed (exit status 1)"))
    }

    @Test("OSC 52 when the terminal takes it: terminfo Ms outside tmux, set-clipboard on inside")
    func terminalClipboard() throws {
        let bin = try Bin()
        try bin.recorder("xclip")
        var written: [String] = []
        let accepting = TerminalClipboard(acceptsOSC52: true) { written.append($0) }
        let outside = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path]), terminal: accepting)
        #expect(outside.copy("http://a.io") == .done("Copied “http://a.io” to the terminal's clipboard"))
        #expect(written == ["http://a.io"])
        #expect(bin.recorded("xclip", "stdin") == nil)

        let refusing = TerminalClipboard(acceptsOSC52: false) { written.append($0) }
        try bin.script("tmux", "echo on")
        let tmuxOn = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path, "TMUX": "/tmp/x,1,0"]),
                                     terminal: refusing)
        #expect(tmuxOn.copy("b") == .done("Copied “b” to the terminal's clipboard"))
        try bin.script("tmux", "echo external")
        let tmuxExternal = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path, "TMUX": "/tmp/x,1,0"]),
                                           terminal: refusing)
        #expect(tmuxExternal.copy("c") == .done("Copied “c” with xclip"))
        #expect(written == ["http://a.io", "b"])
        #expect(bin.recorded("xclip", "stdin") == "c")
    }

    @Test("web addresses: JSONPlaceholder's website gets http://, GitHub's login and repository their pages")
    func webAddresses() {
        #expect(User(id: 1, name: "A", username: "a", website: "hildegard.org").webAddress == "http://hildegard.org")
        #expect(User(id: 1, name: "A", username: "a", website: "https://x.io/me").webAddress == "https://x.io/me")
        #expect(User(id: 1, name: "A", username: "a", website: " ").webAddress == nil)
        #expect(User(id: 1, name: "A", username: "a").webAddress == nil)
        #expect(User(id: 1, name: "A", username: "octocat", profile: .github(GitHubAccount(login: "octocat"))).webAddress
            == "https://github.com/octocat")
        let repository = Post(userId: 1, id: 2, title: "Hello-World", body: "",
                              details: .github(GitHubRepositoryDetails(fullName: "octocat/Hello-World")))
        #expect(repository.webAddress == "https://github.com/octocat/Hello-World")
        #expect(Post(userId: 1, id: 2, title: "t", body: "").webAddress == nil)
        // The address GitHub sends (`html_url`) wins over the one built from the login.
        let enterprise = GitHubAccount(login: "octocat", webURL: "https://ghe.example/octocat")
        #expect(User(id: 1, name: "A", username: "octocat", profile: .github(enterprise)).webAddress
            == "https://ghe.example/octocat")
        // A meal: its source page, else its video; none without either.
        func meal(source: String?, video: String?) -> Post {
            Post(userId: "Dessert", id: 52772, title: "Teriyaki", body: "",
                 details: .meal(Meal(id: "52772", name: "Teriyaki", source: source, video: video)))
        }
        #expect(meal(source: "https://recipes.example/teriyaki", video: "https://video.example/t").webAddress
            == "https://recipes.example/teriyaki")
        #expect(meal(source: nil, video: "https://video.example/t").webAddress == "https://video.example/t")
        #expect(meal(source: nil, video: nil).webAddress == nil)
    }

    /// Records what it was asked, for the service tests.
    final class Recorder: LinkOpener, Clipboard, @unchecked Sendable {
        var opened: [String] = []
        var copied: [String] = []
        func open(_ address: String) -> ShareOutcome { opened.append(address); return .done("Opened \(address)") }
        func copy(_ text: String, naming: String) -> ShareOutcome { copied.append(text); return .done("Copied \(text)") }
    }

    @Test("the service opens the selected user's website, copies id and title where there is no address, says why not")
    func service() async {
        let recorder = Recorder()
        let note = StatusNote()
        let service = ShareService(sharing: Sharing(opener: recorder, clipboard: recorder, sanitize: { $0.uppercased() }),
                                   note: note)
        let users = UserListViewModel(source: StubDataSource(), router: .none)
        await users.load()
        service.open(users.subject(for: .webAddress))
        #expect(recorder.opened == ["HTTP://HILDEGARD.ORG"], "sanitized before it leaves")
        #expect(note.text == "Opened HTTP://HILDEGARD.ORG · user 1")
        users.moveSelection(by: 1)
        service.open(users.subject(for: .webAddress))
        #expect(note.text == "User 2 has no web address to open")
        service.copy(users.subject(for: .text))
        #expect(recorder.copied == ["2 ZOË ÅNGSTRÖM"])
        let post = PostDetailViewModel(postID: 1, source: StubDataSource())
        await post.load()
        post.selectNextComment()
        service.open(post.subject(for: .webAddress))
        #expect(note.text == "Comment \(post.comments[0].id) has no web address to open")
        service.open(nil)
        #expect(note.text == "Nothing is selected to open")
    }
}
