import BulletinData
@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// Lenient list decoding: bad records are skipped and reported with their JSON path, good ones load.
struct RecordIssueTests {
    private func decodeUsers(_ json: String) throws(DataError) -> RecordList<User> {
        try JSONDecoding.decodeRecords(User.self, from: Data(json.utf8), location: "u.json", root: "users")
    }

    @Test("a record missing a required field is skipped and reported; the others load")
    func skipsBadRecord() throws {
        let list = try decodeUsers(#"""
            [{"id": 1, "name": "Ann", "username": "a"},
             {"id": 2, "username": "b"},
             {"id": 3, "name": null, "username": "c"},
             {"id": 4, "name": "Dee", "username": "d"}]
            """#)
        #expect(list.records.map(\.id) == [1, 4])
        #expect(list.issues == [
            RecordIssue(path: "users[1].name", reason: "missing", effect: .skipped, location: "u.json"),
            RecordIssue(path: "users[2].name", reason: "null", effect: .skipped, location: "u.json"),
        ])
    }

    @Test("an optional field of the wrong type is blanked and reported; the record loads")
    func blanksOptionalField() throws {
        let list = try decodeUsers(#"[{"id": 1, "name": "Ann", "username": "a", "address": "n/a", "email": 5}]"#)
        #expect(list.records.count == 1)
        #expect(list.records.first?.address == nil)
        #expect(list.records.first?.email == nil)
        #expect(list.issues.map(\.path) == ["users[0].email", "users[0].address"])
        #expect(list.issues.allSatisfy { $0.effect == .fieldBlanked })
        #expect(list.issues.first?.reason == "wrong type (expected a string)")
    }

    @Test("a blanked field of a record later skipped is not reported twice")
    func rollsBackFieldIssuesOfSkippedRecord() throws {
        let list = try decodeUsers(#"[{"id": 1, "address": 7, "username": "a", "name": null}]"#)
        #expect(list.records.isEmpty)
        #expect(list.issues.map(\.effect) == [.skipped])
        #expect(list.issues.first?.path == "users[0].name")
    }

    @Test("a document that is not an array still fails as a whole, naming the file")
    func wholeDocumentErrors() {
        #expect(throws: DataError.self) { try decodeUsers(#"{"id": 1}"#) }
        #expect(throws: DataError.malformedJSON(path: "$", location: "u.json", reason: "empty body")) {
            try decodeUsers("  ")
        }
    }

    @Test("plain decoding stays strict: a bad user fails the whole db.json")
    func plainDecodingIsStrict() {
        let json = #"{"users": [{"id": 1, "name": null, "username": "a"}]}"#
        #expect(throws: DataError.self) { try JSONDecoding.decode(DataSet.self, from: Data(json.utf8), location: "db.json") }
    }

    @Test("the one-line summary counts skipped records and unreadable fields")
    func summary() {
        let skipped = RecordIssue(path: "users[3].name", reason: "null", effect: .skipped, location: "f")
        let blanked = RecordIssue(path: "users[7].address", reason: "wrong type (expected an object)", effect: .fieldBlanked, location: "f")
        #expect(RecordIssue.summary(of: []) == nil)
        #expect(RecordIssue.summary(of: [skipped]) == "1 record skipped: users[3].name null")
        #expect(RecordIssue.summary(of: [skipped, skipped, blanked])
            == "2 records skipped: users[3].name null, …; 1 field unreadable: users[7].address wrong type (expected an object)")
        #expect(skipped.description == "users[3].name null (record skipped)")
    }

    @Test("a db.json with bad records in each list keeps the good ones and lists every issue")
    func dataSetIssues() throws {
        let json = #"""
            {"users": [{"id": 1, "name": "Ann", "username": "a"}, {"id": 2, "name": "Bo"}],
             "posts": [{"userId": 1, "id": 1, "title": "t", "body": "b"}, {"userId": 1, "id": 2, "title": 3, "body": "b"}],
             "comments": [{"postId": 1, "id": 1, "name": "n", "email": "e"}]}
            """#
        let set = try JSONDecoding.decodeReportingIssues(DataSet.self, from: Data(json.utf8), location: "db.json").value
        #expect(set.statistics == DataStatistics(users: 1, posts: 1, comments: 0))
        #expect(set.issues.map(\.path) == ["users[1].username", "posts[1].title", "comments[0].body"])
        #expect(set.issues[1].reason == "wrong type (expected a string)")
    }
}
