import BulletinData
import BulletinTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SplitMix64: a small seeded generator, so a failing run can be replayed from its seed.
private struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Issue 8: SIGKILL at random moments during a loop of saves to a file source. After every
/// kill the file parses and holds the old or the new version of the record, and FILE.bak is
/// intact. Replay a failure with `BULLETIN_KILL_SEED=<seed>`.
struct KillDuringSaveTests {
    static let kills = 60
    static let postCount = 300
    static let recordID = 5

    /// `bulletin-save-loop`, built beside the test bundle (BulletinDataTests depends on it).
    private var childPath: String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let sibling = bundleDirectory.appendingPathComponent("bulletin-save-loop").path
        if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        return SharedData.repositoryRoot.appendingPathComponent(".build/debug/bulletin-save-loop").path
    }

    @Test("SIGKILL during saves leaves the file parseable with the old or new record, and FILE.bak intact")
    func killDuringSaves() async throws {
        let seed = ProcessInfo.processInfo.environment["BULLETIN_KILL_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("KillDuringSaveTests: seed \(seed) (replay with BULLETIN_KILL_SEED=\(seed))")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.json").path
        try Data(Self.initialDB().utf8).write(to: URL(fileURLWithPath: path))

        let child = childPath
        let (problems, saves) = try await Self.onOwnThread { try Self.killLoop(child: child, path: path, seed: seed) }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
        #expect(saves >= Self.kills, "the children saved (\(saves) saves in \(Self.kills) rounds)")
        let left = try await Self.onOwnThread { try Self.leftoversAfterOneMoreSave(child: child, path: path) }
        #expect(left.isEmpty, "leftovers of killed saves are removed: \(left)")
    }

    @Test("SIGKILL during saves to a SQLite database: integrity_check is ok and the row holds the old or the new value every time")
    func killDuringDatabaseSaves() async throws {
        let seed = ProcessInfo.processInfo.environment["BULLETIN_KILL_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("KillDuringSaveTests (SQLite): seed \(seed) (replay with BULLETIN_KILL_SEED=\(seed))")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-killdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("db.json").path
        try Data(Self.initialDB().utf8).write(to: URL(fileURLWithPath: json))
        let path = directory.appendingPathComponent("db.sqlite").path
        _ = try SQLiteImport.run(json: json, database: path)
        let child = childPath
        let (problems, saves) = try await Self.onOwnThread {
            try Self.killLoop(child: child, path: path, seed: seed, rounds: 100, count: Self.savedCount(inDatabaseAt:), checksBackup: false)
        }
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
        #expect(saves >= 100, "the children saved (\(saves) saves in 100 rounds)")
    }

    /// Runs the kills; returns what went wrong (one line per problem) and how many saves the children reported.
    /// - Parameters:
    ///   - count: The save number the data holds now, or `nil` when it cannot be read whole.
    ///   - checksBackup: Whether `PATH.bak` must hold an older save (files keep one; databases do not).
    private static func killLoop(child childPath: String, path: String, seed: UInt64, rounds: Int = kills,
                                 count savedCount: (String) -> Int? = savedCount(inFileAt:), checksBackup: Bool = true) throws -> ([String], Int) {
        var random = SeededRandom(seed: seed)
        var problems: [String] = []
        var savesSeen = 0
        for round in 1...rounds {
            guard let before = savedCount(path) else { return (problems + ["round \(round): unparseable"], savesSeen) }
            let child = try Subprocess.spawn([childPath, path, String(recordID)])
            let started = Date()
            while child.output.isEmpty, Date().timeIntervalSince(started) < 10 { usleep(500) }
            usleep(UInt32.random(in: 0...15_000, using: &random))
            child.send(SIGKILL)
            if child.wait() != 128 + SIGKILL { problems.append("round \(round): the child ended by itself: \(child.output)") }
            let printed = child.output.split(separator: "\n").compactMap { Int($0) }
            let lastReported = printed.last ?? before
            savesSeen += printed.count
            let after = savedCount(path)
            if after != lastReported && after != lastReported + 1 {
                problems.append("round \(round): file holds save \(after.map(String.init) ?? "unparseable"), last reported \(lastReported)")
            }
            guard checksBackup else { continue }
            let backup = savedCount(path + ".bak")
            if backup == nil || after.map({ backup! > $0 }) == true {
                problems.append("round \(round): db.json.bak holds \(backup.map(String.init) ?? "nothing readable"), file \(after ?? -1)")
            }
        }
        return (problems, savesSeen)
    }

    /// Lets one more child save once, then returns the temporary files left that are not its own.
    private static func leftoversAfterOneMoreSave(child childPath: String, path: String) throws -> [String] {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let child = try Subprocess.spawn([childPath, path, String(recordID)])
        let started = Date()
        while child.output.isEmpty, Date().timeIntervalSince(started) < 10 { usleep(500) }
        child.send(SIGTERM)
        _ = child.wait()
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.contains(".tmp-") && !$0.contains("-\(child.pid)-") }
    }

    /// Runs `body` on a thread of its own, so its blocking waits (`usleep`, `waitpid`) never
    /// hold one of the few threads Swift concurrency shares with the other tests.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// The `N` of post 5's title `save N` (0 for the initial title) when the file parses as a
    /// db.json with every post, the same body length and the `albums` member; `nil` otherwise.
    private static func savedCount(inFileAt path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let posts = root["posts"] as? [[String: Any]], posts.count == postCount,
            (root["albums"] as? [Any])?.count == 1,
            let post = posts.first(where: { ($0["id"] as? Int) == recordID }),
            let title = post["title"] as? String, let body = post["body"] as? String
        else { return nil }
        let count = title == "initial" ? 0 : Int(title.dropFirst("save ".count))
        guard let count, body.count == count % 5000 else { return nil }
        return count
    }

    /// The `N` of post 5's title in the database at `path` when `PRAGMA integrity_check` says
    /// `ok`, every post is there and the body's length matches; `nil` otherwise. Opened for
    /// writing, as the next program to open it would: a save killed midway leaves a hot journal,
    /// which the first such connection rolls back (a read-only one cannot).
    private static func savedCount(inDatabaseAt path: String) -> Int? {
        guard let connection = try? SQLiteConnection(path: path),
              (try? connection.rows("PRAGMA integrity_check")) == [[.text("ok")]],
              (try? connection.rows("SELECT count(*) FROM posts")) == [[.integer(Int64(postCount))]],
              let row = try? connection.rows("SELECT title, body FROM posts WHERE id = ?", [.integer(Int64(recordID))]).first,
              let title = row[0].text, let body = row[1].text
        else { return nil }
        let count = title == "initial" ? 0 : Int(title.dropFirst("save ".count))
        guard let count, body.count == count % 5000 else { return nil }
        return count
    }

    private static func initialDB() -> String {
        let posts = (1...postCount).map { id in
            #"{"userId": 1, "id": \#(id), "title": "\#(id == recordID ? "initial" : "post \(id)")", "body": "\#(id == recordID ? "" : String(repeating: "lorem ipsum ", count: 20))"}"#
        }
        return #"{"users": [{"id": 1, "name": "Ann", "username": "ann"}], "posts": [\#(posts.joined(separator: ","))], "albums": [{"id": 1, "title": "kept"}]}"#
    }
}
