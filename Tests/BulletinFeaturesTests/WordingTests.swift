import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Messages in words: singular and plural agree with their counts, and no error text shows a
/// Swift type name (`Optional(…)`, `…Error(…)`, `.init`, a module prefix).
@MainActor
@Suite("Wording: plurals and no type names")
struct WordingTests {
    @Test("counts take the singular for 1 and the plural otherwise", arguments: [
        (0, "0 users"), (1, "1 user"), (2, "2 users"), (11, "11 users"),
    ] as [(Int, String)])
    func counts(value: Int, text: String) {
        #expect(Display.count(value, "user", "users") == text)
    }

    @Test("what a delete leaves behind: noun and verb agree with the count", arguments: [
        (RecordKind.post, 1, "Its 1 comment stays."), (.post, 5, "Its 5 comments stay."),
        (.user, 1, "Their 1 post stays, with no author."), (.user, 10, "Their 10 posts stay, with no author."),
    ] as [(RecordKind, Int, String)])
    func leftBehind(kind: RecordKind, count: Int, sentence: String) {
        #expect(EditingService.leftBehindSentence(kind: kind, count: count) == sentence)
    }

    @Test("nothing left behind says nothing")
    func nothingLeftBehind() {
        #expect(EditingService.leftBehindSentence(kind: .post, count: 0) == nil)
        #expect(EditingService.leftBehindSentence(kind: .comment, count: 3) == nil)
    }

    @Test("a rate limit with one request left says request")
    func requestsLeft() {
        #expect(DataError.rateLimited(url: "http://h/x", resetAt: nil, remaining: 1).description
            == "Rate limited by http://h/x; try again later (1 request left)")
        #expect(DataError.rateLimited(url: "http://h/x", resetAt: nil, remaining: 0).description.hasSuffix("(0 requests left)"))
    }

    /// One of each ``DataError`` case; ``name(_:)`` has no `default`, so a new case does not
    /// compile until it is named there (and the count below fails until it is sampled here).
    nonisolated static let samples: [DataError] = [
        .invalidURL("htp:/x"), .transport(url: "http://127.0.0.1:9/users", reason: "connection refused"),
        .timedOut(url: "http://127.0.0.1:9/users"), .tooSlow(url: "http://127.0.0.1:9/users", bytes: 12, seconds: 15),
        .headersTooLarge(url: "http://127.0.0.1:9/users", limitBytes: 102_400), .badStatus(500, url: "http://127.0.0.1:9/posts", excerpt: "oops"),
        .malformedJSON(path: "$[2].email", location: "/tmp/users.json", reason: "expected a string, found a number"),
        .unreadableFile(path: "/tmp/db.json", reason: "no such file"), .notFound("user 42", location: "embedded data set"),
        .rateLimited(url: "https://api.github.com/users", resetAt: Date(timeIntervalSince1970: 0), remaining: 0),
        .cancelled, .responseTooLarge(url: "http://127.0.0.1:9/posts", limitBytes: 268_435_456),
        .redirectRefused(url: "http://127.0.0.1:9/posts", status: 301, method: "POST"),
        .redirectLoop(url: "http://127.0.0.1:9/a", repeated: "http://127.0.0.1:9/b"),
        .tooManyRedirects(url: "http://127.0.0.1:9/a", limit: 10), .readOnly(reason: "started with --read-only"),
        .changedOnDisk(path: "/tmp/db.json"), .recordChanged(path: "/tmp/app.db", record: "post 3"), .readOnlyFile(path: "/tmp/db.json"),
        .unwritableFile(path: "/tmp/db.json", reason: "permission denied"),
        .noKnownKinds(what: "db.json at /tmp/meals.json", expected: ["users", "posts", "comments"], found: ["meals"]),
        .writeNotSent(url: "http://127.0.0.1:3000/posts/1", reason: "2 posts share id 1 on the server (“a”, “b”)"),
        .databaseConnection(location: "postgres://ann@127.0.0.1:5432/team", reason: "no server answers at that address"),
        .writeRefused(location: "postgres://ann@127.0.0.1:5432/team", reason: "permission denied (permission denied for table posts)"),
    ]

    nonisolated static func name(_ error: DataError) -> String {
        switch error {
        case .invalidURL: "invalidURL"
        case .transport: "transport"
        case .timedOut: "timedOut"
        case .tooSlow: "tooSlow"
        case .headersTooLarge: "headersTooLarge"
        case .badStatus: "badStatus"
        case .malformedJSON: "malformedJSON"
        case .unreadableFile: "unreadableFile"
        case .notFound: "notFound"
        case .rateLimited: "rateLimited"
        case .cancelled: "cancelled"
        case .responseTooLarge: "responseTooLarge"
        case .redirectRefused: "redirectRefused"
        case .redirectLoop: "redirectLoop"
        case .tooManyRedirects: "tooManyRedirects"
        case .readOnly: "readOnly"
        case .changedOnDisk: "changedOnDisk"
        case .recordChanged: "recordChanged"
        case .readOnlyFile: "readOnlyFile"
        case .unwritableFile: "unwritableFile"
        case .noKnownKinds: "noKnownKinds"
        case .writeNotSent: "writeNotSent"
        case .databaseConnection: "databaseConnection"
        case .writeRefused: "writeRefused"
        }
    }

    /// What a Swift value's default description looks like, never words for a person.
    static func typeNames(in text: String) -> [String] {
        let marks = ["Error(", "Optional(", ".init", "BulletinData.", "BulletinFeatures.", "Swift.", "Foundation.",
                     "DataError", "nil)", "(url:", "(path:", "reason:"]
        return marks.filter { text.contains($0) }
    }

    @Test("every DataError case is sampled")
    func everyCase() {
        #expect(Set(Self.samples.map(Self.name)).count == 24)
    }

    @Test("no error's words, nor the status texts made from them, show a Swift type name", arguments: samples)
    func noTypeNames(error: DataError) async {
        let texts = [
            error.description, Display.reloadFailed(error), "\(error)",
        ]
        for text in texts {
            #expect(Self.typeNames(in: text) == [], "\(text)")
            #expect(!text.isEmpty)
        }
        // A failed save's dialog, from the real form.
        let source = StubDataSource()
        let writer = StubDataWriter(source: source)
        await writer.failNext(with: error)
        let form = RecordFormViewModel(kind: .user, mode: .edit(.user(Fixtures.users[0])), source: source, writer: writer) { _ in }
        form.edit { $0.insert("!") }
        form.save()
        await form.waitForTasks()
        let message = form.openQuestion?.message ?? ""
        #expect(message.hasPrefix(error.description), "\(message)")
        let shown = message + " " + (form.openQuestion?.title ?? "") + " " + form.statusText
        #expect(Self.typeNames(in: shown) == [], "\(shown)")
    }
}
