import Foundation

/// Locates the project's shared test data (`../shared/` beside the repository root).
///
/// Tests that read recordings from `../shared/data` or hard inputs from `../shared/inputs`
/// use ``isAvailable`` in an `.enabled(if:)` trait, so a clone outside its usual setting skips
/// them with a notice naming the missing folder. With `BULLETIN_REQUIRE_SHARED=1` (set by
/// `.ci/run`) they run anyway and fail on the missing files instead of skipping.
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

    /// `true` when `../shared/data` exists, or when it is required (so the tests run and fail loudly).
    public static var isAvailable: Bool {
        isRequired || FileManager.default.fileExists(atPath: dataRoot.path)
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
