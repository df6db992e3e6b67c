import Foundation

extension MealDBDataSource {
    /// A meal (`.post`: its `lookup.php?i=ID` record) or a category (`.user`: its entry in
    /// `categories.php`) as TheMealDB sent it, members in TheMealDB's order (null and blank
    /// slots included), two-space indents; `nil` for comments, which TheMealDB does not have.
    /// The answers are the ones already fetched for the run (``HTTPClient``'s cache).
    /// - Throws: ``DataError/notFound(_:location:)`` when there is no such meal or category;
    ///   ``DataError/malformedJSON(path:location:reason:)`` when the answer is not JSON.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        let (url, root, key, what): (URL, String, String, String)
        switch kind {
        case .post: (url, root, key, what) = (try Endpoint.url(baseURL, ["lookup.php"], query: ["i": id.text]), "meals", "idMeal", "meal")
        case .user: (url, root, key, what) = (try Endpoint.url(baseURL, ["categories.php"]), "categories", "strCategory", "category")
        case .comment: return nil
        }
        let data = try await client.data(from: url)
        let document: JSONValue
        do throws(JSONValue.ParseError) { document = try JSONValue.parse(data) } catch {
            throw .malformedJSON(path: "$", location: url.absoluteString, reason: error.description)
        }
        guard case let .array(records)? = document[root],
              let record = records.first(where: { $0[key]?.idText == id.text })
        else { throw .notFound("\(what) \(id)", location: url.absoluteString) }
        return String(decoding: record.printed(), as: UTF8.self)
    }
}
