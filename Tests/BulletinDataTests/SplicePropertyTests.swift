@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Seeded property test of splice saves (issue 13): random edits, adds, deletes and undos on
/// random `db.json` files with odd layouts (one line, tabs, CRLF, BOM, `\u` escapes, unknown
/// members, string ids, number spellings, non-ASCII). After every change the file holds the
/// same JSON value as a full parse-and-rewrite (``DBDocument``) of the previous version, the
/// writer's record map is what a fresh scan finds, and the source's data set is the file's.
/// Replay a failure with `BULLETIN_SPLICE_SEED=<seed>`.
struct SplicePropertyTests {
    static let documents = 60
    static let changesPerDocument = 5

    @Test("random changes on randomly laid-out files give the same JSON value as a full rewrite")
    func randomChanges() async throws {
        let firstSeed = ProcessInfo.processInfo.environment["BULLETIN_SPLICE_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max / 2)
        print("SplicePropertyTests: seeds \(firstSeed)… (replay one with BULLETIN_SPLICE_SEED=<seed>)")
        for offset in 0..<UInt64(Self.documents) {
            try await Self.check(seed: firstSeed &+ offset)
        }
    }

    private static func check(seed: UInt64) async throws {
        var random = SplitMix(seed: seed)
        let (bytes, fileName) = RandomDB.make(&random)
        let path = try SpliceSaveTests.makeFile(bytes, name: fileName)
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let source = FileDataSource(path: path)
        let writer = FileDataWriter(source: source)
        var deleted: [Record] = []
        for step in 0..<changesPerDocument {
            let context = "seed \(seed) step \(step) (\(fileName))"
            let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let set = try await source.dataSet()
            guard let change = RandomDB.change(in: set, fileName: fileName, deleted: deleted, &random) else { break }
            var document = try DBDocument(root: JSONValue.parse(Array(before.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF })),
                                          fileName: fileName)
            let stored: Record?
            switch change {
            case let .create(record):
                _ = try document.create(record)
                stored = try await writer.create(record).record
            case let .restore(record):
                _ = try document.restore(record)
                stored = try await writer.restore(record).record
                deleted.removeAll { $0 == record }
            case let .update(record):
                try document.update(record, old: set.record(record.kind, id: record.id))
                stored = try await writer.update(record).record
            case let .delete(kind, id):
                try document.delete(kind, id: id)
                if let record = set.record(kind, id: id) { deleted.append(record) }
                stored = try await writer.delete(kind, id: id).record
            }
            let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            let bom = before.starts(with: [0xEF, 0xBB, 0xBF])
            #expect(after.starts(with: [0xEF, 0xBB, 0xBF]) == bom, "\(context): BOM kept")
            let value = try JSONValue.parse(Array(after.dropFirst(bom ? 3 : 0)))
            #expect(value == document.root, "\(context): \(change)\n\(String(decoding: after, as: UTF8.self))")
            let spans = try after.withUnsafeBytes { try RecordSpanScanner.scan($0, fileName: fileName) }
            #expect(await writer.saver.cachedSpans() == spans, "\(context): the record map after the splice is a fresh scan's")
            #expect(try await source.dataSet() == FileDataSource(path: path).dataSet(), "\(context): the data set is the file's")
            if case .create = change { #expect(stored != nil) }
        }
    }
}

/// SplitMix64: a small seeded generator.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random `db.json` files and random changes to them.
enum RandomDB {
    /// Text with quotes, backslashes, controls, non-ASCII and emoji, sometimes.
    static func text(_ random: inout SplitMix) -> String {
        let pieces = ["post", "tïtle", "Zürich", "東京", "🙂", "\"q\"", "back\\slash", "line\nbreak", "tab\t", "a/b", "é", " "]
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// An id: a number in some spelling, or a string.
    static func id(_ value: Int, _ random: inout SplitMix) -> JSONValue {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: .string(String(value))
        case 1: .number("\(value).0")
        case 2 where value % 10 == 0 && value > 0: .number("\(value / 10)e1")
        default: .number(String(value))
        }
    }

    static func unknown(_ random: inout SplitMix) -> JSONValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .number("1.50")
        case 1: .array([.string(text(&random)), .bool(true), .null])
        case 2: .object([.init(key: "id", value: .number("99")), .init(key: "nested", value: .object([]))])
        case 3: .string(text(&random))
        default: .array([])
        }
    }

    static func record(_ kind: RecordKind, id: Int, _ random: inout SplitMix) -> JSONValue {
        var members: [JSONValue.Member]
        switch kind {
        case .user:
            members = [.init(key: "id", value: self.id(id, &random)), .init(key: "name", value: .string(text(&random))),
                       .init(key: "username", value: .string("u\(id)"))]
            if Bool.random(using: &random) { members.append(.init(key: "email", value: .string("u\(id)@example.org"))) }
        case .post:
            members = [.init(key: "userId", value: .number(String(Int.random(in: 1...3, using: &random)))),
                       .init(key: "id", value: self.id(id, &random)), .init(key: "title", value: .string(text(&random))),
                       .init(key: "body", value: .string(text(&random)))]
        case .comment:
            members = [.init(key: "postId", value: .number("1")), .init(key: "id", value: self.id(id, &random)),
                       .init(key: "name", value: .string(text(&random))), .init(key: "email", value: .string("c@x.org")),
                       .init(key: "body", value: .string(text(&random)))]
        }
        if Int.random(in: 0..<3, using: &random) == 0 { members.append(.init(key: "extra", value: unknown(&random))) }
        members.shuffle(using: &random)
        return .object(members)
    }

    /// A random file and its name (`db.json`, or `posts.json` holding a top-level array).
    static func make(_ random: inout SplitMix) -> ([UInt8], String) {
        let count = { (random: inout SplitMix) in Int.random(in: 0...6, using: &random) }
        let root: JSONValue
        let name: String
        if Int.random(in: 0..<6, using: &random) == 0 {
            name = "posts.json"
            root = .array((0..<count(&random)).map { record(.post, id: $0 + 1, &random) })
        } else {
            name = "db.json"
            var members: [JSONValue.Member] = []
            for kind in RecordKind.allCases where Int.random(in: 0..<5, using: &random) > 0 {
                members.append(.init(key: kind.rawValue, value: .array((0..<count(&random)).map { record(kind, id: $0 + 1, &random) })))
            }
            if Bool.random(using: &random) { members.append(.init(key: "albums", value: .array([unknown(&random)]))) }
            members.shuffle(using: &random)
            root = .object(members)
        }
        var writer = OddWriter(random: &random)
        var bytes: [UInt8] = Int.random(in: 0..<5, using: &random) == 0 ? [0xEF, 0xBB, 0xBF] : []
        writer.write(root, to: &bytes, level: 0, random: &random)
        if Bool.random(using: &random) { bytes += writer.newline.isEmpty ? [0x0A] : writer.newline }
        return (bytes, name)
    }

    /// A change Bulletin could make to `set`: edit, add, delete or undo a delete.
    static func change(in set: DataSet, fileName: String, deleted: [Record], _ random: inout SplitMix) -> RecordChange? {
        let kinds: [RecordKind] = fileName == "posts.json" ? [.post] : RecordKind.allCases
        let kind = kinds.randomElement(using: &random)!
        let existing: [Record] = switch kind {
        case .user: set.users.map(Record.user)
        case .post: set.posts.map(Record.post)
        case .comment: set.comments.map(Record.comment)
        }
        // Only the first record of an id is reachable by id.
        let reachable = existing.filter { record in existing.first { $0.id == record.id } == record }
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !reachable.isEmpty:
            var record = reachable.randomElement(using: &random)!
            switch record {
            case var .user(user): user.name = text(&random); user.email = Bool.random(using: &random) ? nil : "new@x.org"; record = .user(user)
            case var .post(post): post.title = text(&random); record = .post(post)
            case var .comment(comment): comment.body = text(&random); record = .comment(comment)
            }
            return .update(record)
        case 1 where !reachable.isEmpty:
            let record = reachable.randomElement(using: &random)!
            return .delete(record.kind, record.id)
        case 2 where deleted.contains { kinds.contains($0.kind) }:
            return .restore(deleted.filter { kinds.contains($0.kind) }.randomElement(using: &random)!)
        default:
            switch kind {
            case .user: return .create(.user(User(id: 0, name: text(&random), username: "new")))
            case .post: return .create(.post(Post(userId: 1, id: 0, title: text(&random), body: text(&random))))
            case .comment:
                return .create(.comment(Comment(postId: 1, id: 0, name: text(&random), email: "n@x.org", body: text(&random))))
            }
        }
    }
}

/// Prints JSON in one random layout per file, with random `\u` escapes and `\/` in strings.
struct OddWriter {
    let newline: [UInt8]
    let indent: [UInt8]
    let colon: [UInt8]
    let comma: [UInt8]
    /// Records (level 2) on one line even in a multi-line file.
    let recordsOnOneLine: Bool

    init(random: inout SplitMix) {
        newline = [[], [0x0A], [0x0D, 0x0A]].randomElement(using: &random)!
        indent = [Array("  ".utf8), Array("    ".utf8), [0x09], Array(" ".utf8)].randomElement(using: &random)!
        colon = [Array(":".utf8), Array(": ".utf8), Array(" : ".utf8)].randomElement(using: &random)!
        comma = [Array(",".utf8), Array(", ".utf8)].randomElement(using: &random)!
        recordsOnOneLine = Int.random(in: 0..<3, using: &random) == 0
    }

    func write(_ value: JSONValue, to out: inout [UInt8], level: Int, random: inout SplitMix) {
        let multiLine = !newline.isEmpty && !(recordsOnOneLine && level >= 2)
        func breakLine(_ depth: Int) {
            if multiLine { out += newline + Array(repeating: indent, count: depth).flatMap { $0 } }
        }
        switch value {
        case let .object(members):
            if members.isEmpty { out += Array("{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out += multiLine ? [UInt8(ascii: ",")] : comma }
                breakLine(level + 1)
                string(member.key, to: &out, random: &random)
                out += colon
                write(member.value, to: &out, level: level + 1, random: &random)
            }
            breakLine(level)
            out.append(UInt8(ascii: "}"))
        case let .array(elements):
            if elements.isEmpty { out += Array((Bool.random(using: &random) ? "[]" : "[ ]").utf8); return }
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out += multiLine ? [UInt8(ascii: ",")] : comma }
                breakLine(level + 1)
                write(element, to: &out, level: level + 1, random: &random)
            }
            breakLine(level)
            out.append(UInt8(ascii: "]"))
        case let .string(text): string(text, to: &out, random: &random)
        case let .number(text): out += Array(text.utf8)
        case let .bool(flag): out += Array((flag ? "true" : "false").utf8)
        case .null: out += Array("null".utf8)
        }
    }

    private func string(_ text: String, to out: inout [UInt8], random: inout SplitMix) {
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\t": out += Array((Bool.random(using: &random) ? #"\t"# : #"\u0009"#).utf8)
            case "/" where Bool.random(using: &random): out += Array(#"\/"#.utf8)
            default:
                if scalar.value < 0x80, Int.random(in: 0..<8, using: &random) == 0 {
                    out += Array(String(format: "\\u%04X", scalar.value).utf8)
                } else if scalar.value > 0xFFFF, Bool.random(using: &random) {
                    let value = scalar.value - 0x10000
                    out += Array(String(format: "\\u%04x\\u%04x", 0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF)).utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
