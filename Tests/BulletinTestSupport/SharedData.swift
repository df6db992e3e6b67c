import Foundation
import Testing

/// The one door to the project's shared test data (`../shared/` beside the repository root),
/// which a fresh clone does not have.
///
/// Every test that needs `../shared` goes through it, in one of two ways:
/// - a suite or test that reads recordings from `../shared/data` or hard inputs from
///   `../shared/inputs` carries the ``needed`` trait (`@Suite(SharedData.needed)`);
/// - the loopback server's launcher (``LoopbackServer/start(arguments:)``) calls
///   ``requireAvailable(sourceLocation:)`` itself when an argument points into `../shared`, so a
///   test that only serves shared data needs nothing more.
///
/// When the folder is absent the test is skipped with ``skipNotice``, naming the missing folder.
/// With `BULLETIN_REQUIRE_SHARED=1` (set by `.ci/run`) it fails instead of skipping.
/// `SharedDataDoorTests` checks that no test reaches the data some other way.
public enum SharedData {
    /// The repository root: three levels above this file (`Tests/BulletinTestSupport/SharedData.swift`).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository root.
    public static let sharedRoot: URL = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// `../shared/data`: JSONPlaceholder, GitHub and DummyJSON recordings.
    public static let dataRoot: URL = sharedRoot.appendingPathComponent("data")

    /// `../shared/inputs`: hard inputs for parsers and the terminal.
    public static let inputsRoot: URL = sharedRoot.appendingPathComponent("inputs")

    /// Whether `BULLETIN_REQUIRE_SHARED=1` is set, so missing shared data is a failure, not a skip.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["BULLETIN_REQUIRE_SHARED"] == "1" }

    /// Whether `../shared/data` is there.
    public static var isPresent: Bool { FileManager.default.fileExists(atPath: dataRoot.path) }

    /// `true` when `../shared/data` exists, or when it is required (so the tests run and fail loudly).
    public static var isAvailable: Bool { isRequired || isPresent }

    /// The trait of a suite or test that reads `../shared`: skips it with ``skipNotice`` when the
    /// folder is absent, runs it (to fail on the missing files) when ``isRequired``.
    public static var needed: ConditionTrait { .enabled(if: isAvailable, Comment(rawValue: skipNotice)) }

    /// The run-time door, for code that finds out only while running that it needs `../shared`
    /// (the loopback server's launcher): returns when the data is there; skips the running test
    /// with ``skipNotice`` when it is absent; throws ``MissingError`` when absent and required.
    public static func requireAvailable(sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isPresent { return }
        if isRequired { throw MissingError(description: "BULLETIN_REQUIRE_SHARED=1 but \(dataRoot.path) does not exist") }
        try Test.cancel(Comment(rawValue: skipNotice), sourceLocation: sourceLocation)
    }

    /// Whether `path` lies in `../shared` (an argument that needs ``requireAvailable(sourceLocation:)``).
    public static func isInside(_ path: String) -> Bool {
        let root = sharedRoot.standardizedFileURL.path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized == root || standardized.hasPrefix(root + "/")
    }

    /// Shared data was required (`BULLETIN_REQUIRE_SHARED=1`) and is not there.
    public struct MissingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The notice shown for a skipped test: names the folder that is missing.
    public static var skipNotice: String {
        "skipped: shared test data not found at \(dataRoot.path) (set BULLETIN_REQUIRE_SHARED=1 to fail instead)"
    }

    /// A file under `../shared/data`, such as `jsonplaceholder/users.json`.
    public static func data(_ relativePath: String) -> URL { dataRoot.appendingPathComponent(relativePath) }

    /// A file under `../shared/inputs`, such as `users-cjk-names.json`.
    public static func input(_ relativePath: String) -> URL { inputsRoot.appendingPathComponent(relativePath) }
}
