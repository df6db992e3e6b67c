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
        #expect(result.reason == "expected a string but found a number")
    }

    @Test("reasons are in words, never Swift type names", arguments: [
        (#"null"#, "expected an object but found null"),
        (#"[1]"#, "expected an object but found an array"),
        (#""s""#, "expected an object but found a string"),
        (#"{"id": 1, "name": null, "username": "a"}"#, "expected a string but found null"),
        (#"{"id": 1, "name": "A", "username": "a", "address": {"street": 5}}"#, "expected a string but found a number"),
        (#"{"id": true, "name": "A", "username": "a"}"#, "expected an id (a whole number or a string)"),
        (#"{"id": 1, "name": "A", "username": "a", "address": []}"#, "expected an object but found an array"),
    ])
    func reasonsInWords(json: String, reason: String) throws {
        let result = try #require(malformed(User.self, json))
        #expect(result.reason == reason)
        for swiftName in ["Dictionary", "Array<", "String", "Int", "Optional", "RecordID", "Any"] {
            #expect(!result.reason.contains(swiftName), "\(result.reason)")
        }
    }

    @Test("a 200 null where a record belongs reads: expected an object but found null")
    func nullRecord() throws {
        let result = try #require(malformed(Post.self, "null"))
        #expect(result.path == "$" && result.reason == "expected an object but found null")
        #expect(DataError.malformedJSON(path: result.path, location: "test.json", reason: result.reason).description
                == "Unexpected JSON at $ in test.json: expected an object but found null")
    }

    @Test("an array where an array belongs but an object came: expected an array but found an object")
    func arrayExpected() throws {
        #expect(try #require(malformed([User].self, "{}")).reason == "expected an array but found an object")
        #expect(try #require(malformed([Int].self, #"[1, "x"]"#)).reason == "expected a whole number but found a string")
        #expect(try #require(malformed([Double].self, "[true]")).reason == "expected a number but found true or false")
    }

    @Test("a number that does not fit a whole-number field does not claim the JSON is invalid")
    func numberDoesNotFit() throws {
        let result = try #require(malformed([Int].self, "[1.5]"))
        #expect(!result.reason.contains("not valid JSON"), "\(result.reason)")
        #expect(!result.reason.contains("Int"))
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
