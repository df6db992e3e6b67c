import BulletinTestSupport
import Foundation
import Testing

/// `Tools/generate_embedded.py`, the generator of `Resources/embedded.json`.
struct EmbeddedDataGeneratorTests {
    private func runGenerator(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = SharedData.repositoryRoot.appendingPathComponent("Tools/generate_embedded.py").path
        process.arguments = ["python3", script] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("the generator's default output is byte-identical to the committed embedded.json")
    func generatorIsDeterministic() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("embedded-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try runGenerator(["--out", out.path]) == 0)
        let generated = try Data(contentsOf: out)
        let committed = try Data(contentsOf: SharedData.repositoryRoot
            .appendingPathComponent("Sources/BulletinData/Resources/embedded.json"))
        #expect(generated.count == committed.count)
        #expect(generated == committed, "regenerate with: python3 Tools/generate_embedded.py")
    }

    @Test("the generator scales to other sizes")
    func generatorSizes() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try runGenerator(["--users", "13", "--posts-per-user", "2", "--comments-per-post", "3",
                                  "--seed", "7", "--out", out.path]) == 0)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: [Any]]
        #expect(object?["users"]?.count == 13)
        #expect(object?["posts"]?.count == 26)
        #expect(object?["comments"]?.count == 78)
    }
}
