import Foundation

/// A todo marked done or not done on a JSONPlaceholder-compatible API, with the rules of the
/// other REST writes: only what changed is sent, an accepted write is never reported as failed,
/// and a server that does not keep it says so.
extension RESTDataWriter: TodoWriting {
    /// `PATCH {base}/todos/{id}` with `{"completed": true|false}`; a server that refuses `PATCH`
    /// (405, 501, or 404 for a todo a `GET` still finds) gets `PUT` of the todo exactly as it
    /// holds it with only `completed` replaced. Then the todos' cached answers are dropped and
    /// the todo is read back: a server still showing the old state gives `persisted: false`
    /// with ``notKeptNote`` (the public JSONPlaceholder) and the todo as it holds it.
    /// - Throws: ``DataError/notFound(_:location:)`` when the server has no such todo (404,
    ///   `200 null`); the `PATCH`'s or `PUT`'s own failure (`.badStatus` naming status and URL,
    ///   `.transport`, `.timedOut`).
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        let url = try Endpoint.url(baseURL, ["todos", todo.id.text])
        let label = "todo \(todo.id)"
        let patch = Data(JSONValue.object([.init(key: "completed", value: .bool(completed))]).printed())
        do throws(DataError) {
            _ = try await client.send("PATCH", to: url, json: patch)
        } catch {
            guard case let .badStatus(code, _, _) = error, [404, 405, 501].contains(code) else { throw error }
            // Express without a PATCH route answers 404 "Cannot PATCH": PUT the todo as held, if it is there.
            guard let raw = try await rawTodo(at: url), case let .object(members) = raw else {
                throw .notFound(label, location: url.absoluteString)
            }
            var replaced = members.filter { $0.key != "completed" }
            replaced.append(.init(key: "completed", value: .bool(completed)))
            _ = try await DataError.notFoundOn404(label, at: url) { () throws(DataError) in
                try await client.send("PUT", to: url, json: Data(JSONValue.object(replaced).printed()))
            }
        }
        if let collection = try? Endpoint.url(baseURL, ["todos"]) { await client.cache.invalidate(path: collection.path) }
        var expected = todo
        expected.completed = completed
        let held: JSONValue?
        do throws(DataError) {
            held = try await rawTodo(at: url)
        } catch {
            return TodoWriteOutcome(todo: expected, persisted: true, note: Self.uncheckedNote("reading it back failed: \(error)"))
        }
        guard let held, case let .bool(now)? = held["completed"] else {
            return TodoWriteOutcome(todo: todo, persisted: false, note: Self.notKeptNote)
        }
        guard now == completed else {
            var kept = todo
            kept.completed = now
            return TodoWriteOutcome(todo: kept, persisted: false, note: Self.notKeptNote)
        }
        return TodoWriteOutcome(todo: expected, persisted: true)
    }

    /// `GET {base}/todos/{id}` fetched again (never the run's cache); `nil` for 404 or `200 null`.
    private func rawTodo(at url: URL) async throws(DataError) -> JSONValue? {
        let client = client
        do throws(DataError) {
            let data = try await FetchContext.reloading(true) { () throws(DataError) in try await client.data(from: url) }
            let value = try Self.parse(data, location: url.absoluteString)
            return value == .null ? nil : value
        } catch {
            if case let .badStatus(code, _, _) = error, code == 404 { return nil }
            throw error
        }
    }
}
