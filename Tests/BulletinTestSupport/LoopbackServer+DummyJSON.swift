import Foundation

extension LoopbackServer {
    /// `Tests/Fixtures/dummyjson`: the hand-written comments (see `Tests/Fixtures/README.md`).
    public static let dummyJSONFixtures: URL = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/dummyjson")

    /// The loopback server in `--style dummyjson`: the recorded `../shared/data/dummyjson` users
    /// and posts and, beside them, the comments fixture (`/comments`, `/comments/post/{id}`).
    /// - Throws: ``StartError`` as ``start(arguments:)``.
    public static func startDummyJSONWithComments() throws -> LoopbackServer {
        try start(arguments: ["--dir", SharedData.data("dummyjson").path, "--fixtures", dummyJSONFixtures.path,
                              "--style", "dummyjson"])
    }
}
