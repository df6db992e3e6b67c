import BulletinData
import BulletinTestSupport
import Foundation
import Testing

@testable import BulletinFeatures

/// Search on a file source's bytes (issue 23): ``FileSearchCorpus`` finds exactly what the
/// in-memory ``MemorySearchCorpus`` finds over the same source's decoded posts and comments.
@Suite("File search")
struct FileSearchTests {
    /// A db.json written from `json` (the posts' and comments' array texts) in a fresh directory.
    static func file(posts: String, comments: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-search-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("db.json")
        let users = #"[{"id": 1, "name": "Ann", "username": "ann", "email": "ann@example.org"}]"#
        var bytes = Data("{\n  \"users\": \(users),\n  \"posts\": \(posts),\n  \"comments\": \(comments)\n}\n".utf8)
        // A record whose bytes are not UTF-8 (skipped by the index and by the decoder alike).
        if let marker = bytes.range(of: Data("BADBYTE".utf8)) { bytes.replaceSubrange(marker, with: [0x42, 0xFF, 0x42]) }
        try bytes.write(to: file)
        return file
    }

    /// Both corpora over one source: the file search and the in-memory one over its decoded lists.
    static func corpora(_ source: FileDataSource) async throws -> (file: FileSearchCorpus, memory: MemorySearchCorpus) {
        let records = try #require(try await source.textSearch())
        let memory = MemorySearchCorpus(posts: try await source.allPosts(), comments: try await source.allComments())
        return (FileSearchCorpus(records: records), memory)
    }

    /// The records found, by id: a corpus's positions are its own (the file's counts records
    /// that do not decode, which never match), the records are what the person sees.
    struct Found: Equatable {
        var posts: [RecordID]
        var comments: [RecordID]

        init(posts: [RecordID], comments: [RecordID]) {
            self.posts = posts
            self.comments = comments
        }

        init(_ results: SearchResults?, in corpus: some SearchCorpus) {
            posts = results?.posts.map { corpus.post(at: $0)?.id ?? "missing" } ?? []
            comments = results?.comments.map { corpus.comment(at: $0)?.id ?? "missing" } ?? []
        }
    }

    static func found(_ query: String, in corpus: FileSearchCorpus, narrowing previous: SearchResults? = nil) async -> Found {
        Found(await corpus.search(query, narrowing: previous) { _ in }, in: corpus)
    }

    static func expectSame(_ corpora: (file: FileSearchCorpus, memory: MemorySearchCorpus), _ queries: [String]) async {
        for query in queries {
            let file = await found(query, in: corpora.file)
            let memory = Found(corpora.memory.results(for: query), in: corpora.memory)
            #expect(file == memory, "query \(query.debugDescription)")
        }
    }

    /// Hand-written records: escapes, accents, scripts, keys as text, records the index skips or decodes itself.
    static let trickyPosts = #"""
    [
      {"userId": 1, "id": 1, "title": "Café society", "body": "A body with \"quotes\" and a back\\slash"},
      {"userId": 1, "id": 2, "title": "Caf\u00e9 escaped", "body": "line one\nline two \/ slash \u0041BC"},
      {"userId": 1, "id": 3, "title": "Привет, МИР", "body": "東京 and 😀 and \ud83d\ude00"},
      {"userId": 1, "id": 4, "title": "Cafe\u0301 decomposed", "body": "Straße ﬁne Σίσυφος"},
      {"userId": 1, "id": 5, "title": "plain", "body": "nothing here"},
      {"userId": 1, "id": 6, "title": "BADBYTE in the title", "body": "skipped"},
      {"userId": 1, "id": 7, "title": "lone", "body": "a lone surrogate \ud800 here"},
      {"userId": 1, "id": 8, "title": "first title", "title": "second title wins", "body": "twice"},
      {"userId": 1, "id": 9, "t\u0069tle": "escaped key", "body": "key spelled with an escape"},
      {"userId": 1, "id": 10, "title": "nested", "body": "x", "extra": {"title": "not searched", "list": ["body"]}},
      {"userId": 1, "id": 11, "title": "ÀÉÎÕÜ Ñ Ø Æ œ", "body": "Zoë and naïve façade"},
      {"userId": 1, "id": 12, "title": "say \"hi\" to a\\b", "body": "tab\there"}
    ]
    """#
    static let trickyComments = #"""
    [
      {"postId": 1, "id": 1, "name": "Nice cafe", "email": "title@body.example", "body": "Loved the CAFÉ."},
      {"postId": 3, "id": 2, "name": "Вопрос", "email": "b@example.com", "body": "Что это? 東京タワー"},
      {"postId": 3, "id": 3, "name": "name", "email": "c@example.com", "body": "userId and postId are words here"},
      {"postId": 4, "id": 4, "name": "Emoji 🎉", "email": "d@example.com", "body": "\u00C7a va \\ \"bien\""},
      {"postId": 5, "id": 5, "name": 42, "email": "e@example.com", "body": "name is a number"},
      {"postId": 5, "id": 6, "name": "lone in the email", "email": "\udc00@example.com", "body": "cafe"},
      {"postId": 5, "id": 7, "name": "pair in the email", "email": "\ud83d\ude00@example.com", "body": "cafe"}
    ]
    """#

    @Test("hand-written records: accents, scripts, escapes, keys, quotes and bad records find what the decoded lists find")
    func trickyRecords() async throws {
        let url = try Self.file(posts: Self.trickyPosts, comments: Self.trickyComments)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let corpora = try await Self.corpora(FileDataSource(path: url.path))
        let cafe = await Self.found("cafe", in: corpora.file)
        #expect(cafe.posts == [1, 2, 4] && cafe.comments == [1, 7], "\(cafe)")
        #expect(await Self.found("lone", in: corpora.file).posts.isEmpty, "a post that does not decode is not found")
        await Self.expectSame(corpora, [
            "cafe", "CAFÉ", "café", "e", "title", "body", "userId", "postId", "name", "email", "id", "extra", "\"", "\\",
            "say \"hi\"", "a\\b", "\"quotes\"", "back\\slash", "/", "abc", "привет", "МИР", "東京", "😀", "🎉", "ss", "strasse",
            "fine", "σισυφος", "zoe", "naive", "facade", "aeiou n", "o ae oe", "ca va", "bien", "second", "first", "escaped",
            "not searched", "lone", "skipped", "badbyte", "\n", "line one\nline", "\t", "}", ",", ":", "42", "number", "x",
        ])
    }

    @Test("generated records: random text of many scripts, written by JSONEncoder, match as decoded (several chunks)")
    func generatedRecords() async throws {
        var random = SeededRandom(seed: 23)
        let alphabet = Array("abcXYZ019 .,-'\"\\/\n\té ÉñÑßøØçÇÆœŒΣσςабвЖЩıİ東京タワー은でガ😀🎉👍🏽\u{301}\u{308}ﬁ")
        func text() -> String { String((0..<random.next(24)).map { _ in alphabet[random.next(alphabet.count)] }) }
        let count = FileSearchCorpus.chunkSize + 100
        let posts = (1...count).map { Post(userId: 1, id: RecordID($0), title: text(), body: text()) }
        let comments = (1...count / 8).map { Comment(postId: RecordID($0), id: RecordID($0), name: text(), email: "x@example.com", body: text()) }
        let encoder = JSONEncoder()
        let url = try Self.file(
            posts: String(decoding: try encoder.encode(posts), as: UTF8.self),
            comments: String(decoding: try encoder.encode(comments), as: UTF8.self))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let corpora = try await Self.corpora(FileDataSource(path: url.path))
        #expect(corpora.memory.posts.count == count)
        var queries: [String] = []
        for _ in 0..<40 {
            let source = random.next(2) == 0 ? posts[random.next(count)].body : comments[random.next(count / 8)].name
            let characters = Array(source)
            guard !characters.isEmpty else { continue }
            let start = random.next(characters.count)
            queries.append(String(characters[start..<min(characters.count, start + 1 + random.next(3))]))
        }
        await Self.expectSame(corpora, queries)
    }

    @Test("a longer query narrows complete results only: partial ones are searched again whole")
    func narrowing() async throws {
        let url = try Self.file(posts: Self.trickyPosts, comments: Self.trickyComments)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let corpus = try await Self.corpora(FileDataSource(path: url.path)).file
        let caf = try #require(await corpus.search("caf", narrowing: nil) { _ in })
        let narrowed = await Self.found("cafe", in: corpus, narrowing: caf)
        #expect(narrowed == (await Self.found("cafe", in: corpus)))
        // Narrowing tests only the previous results' records: none given, none found…
        #expect(await Self.found("cafe", in: corpus, narrowing: SearchResults(query: "caf")) == Found(nil, in: corpus))
        // …unless those results were not final.
        let fromPartial = await Self.found("cafe", in: corpus, narrowing: SearchResults(query: "caf", isComplete: false))
        #expect(fromPartial == narrowed && narrowed.posts.count == 3)
    }

    @Test("a cancelled search answers nil")
    func cancellation() async throws {
        let url = try Self.file(posts: Self.trickyPosts, comments: Self.trickyComments)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let corpus = try await Self.corpora(FileDataSource(path: url.path)).file
        let task = Task { () -> SearchResults? in
            withUnsafeCurrentTask { $0?.cancel() }
            return await corpus.search("cafe", narrowing: nil) { _ in }
        }
        #expect(await task.value == nil)
    }

    @Test("results found so far are handed on in order before the scan ends, the first as soon as there are any")
    func partialResults() async throws {
        // Many more chunks than run at once, so the first chunk's results are handed on before
        // the last chunk is scanned, however the threads are scheduled.
        let inFlight = ProcessInfo.processInfo.activeProcessorCount + 1
        let count = FileSearchCorpus.chunkSize * inFlight * 6
        let posts = (1...count).map { Post(userId: 1, id: RecordID($0), title: "entry \($0)", body: "plain") }
        let url = try Self.file(posts: String(decoding: try JSONEncoder().encode(posts), as: UTF8.self), comments: "[]")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let corpus = try await Self.corpora(FileDataSource(path: url.path)).file
        let partials = Partials()
        let final = try #require(await corpus.search("entry", narrowing: nil) { await partials.add($0) })
        let seen = await partials.all
        #expect(final.isComplete && final.posts == Array(0..<count))
        let first = try #require(seen.first)
        // The first hand-on holds the chunks scanned by then, in order: the first at least (more
        // when the chunks after it were scanned first), never the whole list.
        #expect(!first.isComplete && first.posts.count < count && first.posts.count % FileSearchCorpus.chunkSize == 0)
        #expect(first.posts == Array(0..<first.posts.count), "the first chunk's results at once")
        #expect(seen.allSatisfy { !$0.isComplete && final.posts.starts(with: $0.posts) })
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.posts.count < $1.posts.count }, "each one holds more")
    }

    @Test("after saves the search sees the records as they read now: updated, created and deleted")
    func afterSaves() async throws {
        let url = try Self.file(posts: Self.trickyPosts, comments: Self.trickyComments)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let source = FileDataSource(path: url.path)
        let writer = FileDataWriter(source: source)
        var post = try await source.post(id: 5)
        post.title = "Zebra crossing"
        _ = try await writer.update(.post(post))
        _ = try await writer.create(.post(Post(userId: 1, id: 99, title: "Brand new zebra", body: "fresh")))
        _ = try await writer.delete(.post, id: 2)
        _ = try await writer.create(.comment(Comment(postId: 1, id: 77, name: "Later", email: "l@example.com", body: "zebra too")))
        var comment = try #require(try await source.comments(postID: 3).first)
        comment.body = "now about zebras"
        _ = try await writer.update(.comment(comment))
        let corpora = try await Self.corpora(source)
        let zebra = try #require(await corpora.file.search("zebra", narrowing: nil) { _ in })
        #expect(zebra.posts.compactMap { corpora.file.post(at: $0)?.title } == ["Zebra crossing", "Brand new zebra"])
        #expect(zebra.comments.compactMap { corpora.file.comment(at: $0)?.body } == ["now about zebras", "zebra too"])
        await Self.expectSame(corpora, ["zebra", "plain", "cafe", "escaped", "fresh", "Что", "later", "e", "nothing"])
        let posts = (0..<corpora.file.records.count(.posts)).compactMap(corpora.file.post(at:))
        #expect(posts == corpora.memory.posts, "every post reads as the source's list")
    }
}

/// Partial results as they were handed on.
actor Partials {
    private(set) var all: [SearchResults] = []
    func add(_ results: SearchResults) { all.append(results) }
}
