import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import Testing

/// Issue 24, item 9 as plain services: `Y` copies a record as JSON (held, or read from the
/// source), every line sanitized and the line breaks kept; and where OSC 52 cannot work the
/// message names what would make it work.
@MainActor
@Suite("Copy as JSON, and what would make OSC 52 work")
struct CopyJSONTests {
    final class Recorder: LinkOpener, Clipboard, @unchecked Sendable {
        var copied: [(text: String, naming: String)] = []
        func open(_ address: String) -> ShareOutcome { .done("Opened \(address)") }
        func copy(_ text: String, naming: String) -> ShareOutcome { copied.append((text, naming)); return .done("Copied \(naming)") }
    }

    func service(_ recorder: Recorder, note: StatusNote, raw: String?) -> ShareService {
        ShareService(sharing: Sharing(opener: recorder, clipboard: recorder, sanitize: { $0.uppercased() }), note: note,
                     readRaw: { _ async throws(DataError) in raw })
    }

    @Test("a record read from the source: every line sanitized on its own, the line breaks kept; the message names it")
    func readFromSource() async {
        let recorder = Recorder()
        let note = StatusNote()
        let share = service(recorder, note: note, raw: "{\n  \"id\": 1\n}")
        let users = UserListViewModel(source: StubDataSource(), router: .none)
        await users.load()
        share.copyJSON(users.subject(for: .raw))
        #expect(note.text == "Reading user 1 to copy…")
        await share.copyTask?.value
        #expect(recorder.copied.map(\.text) == ["{\n  \"ID\": 1\n}"])
        #expect(note.text == "Copied user 1 as JSON (3 lines)")
    }

    @Test("a record Bulletin holds (a todo) is copied at once, as the raw view shows it")
    func held() {
        let recorder = Recorder()
        let note = StatusNote()
        let share = service(recorder, note: note, raw: nil)
        let todo = SharedRecord(name: SourceVocabulary.todos, id: 4, title: "t",
                                raw: .held(Todo(userId: 1, id: 4, title: "t\u{202E}x", completed: true), name: SourceVocabulary.todos, id: 4))
        share.copyJSON(todo)
        #expect(share.copyTask == nil)
        let expected = RawRecordViewModel.shownLines(of: todo.raw!.held!.json).map { $0.uppercased() }.joined(separator: "\n")
        #expect(recorder.copied.map(\.text) == [expected])
        #expect(expected.contains("\\U202E"), "the bidi override is written as its escape, as the raw view shows it")
        #expect(note.text?.hasPrefix("Copied todo 4 as JSON (") == true)
    }

    @Test("a failed read and a source with no record as received say so; nothing selected says so")
    func failures() async {
        let recorder = Recorder()
        let note = StatusNote()
        let failing = ShareService(sharing: Sharing(opener: recorder, clipboard: recorder, sanitize: { $0 }), note: note,
                                   readRaw: { _ async throws(DataError) -> String? in throw DataError.notFound("user 1", location: "stub") })
        let record = SharedRecord(name: SourceVocabulary.jsonPlaceholder.users, id: 1, title: "Leanne", raw: RawRecordRequest(.user, id: 1))
        failing.copyJSON(record)
        await failing.copyTask?.value
        #expect(note.text?.hasPrefix("Could not copy user 1: ") == true, "\(note.text ?? "")")
        let none = service(recorder, note: note, raw: nil)
        none.copyJSON(record)
        await none.copyTask?.value
        #expect(note.text == "User 1 has no JSON as received to copy")
        none.copyJSON(nil)
        #expect(note.text == "Nothing is selected to copy")
        #expect(recorder.copied.isEmpty)
    }

    @Test("no OSC 52 and no tool: inside tmux the message says to set set-clipboard on; outside, that terminfo has no Ms")
    func namesTheFix() throws {
        let bin = try SharingTests.Bin()
        let refusing = TerminalClipboard(acceptsOSC52: false) { _ in }
        try bin.script("tmux", "echo external")
        let tmux = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path, "TMUX": "/tmp/x,1,0"]), terminal: refusing)
        #expect(tmux.copy("x") == .failed(
            "Could not copy: tmux passes no OSC 52 on (tmux: set -g set-clipboard on), and no wl-copy, xclip or xsel to copy with"))
        let outside = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path, "TERM": "xterm"]), terminal: refusing)
        #expect(outside.copy("x") == .failed(
            "Could not copy: this terminal's terminfo has no Ms for OSC 52 (TERM=xterm), and no wl-copy, xclip or xsel to copy with"))
        try bin.recorder("xsel", status: 1)
        let failing = SystemClipboard(runner: CommandRunner(environment: ["PATH": bin.path, "TMUX": "/tmp/x,1,0"]), terminal: refusing)
        #expect(failing.copy("x") == .failed("Could not copy: xsel failed (exit status 1); or tmux: set -g set-clipboard on"))
    }
}
