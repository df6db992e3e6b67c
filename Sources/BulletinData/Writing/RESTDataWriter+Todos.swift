import Foundation

/// A todo marked done or not done on a JSONPlaceholder-compatible API, with the rules of the
/// other REST writes: only what changed is sent, an accepted write is never reported as failed,
/// and a server that does not keep it says so.
extension RESTDataWriter: TodoWriting {
    /// `PATCH {base}/todos/{id}` with `{"completed": true|false}`; a server that refuses `PATCH`
    /// (405, 501, or 404 for a todo a `GET` still finds) gets `PUT` of the todo exactly as it
    /// holds it with only `completed` replaced. A 405 or 501 is remembered for the server, with
    /// the other writes: once any kind learned it, no `PATCH` is tried again (issue 22). Then the
    /// todos' cached answers are dropped and the todo is read back (`GET {base}/todos/{id}`, or
    /// the whole list where the server refuses that with 405 or 501, as for posts): a server
    /// still showing the old state gives `persisted: false` with ``notKeptNote`` (the public
    /// JSONPlaceholder) and the todo as it holds it.
    /// - Throws: ``DataError/notFound(_:location:)`` when the server has no such todo (404,
    ///   `200 null`); the `PATCH`'s or `PUT`'s own failure (`.badStatus` naming status and URL,
    ///   `.transport`, `.timedOut`).
    public func writeCompleted(_ completed: Bool, of todo: Todo, overwriteIfChanged: Bool) async throws(DataError) -> TodoWriteOutcome {
        let url = try Endpoint.url(baseURL, ["todos", todo.id.text])
        let label = "todo \(todo.id)"
        let patch = Data(JSONValue.object([.init(key: "completed", value: .bool(completed))]).printed())
        let patchRefused = await ledger.patchRefused()
        do throws(DataError) {
            guard !patchRefused else { throw .badStatus(405, url: url.absoluteString, excerpt: "") }
            _ = try await client.send("PATCH", to: url, json: patch)
        } catch {
            guard case let .badStatus(code, _, _) = error, [404, 405, 501].contains(code) else { throw error }
            if code != 404, !patchRefused { await ledger.notePatchRefused() }
            // Express without a PATCH route answers 404 "Cannot PATCH": PUT the todo as held, if it is there.
            guard let raw = try await fetchRaw(in: "todos", id: todo.id), case let .object(members) = raw else {
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
            held = try await fetchRaw(in: "todos", id: todo.id)
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
}
