import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 9 on the screens: `Y` on a list or a detail screen copies the whole selected
/// record (else the screen's own) as JSON, the raw view's text, through OSC 52 (the in-memory
/// backend records the bytes); in the raw view `y` copies the record shown. At 40, 80 and 120
/// columns the status line says what was copied.
@MainActor
@Suite("Y copies a record as JSON")
struct CopyJSONScreenTests {
    nonisolated static let widths = [40, 80, 120]
    static let userJSON = "{\n  \"id\": 1,\n  \"name\": \"Leanne\u{1B}[2J Graham\"\n}"
    static let postJSON = "{\n  \"id\": 1,\n  \"title\": \"First post\"\n}"
    static var source: StubDataSource { StubDataSource(rawRecords: [.user: ["1": userJSON], .post: ["1": postJSON]]) }

    /// The OSC 52 bytes of `text`.
    static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;".utf8) + Array(Data(text.utf8).base64EncodedString().utf8) + [0x07]
    }

    /// The status line at `width`, with a message too long for it on the rows above (joined).
    static func status(_ host: ScreenHost, width: Int) -> String {
        ShareKeysScreenTests.frame(host, width: width, height: 14).suffix(3).joined(separator: " ")
    }

    @Test("Y on Users reads the selected user as the source holds it and copies it, line breaks kept, sanitized", arguments: widths)
    func onUsers(width: Int) async throws {
        let backend = MemoryBackend(size: Size(width: width, height: 14))
        let (app, host) = await ShareKeysScreenTests.open(.users, source: Self.source, backend: backend)
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("Y"))
        await app.share.copyTask?.value
        let copied = "{\n  \"id\": 1,\n  \"name\": \"Leanne\\u001B[2J Graham\"\n}"
        #expect(backend.clipboardWrites == [Self.osc52(copied)], "the raw view's text: the escape written as \\u001B")
        #expect(app.statusNote.text == "Copied user 1 as JSON (4 lines) to the terminal's clipboard")
        if width >= 80 {
            #expect(Self.status(host, width: width).contains("Copied user 1 as JSON (4 lines)"), "\(Self.status(host, width: width))")
        }
    }

    @Test("Y on a post copies the post; y in its raw view copies what the raw view shows", arguments: widths)
    func onPostAndRaw(width: Int) async throws {
        let backend = MemoryBackend(size: Size(width: width, height: 14))
        let (app, host) = await ShareKeysScreenTests.open(.userPost(user: 1, post: 1), source: Self.source, backend: backend)
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("Y"))
        await app.share.copyTask?.value
        #expect(backend.clipboardWrites == [Self.osc52(Self.postJSON)])
        host.handle(.character("v"))
        await app.loadTop()
        _ = ShareKeysScreenTests.frame(host, width: width)
        let help = host.screenHelp(for: ScreenHost.screen(for: app.stack.top!.destination))
        #expect(help.contains { $0.matches(.character("y")) && $0.description.hasPrefix("Copy the record as shown") })
        host.handle(.character("y"))
        #expect(backend.clipboardWrites.count == 2 && backend.clipboardWrites.last == Self.osc52(Self.postJSON))
        #expect(app.statusNote.text == "Copied post 1 as JSON (4 lines) to the terminal's clipboard")
    }

    @Test("Y where the source gives no record as received says so, naming the record")
    func noneAsReceived() async throws {
        let backend = MemoryBackend(size: Size(width: 80, height: 14))
        let (app, host) = await ShareKeysScreenTests.open(.users, source: StubDataSource(), backend: backend)
        _ = ShareKeysScreenTests.frame(host, width: 80)
        host.handle(.character("Y"))
        #expect(app.statusNote.text == "Reading user 1 to copy…")
        await app.share.copyTask?.value
        #expect(backend.clipboardWrites.isEmpty)
        #expect(app.statusNote.text == "User 1 has no JSON as received to copy")
    }
}
