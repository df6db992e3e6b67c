import Foundation

extension FileDataSource {
    /// The record's bytes as the file holds them (found through the index), pretty-printed;
    /// after a save, the record as saved.
    /// - Throws: ``DataError/notFound(_:location:)``, or the file's load errors.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        try await store.loaded().rawText(kind, id: id, location: path)
    }
}

extension EmbeddedDataSource {
    /// The record as the embedded data set holds it, pretty-printed.
    /// - Throws: ``DataError/notFound(_:location:)``, or the set's load errors.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        try await store.loaded().rawText(kind, id: id, location: descriptor.description)
    }
}

extension RESTDataSource {
    /// `GET {base}/{users|posts|comments}/{id}`, the body pretty-printed with its members in the
    /// order the server sent them.
    /// - Throws: ``DataError/notFound(_:location:)`` for a 404 or a `null` body; the fetch's
    ///   errors; ``DataError/malformedJSON(path:location:reason:)`` when the body is not JSON.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        let recordURL = try url(kind.rawValue, id.text)
        let what = "\(kind.singular) \(id)"
        let body: Data
        do throws(DataError) {
            body = try await client.data(from: recordURL)
        } catch {
            if case .badStatus(404, _, _) = error { throw .notFound(what, location: recordURL.absoluteString) }
            throw error
        }
        if String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "null" {
            throw .notFound(what, location: recordURL.absoluteString)
        }
        do throws(DataError) {
            return try JSONText.prettyPrinted(body)
        } catch {
            throw .malformedJSON(path: "$", location: recordURL.absoluteString, reason: "the answer is not JSON")
        }
    }
}
