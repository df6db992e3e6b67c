import Foundation

/// The REST writer's own reads: records as the server holds them (raw JSON, every member and
/// type kept), always fetched again (never from the run's cache).
extension RESTDataWriter {
    /// `{base}/{collection}`.
    func collectionURL(_ kind: RecordKind) throws(DataError) -> URL {
        try Endpoint.url(baseURL, [kind.rawValue])
    }

    /// `{base}/{collection}/{id}`.
    func itemURL(_ kind: RecordKind, _ id: RecordID) throws(DataError) -> URL {
        try Endpoint.url(baseURL, [kind.rawValue, id.text])
    }

    /// The record as the server holds it now, or `nil` when it has none: `GET
    /// {collection}/{id}` answered 404, `200 null`, or an object without an `id`. A server
    /// that refuses `GET` by id (405, 501) is asked for the whole collection instead.
    /// - Parameter missingIsExpected: `true` where "not there" is the answer hoped for (the
    ///   read-back that confirms a delete): a 404 is then not listed among the Admin panel's Errors.
    /// - Throws: ``DataError`` for any other failure; `.malformedJSON` when the answer is
    ///   neither a record nor `null`.
    func fetchRaw(_ kind: RecordKind, id: RecordID, missingIsExpected: Bool = false) async throws(DataError) -> JSONValue? {
        try await fetchRaw(in: kind.rawValue, id: id, missingIsExpected: missingIsExpected)
    }

    /// ``fetchRaw(_:id:missingIsExpected:)`` in any collection of the server (`todos` too).
    func fetchRaw(in collection: String, id: RecordID, missingIsExpected: Bool = false) async throws(DataError) -> JSONValue? {
        let url = try Endpoint.url(baseURL, [collection, id.text])
        let client = client
        let data: Data
        do throws(DataError) {
            data = try await FetchContext.reloading(true) { () throws(DataError) in
                guard missingIsExpected else { return try await client.data(from: url) }
                return try await HTTPClient.expectingMissing { () throws(DataError) in try await client.data(from: url) }
            }
        } catch {
            guard case let .badStatus(code, _, _) = error else { throw error }
            if code == 404 { return nil }
            guard code == 405 || code == 501 else { throw error }
            return try await rawList(in: collection, reload: true).first { $0["id"]?.idText == id.text }
        }
        let value = try Self.parse(data, location: url.absoluteString)
        if value == .null { return nil }
        guard case .object = value else {
            throw .malformedJSON(path: "$", location: url.absoluteString, reason: "expected a record (a JSON object)")
        }
        return value["id"] == nil ? nil : value
    }

    /// Every record of the collection as the server holds it (`GET {collection}`, and every
    /// page after it, as ``pageBodies(_:reload:)`` reads them); with `reload` fetched again,
    /// otherwise the run's cached answers when there are some.
    /// - Throws: ``DataError``; `.malformedJSON` when a page is not an array.
    func rawList(_ kind: RecordKind, reload: Bool) async throws(DataError) -> [JSONValue] {
        try await rawList(in: kind.rawValue, reload: reload)
    }

    /// ``rawList(_:reload:)`` of any collection of the server (`todos` too).
    func rawList(in collection: String, reload: Bool) async throws(DataError) -> [JSONValue] {
        var records: [JSONValue] = []
        for (url, data) in try await pageBodies(in: collection, reload: reload) {
            guard case let .array(elements) = try Self.parse(data, location: url.absoluteString) else {
                throw .malformedJSON(path: "$", location: url.absoluteString, reason: "expected a list of records (a JSON array)")
            }
            records += elements.filter { if case .object = $0 { true } else { false } }
        }
        return records
    }

    /// The bodies of `GET {collection}` and of every page after it on a server that pages its
    /// lists (json-server 0.x, or one that pages by default): `Link: <…>; rel="next"` is
    /// followed while it stays on the same origin, names a page not read yet, and fewer than
    /// ``RESTDataSource/defaultMaxPages`` were read, as the source reads lists. Without this a
    /// record on a later page (a new one, on the last) is not found after a create.
    /// - Throws: ``DataError`` of any page.
    func pageBodies(_ kind: RecordKind, reload: Bool) async throws(DataError) -> [(url: URL, data: Data)] {
        try await pageBodies(in: kind.rawValue, reload: reload)
    }

    /// ``pageBodies(_:reload:)`` of any collection of the server (`todos` too).
    func pageBodies(in collection: String, reload: Bool) async throws(DataError) -> [(url: URL, data: Data)] {
        let first = try Endpoint.url(baseURL, [collection])
        let client = client
        return try await FetchContext.reloading(reload) { () throws(DataError) in
            try await client.pageBodies(from: first, maxPages: RESTDataSource.defaultMaxPages).pages
        }
    }

    /// Drops the cached answers of the collection written (`/posts`, `/posts?userId=1`, `/posts/3`).
    func invalidate(_ kind: RecordKind) async {
        guard let url = try? collectionURL(kind) else { return }
        await client.cache.invalidate(path: url.path)
    }

    /// `data` as JSON; an empty body is an error too.
    static func parse(_ data: Data, location: String) throws(DataError) -> JSONValue {
        do throws(JSONValue.ParseError) {
            return try JSONValue.parse(data)
        } catch {
            let reason = data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) ? "empty body" : error.description
            throw .malformedJSON(path: "$", location: location, reason: reason)
        }
    }

    /// `raw` as a Bulletin record of `kind`, or `nil` when it is not one.
    static func decode(_ kind: RecordKind, _ raw: JSONValue) -> Record? {
        let data = Data(raw.printed())
        return switch kind {
        case .user: (try? JSONDecoding.decode(User.self, from: data, location: "")).map(Record.user)
        case .post: (try? JSONDecoding.decode(Post.self, from: data, location: "")).map(Record.post)
        case .comment: (try? JSONDecoding.decode(Comment.self, from: data, location: "")).map(Record.comment)
        }
    }
}
