@testable import BulletinData
import Foundation
import Testing

/// Finding a collection's array by sampling records (the Posts list's first rows at any size),
/// and refusing a broken big file from its first bytes.
struct FileIndexProbeTests {
    /// A db.json in json-server's layout: `comments` (`count` records, each padded to about 300
    /// bytes), then optionally `todos`, then `posts` and `users`; `decoy` puts a `"posts": [`
    /// line in the middle of the comments (not JSON then: only a scan from the start finds it).
    /// `bad`: comment 5 and post 7 have a number for a text (skipped, listed as issues);
    /// `nested`: a member before the comments holds a `"posts": [` line of its own (valid
    /// JSON, indented like a top-level member: sampling guesses it, wrongly).
    static func layout(count: Int, todos: Int = 0, decoy: Bool = false, bad: Bool = false, nested: Bool = false) -> String {
        var text = "{\n"
        let padding = String(repeating: "lorem ipsum ", count: 20)
        if nested {
            text += "  \"archive\": {\n  \"posts\": [\n"
            for id in 1...count {
                text += "    {\n      \"body\": \"\(padding)\",\n      \"id\": \(id),\n      \"title\": \"old \(id)\",\n      \"userId\": 1\n    }"
                text += id < count ? ",\n" : "\n"
            }
            text += "  ]\n  },\n"
        }
        text += "  \"comments\": [\n"
        for id in 1...count {
            if decoy, id == count / 2 { text += "  \"posts\": [\n" }
            let name = bad && id == 5 ? "5" : "\"comment \(id)\""
            text += "    {\n      \"body\": \"\(padding)\",\n      \"email\": \"e\(id)@x.example\",\n      \"id\": \(id),\n"
            text += "      \"name\": \(name),\n      \"postId\": \(id)\n    }" + (id < count ? ",\n" : "\n")
        }
        text += "  ],\n"
        if todos > 0 {
            text += "  \"todos\": [\n"
            for id in 1...todos {
                text += "    {\n      \"completed\": false,\n      \"id\": \(id),\n      \"title\": \"todo \(id)\",\n      \"userId\": 1\n    }"
                text += id < todos ? ",\n" : "\n"
            }
            text += "  ],\n"
        }
        text += "  \"posts\": [\n"
        for id in 1...count {
            let title = bad && id == 7 ? "7" : "\"post \(id)\""
            text += "    {\n      \"body\": \"\(padding)\",\n      \"id\": \(id),\n      \"title\": \(title),\n      \"userId\": \(id % 7 + 1)\n    }"
            text += id < count ? ",\n" : "\n"
        }
        text += "  ],\n  \"users\": [\n"
        for id in 1...7 {
            text += "    {\n      \"email\": \"u\(id)@x.example\",\n      \"id\": \(id),\n      \"name\": \"User \(id)\",\n      \"username\": \"u\(id)\"\n    }"
            text += id < 7 ? ",\n" : "\n"
        }
        return text + "  ]\n}\n"
    }

    /// Writes `text` to a temporary file and maps it.
    static func mapped(_ text: String) throws -> (MappedFile, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return (try MappedFile(path: url.path), url)
    }

    /// The offset of the `[` on the line `\n  "NAME": [` in `text`, counted in bytes.
    static func expectedOpen(_ name: String, in text: String) -> Int? {
        let bytes = Array(text.utf8), needle = Array("\n  \"\(name)\": [".utf8)
        guard bytes.count >= needle.count else { return nil }
        for at in 0...(bytes.count - needle.count) where bytes[at..<(at + needle.count)].elementsEqual(needle) {
            return at + needle.count - 1
        }
        return nil
    }

    @Test("sampling finds the posts and the users where a scan does, with or without todos between", arguments: [0, 3000])
    func sampledEqualsScanned(todos: Int) throws {
        let text = Self.layout(count: 6000, todos: todos)
        let (file, url) = try Self.mapped(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let posts = FileIndex.guessedArray(.post, in: file, by: .sampled)
        #expect(posts != nil)
        #expect(posts == Self.expectedOpen("posts", in: text))
        #expect(posts == FileIndex.guessedArray(.post, in: file, by: .scanned))
        // The seven users are too few for a probe to land in: sampling gives up, the scan finds them.
        #expect(FileIndex.guessedArray(.user, in: file, by: .sampled) == nil)
        #expect(FileIndex.guessedArray(.user, in: file) == FileIndex.guessedArray(.user, in: file, by: .scanned))
        #expect(FileIndex.guessedArray(.user, in: file) != nil)
    }

    @Test("sampling does not read the file up to the array: a decoy line among the comments fools only the scan")
    func samplingSkipsTheStart() throws {
        let text = Self.layout(count: 6000, decoy: true)
        let (file, url) = try Self.mapped(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let scanned = try #require(FileIndex.guessedArray(.post, in: file, by: .scanned))
        let sampled = try #require(FileIndex.guessedArray(.post, in: file, by: .sampled))
        #expect(scanned < text.utf8.count / 3)
        #expect(sampled > text.utf8.count / 3)
        #expect(Array(Array(text.utf8)[(sampled - 9)...sampled]) == Array("\"posts\": [".utf8))
    }

    @Test("a small or compact file is left to the scan")
    func smallAndCompactFiles() throws {
        for text in [Self.layout(count: 200), #"{"comments":[],"posts":[{"id":1,"userId":1,"title":"t","body":"b"}]}"#] {
            let (file, url) = try Self.mapped(text)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(FileIndex.guessedArray(.post, in: file, by: .sampled) == nil)
        }
    }

    @Test("indexed on two threads after a guess (right, or wrong: a nested posts line), the file gives the decoder's records and issues",
          arguments: [false, true])
    func indexAfterGuess(nested: Bool) async throws {
        let text = Self.layout(count: 6000, todos: 3000, bad: true, nested: nested)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let expected = try DataSetStore.decodeDataSet(Data(text.utf8), location: url.path, fileName: "db.json")
        let source = FileDataSource(path: url.path)
        let listing = try await source.postListing(partial: { _ in })
        #expect(listing.posts == expected.posts.map(PostSummary.init))
        #expect(try await source.users() == expected.users)
        #expect(try await source.allComments() == expected.comments)
        // The index lists issues in the order of the arrays in the file (comments first here),
        // the decoder in the order of its model's members: the same issues.
        let issues = await source.recordIssues()
        #expect(Set(issues.map(\.description)) == Set(expected.issues.map(\.description)))
        #expect(issues.count == expected.issues.count)
        #expect(expected.issues.count == 2)
        if nested {
            // The guess was the nested array: the posts came from the full pass, none from the guess.
            let file = try MappedFile(path: url.path)
            #expect(FileIndex.guessedArray(.post, in: file) ?? 0 < text.utf8.count / 4)
        }
    }

    @Test("a load on two threads stops when its task is cancelled, and a later load reads the file")
    func cancelTwoThreads() async throws {
        let text = Self.layout(count: 20000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let source = FileDataSource(path: url.path)
        // The first batch cancels the load's task from within (the batch is handed on in the
        // task, on its thread), so no other thread has to be scheduled for the cancel to land:
        // the other pass runs on meanwhile, and the load must still end as cancelled.
        let load = Task {
            try await source.postListing(partial: { _ in withUnsafeCurrentTask { $0?.cancel() } })
        }
        await #expect(throws: DataError.cancelled) { _ = try await load.value }
        #expect(try await source.postListing(partial: nil).posts.count == 20000)
    }

    /// Big broken files: zeros, a record not followed by `,` (`@`) at 200 KB, a last `]` that is
    /// `@` (the last only the whole decode finds: it is past the first bytes).
    static let broken: [(String, @Sendable (inout [UInt8]) -> Void)] = [
        ("zeros", { bytes in bytes = [UInt8](repeating: 0, count: bytes.count) }),
        ("garbage at 200 KB", { bytes in
            let comma = (200_000..<bytes.count).first { bytes[$0] == UInt8(ascii: "}") && bytes[$0 + 1] == UInt8(ascii: ",") }!
            bytes[comma + 1] = UInt8(ascii: "@")
        }),
        ("garbage at the end", { bytes in bytes[bytes.count - 4] = UInt8(ascii: "@") }),
    ]

    @Test("a big broken file gives the whole decoder's error, read from its first bytes where it is there", arguments: broken.indices)
    func brokenBigFile(_ index: Int) async throws {
        var bytes = Array(Self.layout(count: 6000).utf8)
        Self.broken[index].1(&bytes)
        #expect(bytes.count > 4 * FileIndex.earlyErrorSlack)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var expected: DataError?
        do { _ = try DataSetStore.decodeDataSet(Data(bytes), location: url.path, fileName: "db.json") } catch { expected = error }
        let error = try #require(expected)
        await #expect(throws: error) { _ = try await FileDataSource(path: url.path).postListing(partial: { _ in }) }
    }

    @Test("a big file cut off in its posts is refused without being read; one ending in blanks after its } loads")
    func cutOff() async throws {
        let text = Self.layout(count: 40000)
        let bytes = Array(text.utf8)
        #expect(bytes.count >= FileIndex.aheadMinimum)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let cut = bytes.count * 2 / 3
        try Data(bytes[..<cut]).write(to: url)
        let expected = DataError.malformedJSON(
            path: "$", location: url.path,
            reason: "the file does not end with the } that closes its object (its last character, at byte \(cut - 1), is \"\(Character(UnicodeScalar(bytes[cut - 1])))\"): it may be cut off")
        await #expect(throws: expected) { _ = try await FileDataSource(path: url.path).postListing(partial: { _ in }) }
        try Data(bytes + Array(" \n\t\r\n".utf8)).write(to: url)
        #expect(try await FileDataSource(path: url.path).postListing(partial: nil).posts.count == 40000)
    }

    @Test("a syntax error well inside the first bytes is thrown from them; one at their end is not")
    func refuseEarlyOnlyInside() throws {
        let zeros = [UInt8](repeating: 0, count: 4 * FileIndex.earlyErrorSlack)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-probe-\(UUID().uuidString).json")
        try Data(zeros).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(path: url.path)
        #expect(throws: DataError.self) { try FileIndex.refuseEarly(file, brokenAt: 0, location: url.path, fileName: "db.json") }
        // A prefix that is valid so far ends in "end of file": it tells nothing, so nothing is thrown.
        let valid = Array(Self.layout(count: 6000).utf8)
        try Data(valid).write(to: url)
        let text = try MappedFile(path: url.path)
        try FileIndex.refuseEarly(text, brokenAt: 10, location: url.path, fileName: "db.json")
        #expect(FileIndex.characterOffset(in: "Invalid value around character 812.") == 812)
        #expect(FileIndex.characterOffset(in: "Unexpected end of file") == nil)
    }
}

/// The CPU check behind the index pass.
struct IndexSupportTests {
    @Test("cpuid's answer is what /proc/cpuinfo's flags say (AVX2, BMI1, PCLMULQDQ, LZCNT)")
    func cpuidAgreesWithCPUInfo() throws {
        #if arch(x86_64)
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("flags") })
        let flags = Set(line.split(separator: " ").map(String.init))
        #expect(IndexSupport.isAvailable == ["avx2", "bmi1", "pclmulqdq", "abm"].allSatisfy(flags.contains))
        #else
        #expect(!IndexSupport.isAvailable)
        #endif
    }
}
