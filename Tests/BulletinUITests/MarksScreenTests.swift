import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import TermView
import Testing

@testable import BulletinUI

/// Issue 24, item 8 on the screens: `m` draws the mark in the table's mark column and the
/// status line counts the marks, `M` clears them, `?` lists both, `d` with marks asks once,
/// and `y` with marks copies every marked record, at 40, 80 and 120 columns.
@MainActor
@Suite("Marks on the screens")
struct MarksScreenTests {
    nonisolated static let widths = [40, 80, 120]

    @Test("m marks the selected user (a * in the mark column, the row below selected); the status line counts; M clears",
          arguments: widths)
    func markColumn(width: Int) async {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("m"), .character("j"), .character("m"), width: width)
        let lines = harness.lines(width: width)
        let rows = lines.filter { $0.contains("Leanne") || $0.contains("Zoë") || $0.contains("山田") }
        #expect(rows.count == 3, "\(lines)")
        #expect(rows.map { $0.first } == ["*", " ", "*"], "the mark column is the table's first cell: \(rows)")
        // At 40 columns the summary is cut after the count: ` Esc back  ? help  q quit 2 marked · 3 …`.
        let summary = width >= 80 ? "2 marked · 3 users" : "2 marked · 3 …"
        #expect(lines.last?.hasSuffix(summary) == true, "\(lines.last ?? "")")
        harness.press(.character("M"), width: width)
        let cleared = harness.lines(width: width)
        #expect(!cleared.contains { $0.hasPrefix("*") }, "\(cleared)")
        #expect(cleared.last?.hasSuffix(" 3 users") == true && cleared.last?.contains("marked") == false)
    }

    @Test("? lists m and M under Marks; M says why it does nothing while nothing is marked; d names the marked")
    func help() async {
        let harness = await KeyScreenHarness.open(.users)
        let before = harness.screen.keyHelp
        #expect(before.contains { $0.keys == [.key(.character("m"))] && $0.group == "Marks" && $0.isEnabled })
        #expect(before.contains { $0.keys == [.key(.character("M"))] && $0.disabledReason == "no row is marked" })
        harness.press(.character("m"), .character("m"))
        let after = harness.screen.keyHelp
        #expect(after.contains { $0.keys == [.key(.character("M"))] && $0.isEnabled })
        #expect(after.contains { $0.keys == [.key(.character("d"))] && $0.description == "Delete the 2 users marked (asks once)" }, "\(after.map(\.description))")
    }

    @Test("where d deletes nothing (todos, albums, photos) m's help does not promise it")
    func helpWithoutDelete() {
        let todo = MarkIntent.keys(noun: "todo", failed: nil, clearUnavailable: nil, deletes: false).help.first
        #expect(todo?.description == "Mark or unmark the selected todo (y copies the marked ones)")
        let user = MarkIntent.keys(noun: "user", failed: nil, clearUnavailable: nil, deletes: true).help.first
        #expect(user?.description == "Mark or unmark the selected user (d deletes and y copies the marked ones)")
    }

    @Test("d with two users marked shows one question naming both; Delete removes both rows", arguments: widths)
    func deleteQuestion(width: Int) async throws {
        let harness = await KeyScreenHarness.open(.users)
        harness.press(.character("m"), .character("m"), .character("d"), width: width)
        await harness.settle()
        let dialog = harness.lines(width: width, height: 20).joined(separator: "\n")
        #expect(dialog.contains("Delete 2 users?"), "\(dialog)")
        #expect(dialog.replacingOccurrences(of: "\n", with: " ").contains("Leanne"), "\(dialog)")
        harness.press(.left, .enter, width: width, height: 20)
        await harness.settle()
        let list = harness.lines(width: width, height: 20)
        #expect(!list.contains { $0.contains("Leanne") || $0.contains("Zoë") }, "\(list)")
        #expect(list.contains { $0.contains("山田") })
    }

    @Test("y with rows marked copies each one's text, one a line, and says how many", arguments: widths)
    func copyMarked(width: Int) async throws {
        let backend = MemoryBackend(size: Size(width: width, height: 14))
        let (app, host) = await ShareKeysScreenTests.open(.users, source: StubDataSource(), backend: backend)
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("m"))
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("j"))
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("m"))
        _ = ShareKeysScreenTests.frame(host, width: width)
        host.handle(.character("y"))
        let users = Fixtures.users
        let expected = [users[0], users[2]].map { SharedRecord(name: KindName("user", "users"), id: $0.id, title: $0.name,
                                                              webAddress: $0.webAddress).copyText }.joined(separator: "\n")
        #expect(backend.clipboardWrites == [CopyJSONScreenTests.osc52(expected)])
        #expect(app.statusNote.text == "Copied 2 users (2 lines) to the terminal's clipboard")
        let shown = CopyJSONScreenTests.status(host, width: width)
        #expect(shown.contains("Copied 2 users"), "the message is shown whole at \(width): \(shown)")
    }

    @Test("on a read-only source m marks, and d says why nothing is deleted")
    func readOnly() async {
        let source = StubDataSource()
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: ReadOnlyWriter(reason: "started with --read-only")),
                                 onQuit: {})
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, statusNote: app.statusNote, onQuit: {})
        app.open(.users)
        await app.waitForLink()
        await app.loadTop()
        var surface = Surface(width: 80, height: 16)
        host.render(on: &surface)
        host.handle(.character("m"))
        host.render(on: &surface)
        #expect(surface.lines.contains { $0.hasPrefix("*") })
        host.handle(.character("d"))
        host.render(on: &surface)
        let status = surface.lines.suffix(2).joined(separator: " ")
        #expect(status.contains("Read-only: started with --read-only"), "\(surface.lines)")
        #expect(app.stack.titles == ["Home", "Users"])
    }
}
