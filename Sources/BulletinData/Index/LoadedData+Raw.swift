import Foundation

// The raw view's text of one record (`v`): its bytes in the file where the index has them,
// else the record as Bulletin holds it.

extension LoadedData {
    /// The record of `kind` with `id`, pretty-printed (``JSONText``): from the file's own bytes
    /// when this is a ``FileIndex`` (unknown members and their order kept), else from the
    /// decoded model (the embedded set; a file after Bulletin saved to it).
    /// - Throws: ``DataError/notFound(_:location:)`` naming `kind` and `id`;
    ///   ``DataError/malformedJSON(path:location:reason:)`` when the bytes are not JSON.
    func rawText(_ kind: RecordKind, id: RecordID, location: String) throws(DataError) -> String {
        if let index = self as? FileIndex {
            guard let bytes = index.rawBytes(kind, id: id) else { throw .notFound("\(kind.singular) \(id)", location: location) }
            do throws(DataError) {
                return try JSONText.prettyPrinted(bytes)
            } catch {
                throw .malformedJSON(path: "$." + kind.rawValue, location: location, reason: "the record's bytes are not JSON")
            }
        }
        let record: Record
        switch kind {
        case .user: record = .user(try user(id: id, location: location))
        case .post: record = .post(try post(id: id, location: location))
        case .comment:
            guard let comment = allComments().first(where: { $0.id == id }) else {
                throw .notFound("comment \(id)", location: location)
            }
            record = .comment(comment)
        }
        return JSONText.prettyPrinted(record)
    }
}

extension FileIndex {
    /// The bytes of the record of `kind` with `id` as the file holds them; `nil` when the index
    /// has no such record. Comments carry no id column: they are looked through in file order.
    func rawBytes(_ kind: RecordKind, id: RecordID) -> Data? {
        switch kind {
        case .user:
            return userIDs.firstIndex(of: id).map { bytes(.user, userElements[$0]) }
        case .post:
            return postColumn.firstIndex { $0.id == id }.map { bytes(.post, postElements[$0]) }
        case .comment:
            for element in commentElements {
                let data = bytes(.comment, element)
                if (try? JSONValue.parse(data))?["id"]?.idText == id.text { return data }
            }
            return nil
        }
    }
}
