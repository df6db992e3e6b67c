import BulletinData
import Foundation
import Testing

struct JSONDecodingTests {
    private func malformed<T: Decodable>(_ type: T.Type, _ json: String) -> (path: String, reason: String)? {
        do {
            _ = try JSONDecoding.decode(T.self, from: Data(json.utf8), location: "test.json")
            return nil
        } catch {
            guard case let .malformedJSON(path, location, reason) = error, location == "test.json" else { return nil }
            return (path, reason)
        }
    }

    private let goodUser = #"{"id": 1, "name": "A", "username": "a", "email": "a@x"}"#

    @Test("a wrong type at index 2 is reported at $[2].email")
    func typeMismatchPath() throws {
        let bad = #"{"id": 3, "name": "C", "username": "c", "email": 5}"#
        let result = try #require(malformed([User].self, "[\(goodUser), \(goodUser), \(bad)]"))
        #expect(result.path == "$[2].email")
        #expect(result.reason.contains("String"))
    }

    @Test("a missing key is reported at the key's own path")
    func missingKeyPath() throws {
        let db = #"{"users": [\#(goodUser), {"id": 2, "username": "b"}]}"#
        let result = try #require(malformed(DataSet.self, db))
        #expect(result.path == "$.users[1].name")
        #expect(result.reason == #"missing key "name""#)
    }

    @Test("a nested value is reported with its full path")
    func nestedPath() throws {
        let user = #"{"id": 1, "name": "A", "username": "a", "address": {"geo": {"lat": [], "lng": "1"}}}"#
        let result = try #require(malformed([User].self, "[\(goodUser), \(user)]"))
        #expect(result.path == "$[1].address.geo.lat")
    }

    @Test("empty and blank bodies say 'empty body' at $")
    func emptyBody() throws {
        for json in ["", "  \n\t"] {
            let result = try #require(malformed([User].self, json))
            #expect(result.path == "$")
            #expect(result.reason == "empty body")
        }
    }

    @Test("an HTML page says HTML where JSON was expected")
    func htmlBody() throws {
        let result = try #require(malformed([User].self, "\n<!DOCTYPE html><html><body>502</body></html>"))
        #expect(result.path == "$")
        #expect(result.reason == "HTML where JSON was expected")
    }

    @Test("text that is not JSON gives the parser's message on one line")
    func notJSON() throws {
        let result = try #require(malformed([User].self, #"[{"id": 1, "name": "#))
        #expect(result.path == "$")
        #expect(result.reason.localizedCaseInsensitiveContains("end of file"))
        #expect(!result.reason.contains("\n"))
    }

    @Test("a syntax error names its line and column")
    func lineAndColumn() throws {
        let result = try #require(malformed([Int].self, "[\n  1,\n  x\n]"))
        #expect(result.path == "$")
        #expect(result.reason.hasSuffix("(line 3, column 3)"))
    }

    @Test("object keys that are not identifiers are quoted in the path")
    func quotedKeys() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ text: String) { stringValue = text }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        #expect(JSONDecoding.path(for: [Key("users"), Key("first name")]) == #"$.users["first name"]"#)
        #expect(JSONDecoding.path(for: []) == "$")
    }
}
