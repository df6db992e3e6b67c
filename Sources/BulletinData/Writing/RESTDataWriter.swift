import Foundation

/// Writes to a JSONPlaceholder-compatible REST API (json-server, JSONPlaceholder) and checks
/// whether the server kept the change.
///
/// `create`: `POST {base}/{posts|users|comments}` with the record as JSON (no id: the server
/// assigns it); `update`: `PUT {base}/{collection}/{id}` with the whole record; `delete`:
/// `DELETE {base}/{collection}/{id}`. Bodies are `application/json; charset=utf-8`, sent through
/// the source's ``HTTPClient`` (an HTTP error names the status and URL). After each write the
/// cached answers for that collection are dropped, and the record is read back with a `GET`:
/// if the server does not show the change (the public JSONPlaceholder answers `201` with id 101
/// but keeps nothing), the outcome has `persisted: false` and a note saying so.
public struct RESTDataWriter: DataWriter {
    // MARK: - Properties

    /// The API root, as the source's.
    public let baseURL: URL
    private let client: HTTPClient
    /// Writes are accepted (the server may still refuse them: an HTTP error).
    public var access: WriteAccess { .allowed }

    /// The note of an outcome the server did not keep.
    public static let notKeptNote = "the server accepted the change but does not keep it (a GET afterwards shows the old data)"

    // MARK: - Init

    /// Creates a writer for the API `source` reads, sharing its client and response cache.
    public init(source: RESTDataSource) {
        baseURL = source.baseURL
        client = source.client
    }

    // MARK: - API

    /// `POST {base}/{collection}` with `record` minus its id; the stored record has the server's id.
    /// - Throws: ``DataError``: `.badStatus` (status and URL), `.transport`, `.timedOut`,
    ///   `.malformedJSON` when the answer is not the record, `.invalidURL`.
    public func create(_ record: Record) async throws(DataError) -> WriteOutcome {
        let url = try Endpoint.url(baseURL, [record.kind.rawValue])
        var body = RecordJSON.compacted(RecordJSON.value(of: record))
        if case let .object(members) = body { body = .object(members.filter { $0.key != "id" }) }
        let answer = try await client.send("POST", to: url, json: Data(body.printed())).body
        let stored = try Self.decode(record.kind, from: answer, location: url.absoluteString)
        await invalidate(record.kind)
        let kept = try await readBack(record.kind, id: stored.id) == stored
        return outcome(stored, kept: kept)
    }

    /// `PUT {base}/{collection}/{id}` with the whole record.
    /// - Throws: ``DataError/notFound(_:location:)`` for a 404, and the errors of ``create(_:)``.
    public func update(_ record: Record) async throws(DataError) -> WriteOutcome {
        let url = try Endpoint.url(baseURL, [record.kind.rawValue, record.id.text])
        let body = RecordJSON.compacted(RecordJSON.value(of: record))
        _ = try await DataError.notFoundOn404(record.label, at: url) { () throws(DataError) in
            try await client.send("PUT", to: url, json: Data(body.printed()))
        }
        await invalidate(record.kind)
        let kept = try await readBack(record.kind, id: record.id) == record
        return outcome(record, kept: kept)
    }

    /// `DELETE {base}/{collection}/{id}`.
    /// - Throws: ``DataError/notFound(_:location:)`` for a 404, and the errors of ``create(_:)``.
    public func delete(_ kind: RecordKind, id: RecordID) async throws(DataError) -> WriteOutcome {
        let url = try Endpoint.url(baseURL, [kind.rawValue, id.text])
        _ = try await DataError.notFoundOn404("\(kind.singular) \(id)", at: url) { () throws(DataError) in
            try await client.send("DELETE", to: url, json: nil)
        }
        await invalidate(kind)
        let kept = try await readBack(kind, id: id) == nil
        return outcome(nil, kept: kept)
    }

    // MARK: - Private

    private func outcome(_ record: Record?, kept: Bool) -> WriteOutcome {
        WriteOutcome(record: record, persisted: kept, note: kept ? nil : Self.notKeptNote)
    }

    /// Drops the cached answers of the collection written (`/posts`, `/posts?userId=1`, `/posts/3`).
    private func invalidate(_ kind: RecordKind) async {
        guard let url = try? Endpoint.url(baseURL, [kind.rawValue]) else { return }
        await client.cache.invalidate(path: url.path)
    }

    /// The record as the server shows it now (`GET`, bypassing the cache); `nil` for a 404.
    private func readBack(_ kind: RecordKind, id: RecordID) async throws(DataError) -> Record? {
        let url = try Endpoint.url(baseURL, [kind.rawValue, id.text])
        do throws(DataError) {
            let data = try await FetchContext.reloading(true) { () throws(DataError) in try await client.data(from: url) }
            return try Self.decode(kind, from: data, location: url.absoluteString)
        } catch {
            if case .badStatus(404, _, _) = error { return nil }
            throw error
        }
    }

    private static func decode(_ kind: RecordKind, from data: Data, location: String) throws(DataError) -> Record {
        switch kind {
        case .user: .user(try JSONDecoding.decode(User.self, from: data, location: location))
        case .post: .post(try JSONDecoding.decode(Post.self, from: data, location: location))
        case .comment: .comment(try JSONDecoding.decode(Comment.self, from: data, location: location))
        }
    }
}
