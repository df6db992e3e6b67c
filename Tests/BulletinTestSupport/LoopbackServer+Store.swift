import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension LoopbackServer {
    /// The behaviours of issue 12's REST writes that the write journeys run against, as
    /// `--behave` names (see `BEHAVIOURS` in `Tests/Servers/jsonplaceholder_server.py`); the
    /// empty list is the default json-server-like server. Adding a behaviour to the journeys
    /// is adding one line here.
    public static let writeBehaviours: [[String]] = [
        [],
        ["created-empty"],
        ["created-message"],
        ["created-empty", "location"],
        ["no-get-by-id"],
        ["no-put"],
        ["no-patch"],
        ["null-missing"],
        ["delete-204"],
        ["see-other"],
        ["string-ids"],
        ["uuid-ids"],
        ["string-ids", "no-patch", "created-message"],
        // Reads (issue 12, part 3): filters ignored or compared as text, lists paged by default.
        ["ignores-filters"],
        ["string-filters"],
        ["paginates"],
        ["string-ids", "ignores-filters", "no-get-by-id"],
        // Transport (part 1): writes redirected on the same server repeat their method and body
        // (301/302/307/308; a move to another server is refused: `HTTPTransportBehaviourTests`);
        // idle kept-alive connections closed by the server; HTTP/1.0 answers.
        ["redirect-301"],
        ["redirect-302"],
        ["redirect-307"],
        ["redirect-308"],
        ["trailing-slash-308"],
        ["idle-close"],
        ["http10"],
    ]

    /// Starts the server on the json-server file `db` with the `--behave` names `behaviours`
    /// (and `--no-persist` when `persist` is false).
    public static func start(db: URL, behaviours: [String], persist: Bool = true) throws -> LoopbackServer {
        try start(arguments: ["--db", db.path] + behaviours.flatMap { ["--behave", $0] } + (persist ? [] : ["--no-persist"]))
    }

    /// Every collection exactly as the server stores it now (`GET /__control/db`, never
    /// faulted or logged): `{"posts": [...], ...}` as JSON text.
    public func storedCollections() async throws -> Data {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/db"))
        return data
    }
}
