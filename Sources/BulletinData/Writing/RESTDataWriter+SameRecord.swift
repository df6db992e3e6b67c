import Foundation

/// Before a write: making sure it can only reach the record the person chose (issue 22). A
/// server that stores what it is sent may hold two records with one id; `GET /posts/1` then
/// answers one of them, and `PATCH` or `DELETE /posts/1` may change or remove both. So an edit,
/// a delete and an undo are not sent when the server's record under the id is not the one
/// the form or the delete was opened on (compared member by member, as the read-back after a
/// write compares), or when the collection as this run read it holds the id more than once.
extension RESTDataWriter {
    /// Throws when a write to `id` could change a record other than `chosen`.
    /// - Parameters:
    ///   - held: The record as the server answered `GET {collection}/{id}` just now.
    ///   - chosen: The record the person opened (`nil`: any record under the id will do, but
    ///     only if it is the only one).
    /// - Throws: ``DataError/writeNotSent(url:reason:)`` naming the id and both records' titles.
    func requireSameRecord(_ kind: RecordKind, id: RecordID, held: JSONValue, chosen: Record?) async throws(DataError) {
        let url = try itemURL(kind, id).absoluteString
        if let chosen, Self.decode(kind, held) != chosen {
            throw .writeNotSent(url: url, reason: "the server's \(kind.singular) \(id) is \(Self.title(held)), "
                + "not \(Self.quoted(Self.title(of: chosen))) that was opened (another record with the same id, or changed meanwhile)")
        }
        try await requireOnlyOne(kind, id: id)
    }

    /// Throws when the collection, as this run read it (the cached answer, else read now),
    /// holds more than one record with `id` (the text as written). Nothing is checked when it
    /// cannot be read: the write's own requests then tell.
    /// - Throws: ``DataError/writeNotSent(url:reason:)`` naming the id and the records' titles.
    func requireOnlyOne(_ kind: RecordKind, id: RecordID) async throws(DataError) {
        guard let list = await cachedList(kind), list.mentions(ofID: id.text) > 1,
              let holders = list.records(withID: id.text), holders.count > 1 else { return }
        let titles = holders.map(Self.title).joined(separator: ", ")
        throw .writeNotSent(url: try itemURL(kind, id).absoluteString,
                            reason: "\(holders.count) \(kind.rawValue) share id \(id) on the server (\(titles)), "
                                + "so a write to it could change one not chosen")
    }

    /// The records of the collection (fresh from the cache or the server) that hold `id`, or
    /// `nil` when the collection cannot be read.
    func holders(of id: RecordID, _ kind: RecordKind) async -> [JSONValue]? {
        guard let list = await cachedList(kind) else { return nil }
        return list.mentions(ofID: id.text) == 0 ? [] : list.records(withID: id.text)
    }

    /// `“qui est esse”`: a raw record's title (a post's `title`, a user's or comment's `name`), quoted.
    static func title(_ raw: JSONValue) -> String {
        guard case let .string(text)? = raw["title"] ?? raw["name"] else { return "(untitled)" }
        return quoted(text)
    }

    /// A record's title as the person sees it: a post's title, a user's or comment's name.
    static func title(of record: Record) -> String {
        switch record {
        case let .user(user): user.name
        case let .post(post): post.title
        case let .comment(comment): comment.name
        }
    }

    /// `text` in curly quotes.
    static func quoted(_ text: String) -> String { "“\(text)”" }
}
