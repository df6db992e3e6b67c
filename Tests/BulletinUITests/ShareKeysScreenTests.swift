import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 16, item 2 on the screens: `o` and `y` on the lists and detail screens, listed in `?`,
/// the outcome in the status line; copied text reaches the terminal as OSC 52 with the
/// sanitized text in base64 (the in-memory backend records the bytes).
@MainActor
@Suite("o and y on the screens")
struct ShareKeysScreenTests {
    /// The app on `source` with `y` copying through OSC 52 into `backend`, and `o` through a recorder.
    static func open(_ link: DeepLink, source: StubDataSource, backend: MemoryBackend,
                     opened: @escaping @MainActor (String) -> Void = { _ in })
        async -> (AppCoordinator, ScreenHost) {
        var dependencies = AppDependencies(source: source)
        let terminal = TerminalClipboard(acceptsOSC52: true) { backend.copyToClipboard($0) }
        dependencies.sharing = Sharing(opener: Opener(opened: opened),
                                       clipboard: SystemClipboard(runner: CommandRunner(environment: ["PATH": "/nonexistent"]),
                                                                  terminal: terminal),
                                       sanitize: Sanitizer.singleLine)
        let app = AppCoordinator(dependencies: dependencies, onQuit: {})
        app.start()
        app.open(link)
        await app.waitForLink()
        await app.loadTop()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, statusNote: app.statusNote,
                              share: app.share, onQuit: {})
        return (app, host)
    }

    struct Opener: LinkOpener {
        let opened: @MainActor (String) -> Void
        func open(_ address: String) -> ShareOutcome {
            opened(address)
            return .done("Opened \(address) with fakebrowser")
        }
    }

    static func frame(_ host: ScreenHost, width: Int = 100, height: Int = 14) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines
    }

    @Test("y on a user whose name holds escape sequences copies it sanitized, as OSC 52 base64")
    func copiesSanitized() async throws {
        let hostile = User(id: 7, name: "Eve\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J", username: "eve")
        let backend = MemoryBackend(size: Size(width: 100, height: 14))
        let (_, host) = await Self.open(.users, source: StubDataSource(users: [hostile]), backend: backend)
        _ = Self.frame(host)
        host.handle(.character("y"))
        let sanitized = "7 Eve^[]52;c;ZXZpbA==^G^[[2J"
        let expected = Array("\u{1B}]52;c;".utf8) + Array(Data(sanitized.utf8).base64EncodedString().utf8) + [0x07]
        #expect(backend.clipboardWrites == [expected])
        let footer = Self.frame(host).last ?? ""
        #expect(footer.contains("Copied “7 Eve^[]52;c;ZXZpbA==^G^[[2J” to the terminal's clipboard"), "\(footer)")
    }

    @Test("o on Users opens the selected user's website; on a post with a comment selected it says there is none")
    func opens() async throws {
        let backend = MemoryBackend(size: Size(width: 100, height: 14))
        var opened: [String] = []
        let (app, host) = await Self.open(.users, source: StubDataSource(), backend: backend) { opened.append($0) }
        _ = Self.frame(host)
        host.handle(.character("o"))
        #expect(opened == ["http://hildegard.org"])
        #expect(Self.frame(host).last?.contains("Opened http://hildegard.org with fakebrowser") == true)
        app.open(.userPost(user: 1, post: 1))
        await app.waitForLink()
        await app.loadTop()
        _ = Self.frame(host)
        host.handle(.tab)
        host.handle(.character("o"))
        #expect(Self.frame(host).last?.contains("has no web address to open") == true, "\(Self.frame(host))")
        #expect(opened.count == 1)
    }

    @Test("? lists o, y and v under Record on the lists and detail screens; Home and Admin have none")
    func listedInHelp() async throws {
        for (link, expected) in [(DeepLink.users, true), (.user(1), true), (.posts, true), (.userPost(user: 1, post: 1), true),
                                 (.admin, false), (.home, false)] {
            let (_, host) = await Self.open(link, source: StubDataSource(), backend: MemoryBackend(size: Size(width: 100, height: 40)))
            _ = Self.frame(host, height: 60)
            host.handle(.character("?"))
            let help = Self.frame(host, width: 120, height: 60).joined(separator: "\n")
            #expect(help.contains("Open the web address of the selected record, else of this screen's") == expected, "\(link): \(help)")
            #expect(help.contains("Copy the selected record's web address, or its id and title") == expected, "\(link)")
            #expect(help.contains("Show the selected record, else this screen's, as the source holds it") == expected, "\(link)")
        }
    }
}
