@testable import BulletinData
import Foundation
import Testing

/// Reading only the first record of a cached collection (the JSON types a create follows) and,
/// on demand, the ids of all of them (issue 12).
struct CachedListTests {
    private func list(_ text: String) -> CachedList { CachedList(data: Data(text.utf8)) }

    @Test("the first record is found without reading the rest, braces and escaped quotes inside strings included")
    func firstRecord() throws {
        let first = list(#" [ {"id": "1", "title": "a } \" { ]", "meta": {"tags": ["x", "}"]}}, {"id": 2}, not json at all"#).first
        #expect(first == (try JSONValue.parse(Data(#"{"id": "1", "title": "a } \" { ]", "meta": {"tags": ["x", "}"]}}"#.utf8))))
    }

    @Test("no first record: an empty list, a list of numbers, an object, an unfinished record")
    func noFirstRecord() {
        for text in ["[]", " [ ] ", "[1, 2]", #"{"id": 1}"#, #"[{"id": 1"#, ""] {
            #expect(list(text).first == nil, "\(text)")
        }
    }

    @Test("the ids of every record, as text; nil when the list is not JSON")
    func ids() {
        #expect(list(#"[{"id": 1}, {"id": "b7"}, {"title": "no id"}]"#).ids == ["1", "b7"])
        #expect(list("[{").ids == nil)
    }
}
