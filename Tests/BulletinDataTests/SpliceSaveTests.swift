@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Saves by splicing (issue 13): only the edited record's bytes change, in the file's own
/// layout; the file keeps what it was (symlink, owner, mode, read-only, BOM, id spellings).
struct SpliceSaveTests {
    /// A fresh directory holding `name` with `bytes`; returns the file's path.
    static func makeFile(_ bytes: [UInt8], name: String = "db.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-splice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func makeFile(_ text: String, name: String = "db.json") throws -> String { try makeFile(Array(text.utf8), name: name) }

    static func removeDirectory(of path: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    static func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    static func post(_ id: RecordID, _ title: String, userId: RecordID = 1, body: String = "b") -> Record {
        .post(Post(userId: userId, id: id, title: title, body: body))
    }

    // MARK: - Layouts

    @Test("an edit, an add and a delete change only their record's bytes, in the file's layout", arguments: [
        // compact, one line
        (#"{"posts":[{"userId":1,"id":1,"title":"\u0048i","body":"b"},{"userId":1,"id":2,"title":"t","body":"b"}]}"#,
         #"{"posts":[{"userId":1,"id":1,"title":"\u0048i","body":"b"},{"userId":1,"id":2,"title":"T2","body":"b"},{"userId":1,"id":3,"title":"new","body":"b"}]}"#,
         #"{"posts":[{"userId":1,"id":2,"title":"T2","body":"b"},{"userId":1,"id":3,"title":"new","body":"b"}]}"#),
        // tabs and CRLF
        ("{\r\n\t\"posts\": [\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"title\": \"\\u0048i\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t},\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 2,\r\n\t\t\t\"title\": \"t\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t}\r\n\t]\r\n}\r\n",
         "{\r\n\t\"posts\": [\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"title\": \"\\u0048i\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t},\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 2,\r\n\t\t\t\"title\": \"T2\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t},\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 3,\r\n\t\t\t\"title\": \"new\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t}\r\n\t]\r\n}\r\n",
         "{\r\n\t\"posts\": [\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 2,\r\n\t\t\t\"title\": \"T2\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t},\r\n\t\t{\r\n\t\t\t\"userId\": 1,\r\n\t\t\t\"id\": 3,\r\n\t\t\t\"title\": \"new\",\r\n\t\t\t\"body\": \"b\"\r\n\t\t}\r\n\t]\r\n}\r\n"),
        // four spaces, one record per line, spaces after colons and commas
        ("{\n    \"posts\": [\n        {\"userId\": 1, \"id\": 1, \"title\": \"\\u0048i\", \"body\": \"b\"},\n        {\"userId\": 1, \"id\": 2, \"title\": \"t\", \"body\": \"b\"}\n    ]\n}",
         "{\n    \"posts\": [\n        {\"userId\": 1, \"id\": 1, \"title\": \"\\u0048i\", \"body\": \"b\"},\n        {\"userId\": 1, \"id\": 2, \"title\": \"T2\", \"body\": \"b\"},\n        {\"userId\": 1, \"id\": 3, \"title\": \"new\", \"body\": \"b\"}\n    ]\n}",
         "{\n    \"posts\": [\n        {\"userId\": 1, \"id\": 2, \"title\": \"T2\", \"body\": \"b\"},\n        {\"userId\": 1, \"id\": 3, \"title\": \"new\", \"body\": \"b\"}\n    ]\n}"),
    ])
    func layouts(original: String, afterEditAndAdd: String, afterDelete: String) async throws {
        let path = try Self.makeFile(original)
        defer { Self.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        _ = try await writer.update(Self.post(2, "T2"))
        let created = try await writer.create(Self.post(0, "new"))
        #expect(created.record?.id == 3)
        #expect(Self.text(path) == afterEditAndAdd)
        _ = try await writer.delete(.post, id: 1)
        #expect(Self.text(path) == afterDelete)
        #expect(try await source.dataSet() == FileDataSource(path: path).dataSet(), "the saved data set is the file's")
    }

    @Test("adding to an empty or missing collection and deleting the last record keep the layout")
    func emptyCollections() async throws {
        let original = "{\n  \"posts\": [],\n  \"albums\": [\n    {\n      \"id\": 1\n    }\n  ]\n}\n"
        let path = try Self.makeFile(original)
        defer { Self.removeDirectory(of: path) }
        let writer = FileDataWriter(source: FileDataSource(path: path))
        _ = try await writer.create(Self.post(0, "first"))
        #expect(Self.text(path) == "{\n  \"posts\": [\n    {\n      \"userId\": 1,\n      \"id\": 1,\n      \"title\": \"first\",\n      \"body\": \"b\"\n    }\n  ],\n  \"albums\": [\n    {\n      \"id\": 1\n    }\n  ]\n}\n")
        _ = try await writer.create(.user(User(id: 0, name: "Ann", username: "ann")))
        #expect(Self.text(path) == "{\n  \"posts\": [\n    {\n      \"userId\": 1,\n      \"id\": 1,\n      \"title\": \"first\",\n      \"body\": \"b\"\n    }\n  ],\n  \"albums\": [\n    {\n      \"id\": 1\n    }\n  ],\n  \"users\": [\n    {\n      \"id\": 1,\n      \"name\": \"Ann\",\n      \"username\": \"ann\"\n    }\n  ]\n}\n")
        _ = try await writer.delete(.post, id: 1)
        _ = try await writer.delete(.user, id: 1)
        #expect(Self.text(path) == "{\n  \"posts\": [],\n  \"albums\": [\n    {\n      \"id\": 1\n    }\n  ],\n  \"users\": []\n}\n")
        let compact = try Self.makeFile("{}")
        defer { Self.removeDirectory(of: compact) }
        _ = try await FileDataWriter(source: FileDataSource(path: compact)).create(Self.post(0, "x"))
        #expect(try await FileDataSource(path: compact).post(id: 1).title == "x")
    }

    @Test("unknown members of the edited record keep their values and number texts; the edited member is what was typed")
    func editedRecordKeepsUnknownMembers() async throws {
        let path = try Self.makeFile(#"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b", "score": 1.50, "tags": ["\u0041"]}]}"#)
        defer { Self.removeDirectory(of: path) }
        _ = try await FileDataWriter(source: FileDataSource(path: path)).update(Self.post(1, "typed ✓ \"q\""))
        let value = try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(value == .object([.init(key: "posts", value: .array([.object([
            .init(key: "userId", value: .number("1")), .init(key: "id", value: .number("1")),
            .init(key: "title", value: .string("typed ✓ \"q\"")), .init(key: "body", value: .string("b")),
            .init(key: "score", value: .number("1.50")), .init(key: "tags", value: .array([.string("A")])),
        ])]))]))
    }

    // MARK: - The file keeps what it was

    @Test("a UTF-8 BOM is kept and such files save")
    func byteOrderMark() async throws {
        let body = #"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#
        let path = try Self.makeFile([0xEF, 0xBB, 0xBF] + Array(body.utf8))
        defer { Self.removeDirectory(of: path) }
        let writer = FileDataWriter(source: FileDataSource(path: path))
        _ = try await writer.update(Self.post(1, "T"))
        let saved = try #require(FileManager.default.contents(atPath: path))
        #expect(Array(saved.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: saved.dropFirst(3), as: UTF8.self) == body.replacingOccurrences(of: #""t""#, with: #""T""#))
        #expect(try await FileDataSource(path: path).post(id: 1).title == "T")
    }

    @Test("ids written 1e3, 1.0 or 2.0 can be edited and deleted; their spelling stays")
    func idSpellings() async throws {
        let path = try Self.makeFile(#"{"posts": [{"userId": 1, "id": 1e3, "title": "a", "body": "b"}, {"userId": 1, "id": 1.0, "title": "c", "body": "b"}, {"userId": 1, "id": 2.0, "title": "d", "body": "b"}]}"#)
        defer { Self.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        #expect(try await source.allPosts().map(\.id) == [1000, 1, 2])
        _ = try await writer.update(Self.post(1000, "A"))
        _ = try await writer.delete(.post, id: 2)
        _ = try await writer.update(Self.post(1, "C"))
        #expect(Self.text(path) == #"{"posts": [{"userId": 1, "id": 1e3, "title": "A", "body": "b"}, {"userId": 1, "id": 1.0, "title": "C", "body": "b"}]}"#)
        let created = try await writer.create(Self.post(0, "new"))
        #expect(created.record?.id == 1001)
    }

    @Test("with two records sharing an id, an edit changes the one given as the original, in the file and the data set")
    func duplicateIDs() async throws {
        let original = #"{"posts": [{"userId": 1, "id": 1, "title": "first", "body": "b"}, {"userId": 2, "id": 1, "title": "second", "body": "b"}]}"#
        let path = try Self.makeFile(original)
        defer { Self.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        let posts = try await source.allPosts()
        #expect(posts.map(\.title) == ["first", "second"])
        var chosen = posts[1]
        chosen.title = "second, edited"
        _ = try await writer.update(.post(chosen), original: .post(posts[1]))
        #expect(Self.text(path) == original.replacingOccurrences(of: #""second""#, with: #""second, edited""#))
        #expect(try await source.allPosts().map(\.title) == ["first", "second, edited"])
        #expect(try await FileDataSource(path: path).allPosts().map(\.title) == ["first", "second, edited"])
        // Without the original, the first record with the id is the one edited (as before).
        var first = posts[0]
        first.title = "first, edited"
        _ = try await writer.update(.post(first))
        #expect(try await FileDataSource(path: path).allPosts().map(\.title) == ["first, edited", "second, edited"])
    }

    @Test("a symlink is written through: the target changes, the link stays, .bak is a copy beside the target")
    func symlink() async throws {
        let original = #"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#
        let target = try Self.makeFile(original)
        defer { Self.removeDirectory(of: target) }
        let linkDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: linkDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: linkDirectory) }
        let link = linkDirectory.appendingPathComponent("db.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let source = FileDataSource(path: link)
        _ = try await FileDataWriter(source: source).update(Self.post(1, "T"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(Self.text(target) == original.replacingOccurrences(of: #""t""#, with: #""T""#))
        let backup = try FileManager.default.attributesOfItem(atPath: target + ".bak")
        #expect(backup[.type] as? FileAttributeType == .typeRegular)
        #expect(Self.text(target + ".bak") == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: linkDirectory.path) == ["db.json"])
        _ = try await FileDataWriter(source: source).update(Self.post(1, "T2"))
        #expect(try await FileDataSource(path: link).post(id: 1).title == "T2", "a second save goes through the link too")
    }

    @Test("owner, group and mode are kept (another owner as root)")
    func ownerAndMode() async throws {
        let path = try Self.makeFile(#"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#)
        defer { Self.removeDirectory(of: path) }
        let isRoot = geteuid() == 0
        let (owner, group): (uid_t, gid_t) = isRoot ? (4321, 8765) : (geteuid(), getegid())
        #expect(chown(path, owner, group) == 0)
        #expect(chmod(path, 0o640) == 0)
        _ = try await FileDataWriter(source: FileDataSource(path: path)).update(Self.post(1, "T"))
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_uid == owner && info.st_gid == group, "owner \(info.st_uid):\(info.st_gid)")
        #expect(info.st_mode & 0o7777 == 0o640)
        #expect(try await FileDataSource(path: path).post(id: 1).title == "T")
    }

    @Test("a read-only file is not replaced unless the caller says so; then it stays read-only")
    func readOnlyFile() async throws {
        let original = #"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#
        let path = try Self.makeFile(original)
        defer { Self.removeDirectory(of: path) }
        chmod(path, 0o444)
        let writer = FileDataWriter(source: FileDataSource(path: path))
        await #expect(throws: DataError.readOnlyFile(path: path)) { try await writer.update(Self.post(1, "T")) }
        await #expect(throws: DataError.readOnlyFile(path: path)) { try await writer.delete(.post, id: 1) }
        #expect(Self.text(path) == original)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
        #expect(DataError.readOnlyFile(path: path).description.contains("read-only"))
        _ = try await writer.update(Self.post(1, "T"), overwriteIfChanged: true)
        #expect(try await FileDataSource(path: path).post(id: 1).title == "T")
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o444)
    }

    // MARK: - No re-read

    @Test("after its own save, reloads answer from what the save wrote: the file is read once; a change by another program is read")
    func noReadAfterSave() async throws {
        let path = try Self.makeFile(#"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}], "users": [{"id": 1, "name": "A", "username": "a"}]}"#)
        defer { Self.removeDirectory(of: path) }
        let log = RequestLog()
        let source = FileDataSource(path: path, log: log)
        let reads = { log.snapshot.requests.filter { $0.method == "READ" }.count }
        let writer = FileDataWriter(source: source)
        _ = try await source.allPosts()
        #expect(reads() == 1)
        _ = try await writer.update(Self.post(1, "T"))
        _ = try await writer.create(Self.post(0, "second"))
        // What the screens do after a save: reload the Users list, the user, their posts.
        let (users, user, posts) = try await FetchContext.reloading(true) { () async throws(DataError) in
            (try await source.users(), try await source.user(id: 1), try await source.posts(userID: 1))
        }
        #expect(users.count == 1 && user.name == "A")
        #expect(posts.map(\.title) == ["T", "second"])
        #expect(reads() == 1, "no READ after the save: \(log.snapshot.requests.map(\.method))")

        // Another program saves the file: the next reload reads it.
        let other = FileDataWriter(source: FileDataSource(path: path))
        _ = try await other.update(Self.post(1, "from elsewhere"))
        let reloaded = try await FetchContext.reloading(true) { () async throws(DataError) in try await source.post(id: 1) }
        #expect(reloaded.title == "from elsewhere")
        #expect(reads() == 2)
    }

    @Test("two saves started together both land: the second splices the file the first wrote")
    func concurrentSaves() async throws {
        let path = try Self.makeFile(#"{"posts": [{"userId": 1, "id": 1, "title": "a", "body": "b"}, {"userId": 1, "id": 2, "title": "c", "body": "b"}]}"#)
        defer { Self.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        _ = try await source.allPosts()
        async let first = writer.update(Self.post(1, "A"))
        async let second = writer.update(Self.post(2, "C"))
        _ = try await (first, second)
        #expect(try await FileDataSource(path: path).allPosts().map(\.title) == ["A", "C"])
        #expect(try await source.allPosts().map(\.title) == ["A", "C"])
    }

    @Test("prepareToWrite maps the records ahead of the save; a change on disk meanwhile is still refused")
    func prepareAhead() async throws {
        let original = #"{"posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}]}"#
        let path = try Self.makeFile(original)
        defer { Self.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        await writer.prepareToWrite()
        #expect(await writer.saver.cachedSpans() == nil, "nothing is mapped before the source loaded the file")
        _ = try await source.allPosts()
        await writer.prepareToWrite()
        let expected = try Array(original.utf8).withUnsafeBytes { try RecordSpanScanner.scan($0, fileName: "db.json") }
        #expect(await writer.saver.cachedSpans() == expected)
        _ = try await writer.update(Self.post(1, "T"))
        #expect(try await FileDataSource(path: path).post(id: 1).title == "T")

        // Prepared, then changed by another program: the save is refused as before.
        await writer.prepareToWrite()
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        await #expect(throws: DataError.changedOnDisk(path: path)) { try await writer.update(Self.post(1, "again")) }
    }

    // MARK: - Shared files

    @Test("on every shared file that loads, an edit leaves every byte outside the edited record as it was")
    func sharedFiles() async throws {
        var edited = 0
        for url in try SharedFiles.jsonFiles() {
            let original = try [UInt8](Data(contentsOf: url))
            let path = try Self.makeFile(original, name: url.lastPathComponent)
            defer { Self.removeDirectory(of: path) }
            let source = FileDataSource(path: path)
            guard let set = try? await source.dataSet() else { continue }
            let record: Record
            if let post = set.posts.last {
                record = .post(Post(userId: post.userId, id: post.id, title: post.title + " · edited ✓ \"q\"", body: post.body))
            } else if let user = set.users.last {
                var changed = user
                changed.name += " · edited ✓"
                record = .user(changed)
            } else if let comment = set.comments.last {
                var changed = comment
                changed.body += "\nedited ✓"
                record = .comment(changed)
            } else {
                continue
            }
            let spans = try original.withUnsafeBytes { try RecordSpanScanner.scan($0, fileName: url.lastPathComponent) }
            let position = try #require(spans.index(of: record.id, in: record.kind), "\(url.path)")
            let span = try #require(spans.collections[record.kind]?.elements[position])
            _ = try await FileDataWriter(source: source).update(record)
            let saved = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let suffix = original.count - span.end
            #expect(saved.prefix(span.start).elementsEqual(original.prefix(span.start)), "\(url.path): bytes before")
            #expect(saved.suffix(suffix).elementsEqual(original.suffix(suffix)), "\(url.path): bytes after")
            let newText = Array(saved[span.start..<(saved.count - suffix)])
            let oldValue = try JSONValue.parse(Array(original[span.start..<span.end]))
            let newValue = try JSONValue.parse(newText)
            let expected = RecordJSON.applying(from: RecordJSON.value(of: set.record(record.kind, id: record.id)!),
                                               to: RecordJSON.value(of: record), onto: oldValue)
            #expect(newValue == expected, "\(url.path): the record holds what was typed, other members as they were")
            #expect(try await FileDataSource(path: path).dataSet().record(record.kind, id: record.id) == record, "\(url.path)")
            edited += 1
        }
        #expect(edited >= 8, "files edited: \(edited)")
    }
}
