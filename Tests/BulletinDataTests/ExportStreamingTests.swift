@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Streamed exports (issue 13): the file written 1 MiB at a time is byte for byte what the
/// ``JSONValue`` printer makes of the whole data set, and the CSV what RFC 4180 quoting gives.
struct ExportStreamingTests {
    /// Enough records, with text that needs escaping and quoting, to fill several buffers.
    static func bigData() -> ExportData {
        let texts = ["plain", "Zoë, \"quoted\"", "line\nbreak\r\n", "tab\t and \u{1B}[2J", "東京 🙂", "a/b \\ c", ""]
        var posts: [Post] = []
        for number in 1...6000 {
            let id: RecordID = number % 11 == 0 ? RecordID("p\(number)") : RecordID(number)
            let title = texts[number % texts.count] + " \(number)"
            let body = String(repeating: texts[(number + 3) % texts.count], count: 20)
            posts.append(Post(userId: RecordID(number % 7), id: id, title: title, body: body))
        }
        var comments: [BulletinData.Comment] = []
        for number in 1...4000 {
            comments.append(BulletinData.Comment(postId: RecordID(number), id: RecordID(number), name: texts[number % texts.count],
                                    email: "c\(number)@x.org", body: texts[(number + 1) % texts.count]))
        }
        let users = [User(id: 1, name: "Ann", username: "ann"),
                     User(id: "u2", name: "Bo \"B\"", username: "bo", email: "b@x.org",
                          address: User.Address(street: "S", suite: nil, city: "C", zipcode: nil, geo: User.Geo(lat: "1", lng: nil)),
                          phone: nil, website: "w", company: User.Company(name: nil, catchPhrase: nil, bs: nil))]
        return ExportData(users: users, posts: posts, comments: comments)
    }

    /// The export as it was made before streaming: the whole data set as one ``JSONValue``.
    static func reference(_ data: ExportData) -> [UInt8] {
        func sorted(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .object(members): .object(members.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: sorted($0.value)) })
            case let .array(elements): .array(elements.map(sorted))
            default: value
            }
        }
        let collections: [(String, [Record])] = [("comments", data.comments.map(Record.comment)),
                                                 ("posts", data.posts.map(Record.post)), ("users", data.users.map(Record.user))]
        let root = JSONValue.object(collections.map { name, records in
            .init(key: name, value: .array(records.map { sorted(RecordJSON.compacted(RecordJSON.value(of: $0))) }))
        })
        return root.printed() + [0x0A]
    }

    @Test("a db.json export of several MiB is byte for byte the whole-value printer's, written to the file")
    func dbJSON() throws {
        let data = Self.bigData()
        let expected = Self.reference(data)
        #expect(expected.count > 2 << 20, "several 1 MiB buffers")
        #expect([UInt8](try DBJSONFormat.encode(data)) == expected)
        let path = try SpliceSaveTests.makeFile("", name: "export.json")
        defer { SpliceSaveTests.removeDirectory(of: path) }
        let written = try ExportFile.write(.dbJSON, of: data, to: path, overwrite: true)
        #expect(written == expected.count)
        #expect(FileManager.default.contents(atPath: path).map([UInt8].init) == expected)
        #expect(try JSONDecoder().decode(DataSet.self, from: Data(expected)).posts == data.posts)
    }

    @Test("a CSV export of several MiB quotes fields as RFC 4180 says, written to the file")
    func csv() throws {
        let data = Self.bigData()
        var expected = "id,userId,title,body\r\n"
        for post in data.posts {
            let fields = [post.id.text, post.userId.text, post.title, post.body].map { (field: String) -> String in
                let special = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
                return special ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
            }
            expected += fields.joined(separator: ",") + "\r\n"
        }
        #expect(expected.utf8.count > 1 << 20)
        let path = try SpliceSaveTests.makeFile("", name: "posts.csv")
        defer { SpliceSaveTests.removeDirectory(of: path) }
        try ExportFile.write(.postsCSV, of: data, to: path, overwrite: true)
        #expect(SpliceSaveTests.text(path) == expected)
        #expect(String(decoding: PostsCSVFormat.encode(data.posts), as: UTF8.self) == expected)
    }

    @Test("an export over an existing file is refused unless asked, and the file stays")
    func refusesExisting() throws {
        let path = try SpliceSaveTests.makeFile("keep", name: "db.json")
        defer { SpliceSaveTests.removeDirectory(of: path) }
        #expect(throws: ExportFile.Failure.exists(path)) { try ExportFile.write(.dbJSON, of: Self.bigData(), to: path, overwrite: false) }
        #expect(SpliceSaveTests.text(path) == "keep")
    }
}
