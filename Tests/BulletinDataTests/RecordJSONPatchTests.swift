@testable import BulletinData
import Foundation
import Testing

/// The bodies of REST edits (issue 12): a PATCH holds only the changed members; a PUT is the
/// server's record with only those replaced; types, unknown members and nested objects kept.
struct RecordJSONPatchTests {
    private func json(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }
    private func text(_ value: JSONValue) -> String { String(decoding: value.printed(), as: UTF8.self) }

    /// Post 1 as a server with string ids and extra members holds it.
    private let storedPost = #"{"userId": "1", "id": "1", "title": "t1", "body": "b1", "tags": ["a"], "views": 1.0}"#

    @Test("PATCH body: only the changed member, with the server's types; untouched members are not sent")
    func patchHoldsOnlyChanges() throws {
        let original = Post(userId: "1", id: "1", title: "t1", body: "b1")
        var edited = original
        edited.title = "T1"
        let members = RecordJSON.patch(from: RecordJSON.value(of: .post(original)), to: RecordJSON.value(of: .post(edited)),
                                       onto: try json(storedPost))
        #expect(text(.object(members)) == text(try json(#"{"title": "T1"}"#)))
    }

    @Test("PATCH of a new author on a string-id server sends the foreign key as a string")
    func patchKeepsStringForeignKey() throws {
        let original = Post(userId: 1, id: 1, title: "t1", body: "b1")
        var edited = original
        edited.userId = 2
        let members = RecordJSON.patch(from: RecordJSON.value(of: .post(original)), to: RecordJSON.value(of: .post(edited)),
                                       onto: try json(storedPost))
        #expect(members == [.init(key: "userId", value: .string("2"))])
    }

    @Test("PATCH of a company name sends the server's whole company with only the name replaced (json-server merges one level deep)")
    func patchSendsNestedObjectWhole() throws {
        let stored = try json(#"{"id": 1, "name": "Ann", "username": "ann", "company": {"name": "Acme", "bs": "b", "founded": 1999}, "role": "x"}"#)
        let original = User(id: 1, name: "Ann", username: "ann", company: .init(name: "Acme", catchPhrase: nil, bs: "b"))
        var edited = original
        edited.company?.name = "Acme Ltd"
        edited.email = "ann@example.org"
        let members = RecordJSON.patch(from: RecordJSON.value(of: .user(original)), to: RecordJSON.value(of: .user(edited)),
                                       onto: stored)
        #expect(text(.object(members)) == text(try json(
            #"{"email": "ann@example.org", "company": {"name": "Acme Ltd", "bs": "b", "founded": 1999}}"#)))
    }

    @Test("a cleared field is PATCHed as null; nothing changed gives an empty PATCH")
    func patchClearsAndEmpty() throws {
        let stored = try json(#"{"id": 1, "name": "Ann", "username": "ann", "phone": "123"}"#)
        let original = User(id: 1, name: "Ann", username: "ann", phone: "123")
        var edited = original
        edited.phone = nil
        let old = RecordJSON.value(of: .user(original))
        #expect(RecordJSON.patch(from: old, to: RecordJSON.value(of: .user(edited)), onto: stored) == [.init(key: "phone", value: .null)])
        #expect(RecordJSON.patch(from: old, to: old, onto: stored).isEmpty)
    }

    @Test("PUT body: the server's record exactly, with only the edited member replaced (string ids, 1.0, unknown members, order)")
    func putIsServerRecordWithEdits() throws {
        let original = Post(userId: "1", id: "1", title: "t1", body: "b1")
        var edited = original
        edited.body = "new body"
        let put = RecordJSON.applying(from: RecordJSON.value(of: .post(original)), to: RecordJSON.value(of: .post(edited)),
                                      onto: try json(storedPost), keepingTypes: true)
        #expect(text(put) == text(try json(
            #"{"userId": "1", "id": "1", "title": "t1", "body": "new body", "tags": ["a"], "views": 1.0}"#)))
    }

    @Test("PUT of a nested edit keeps the nested object's unknown members and number text")
    func putMergesNested() throws {
        let stored = try json(#"{"id": 1, "name": "Ann", "username": "ann", "address": {"city": "Old", "floor": 3, "geo": {"lat": "1.50", "lng": "2"}}}"#)
        let original = User(id: 1, name: "Ann", username: "ann",
                            address: .init(street: nil, suite: nil, city: "Old", zipcode: nil, geo: .init(lat: "1.50", lng: "2")))
        var edited = original
        edited.address?.city = "New"
        let put = RecordJSON.applying(from: RecordJSON.value(of: .user(original)), to: RecordJSON.value(of: .user(edited)),
                                      onto: stored, keepingTypes: true)
        #expect(text(put) == text(try json(
            #"{"id": 1, "name": "Ann", "username": "ann", "address": {"city": "New", "floor": 3, "geo": {"lat": "1.50", "lng": "2"}}}"#)))
    }

    @Test("read-back comparison: numbers by value, dropped and changed members named, nested paths, extra members ignored")
    func differences() throws {
        let expected = try json(#"{"id": 3, "title": "T", "views": 1.0, "tags": ["a"], "meta": {"pinned": true, "by": "x"}}"#)
        #expect(RecordJSON.differences(expected: expected, actual: try json(
            #"{"id": "3", "title": "T", "views": 1, "tags": ["a"], "meta": {"pinned": true, "by": "x"}, "updatedAt": "now"}"#)) == ([], []))
        let result = RecordJSON.differences(expected: expected, actual: try json(
            #"{"id": 3, "title": "t", "views": "1.0", "meta": {"pinned": false}}"#))
        #expect(result.dropped == ["tags", "meta.by"])
        #expect(result.changed == ["title", "views", "meta.pinned"])
    }

    @Test("typed(like:) turns numbers into strings only where the server uses strings")
    func typedLike() throws {
        let sample = try json(#"{"userId": "1", "id": "1", "count": 2}"#)
        let body = try json(#"{"userId": 4, "title": "x", "count": 5}"#)
        #expect(text(RecordJSON.typed(body, like: sample)) == text(try json(#"{"userId": "4", "title": "x", "count": 5}"#)))
    }
}
