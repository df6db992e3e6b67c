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
    /// - Throws: As ``HTTPClient/rawRecord(_:at:)``.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        try await client.rawRecord("\(kind.singular) \(id)", at: url(kind.rawValue, id.text))
    }
}

extension GitHubDataSource {
    /// `GET {base}/users/{login}` for a user, `GET {base}/repos/{owner}/{name}` for a
    /// repository (id `owner/name`), pretty-printed as GitHub sent it; `nil` for a comment
    /// (repositories have none here).
    /// - Throws: As ``HTTPClient/rawRecord(_:at:)``; ``DataError/notFound(_:location:)`` for a
    ///   repository id without its owner.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        switch kind {
        case .user:
            return try await client.rawRecord("user \(id)", at: Endpoint.url(baseURL, ["users", id.text]))
        case .post:
            let parts = id.text.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { throw .notFound("repository \(id)", location: baseURL.absoluteString) }
            return try await client.rawRecord("repository \(id)", at: Endpoint.url(baseURL, ["repos", parts[0], parts[1]]))
        case .comment:
            return nil
        }
    }
}

extension DummyJSONDataSource {
    /// `GET {base}/{users|posts|comments}/{id}`, pretty-printed as DummyJSON sent it.
    /// - Throws: As ``HTTPClient/rawRecord(_:at:)``.
    public func rawRecord(_ kind: RecordKind, id: RecordID) async throws(DataError) -> String? {
        try await client.rawRecord("\(kind.singular) \(id)", at: Endpoint.url(baseURL, [kind.rawValue, id.text]))
    }
}

extension HTTPClient {
    /// `GET url`, the body pretty-printed with its members in the order the server sent them,
    /// for the raw view.
    /// - Parameter what: The record named in errors (`user 3`).
    /// - Throws: ``DataError/notFound(_:location:)`` for a 404 or a `null` body; the fetch's
    ///   errors; ``DataError/malformedJSON(path:location:reason:)`` when the body is not JSON.
    public func rawRecord(_ what: String, at url: URL) async throws(DataError) -> String {
        let body: Data
        do throws(DataError) {
            body = try await data(from: url)
        } catch {
            if case .badStatus(404, _, _) = error { throw .notFound(what, location: url.absoluteString) }
            throw error
        }
        if String(decoding: body.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "null" {
            throw .notFound(what, location: url.absoluteString)
        }
        do throws(DataError) {
            return try JSONText.prettyPrinted(body)
        } catch {
            throw .malformedJSON(path: "$", location: url.absoluteString, reason: "the answer is not JSON")
        }
    }
}
