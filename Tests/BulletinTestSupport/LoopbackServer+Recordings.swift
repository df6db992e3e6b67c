import Foundation

extension LoopbackServer {
    /// `Tests/Fixtures/github`: the hand-written user, repository and users-tail answers (see `Tests/Fixtures/README.md`).
    public static let gitHubFixtures: URL = SharedData.repositoryRoot.appendingPathComponent("Tests/Fixtures/github")

    /// The loopback server in `--style github`: the recorded `../shared/data/github` pages and,
    /// beside them, the GitHub fixtures; the one way every suite starts GitHub.
    /// - Throws: ``StartError`` as ``start(arguments:)``.
    public static func startGitHub() throws -> LoopbackServer {
        try start(arguments: ["--dir", SharedData.data("github").path, "--style", "github", "--fixtures", gitHubFixtures.path])
    }

    /// The loopback server in `--style dummyjson` on the recorded `../shared/data/dummyjson`
    /// users and posts (no comments fixture: ``startDummyJSONWithComments()`` adds it).
    /// - Throws: ``StartError`` as ``start(arguments:)``.
    public static func startDummyJSON() throws -> LoopbackServer {
        try start(arguments: ["--dir", SharedData.data("dummyjson").path, "--style", "dummyjson"])
    }
}
