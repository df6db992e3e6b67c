import BulletinTestSupport
import Foundation
import Testing

/// A todo toggled through the real binary in tmux on a scratch copy of the recorded db.json:
/// the user screen's Todos tab, Space, and the file holding that change and nothing else.
@Suite("End to end: a todo toggled with Space", .serialized,
       SharedData.needed)
struct TodoToggleEndToEndTests {
    @Test("users/1 → 3 (Todos) → Space on todo 1: ✓ once saved, and only its completed differs in the file")
    func toggle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-todo-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("db.json")
        let original = try Data(contentsOf: SharedData.data("jsonplaceholder/db.json"))
        try original.write(to: file)

        let session = try TmuxSession(command: [BulletinBinary.path, "--data", file.path, "open", "users/1"], width: 100, height: 30)
        defer { session.close() }
        try await session.waitForAll(["Leanne Graham", "Posts (10)  Albums (10)  Todos (20)"])
        session.send("3")
        try await session.waitForAll(["ID Done Title", "1 ☐    delectus aut autem", "Space toggle"])
        session.send("Space")
        try await session.waitForAll(["1 ✓    delectus aut autem", "Todo 1 done · saved to \(file.path)"])

        let saved = try Data(contentsOf: file)
        let before = try #require(String(data: original, encoding: .utf8))
        let marker = "\"title\": \"delectus aut autem\",\n      \"completed\": false"
        #expect(before.components(separatedBy: marker).count == 2)
        let expected = before.replacingOccurrences(of: marker, with: "\"title\": \"delectus aut autem\",\n      \"completed\": true")
        #expect(saved == Data(expected.utf8), "only todo 1's completed differs")
        // Byte by byte: the first difference is todo 1's value, and nothing after it differs but the shift of one byte.
        let firstDifference = try #require(zip(saved, original).enumerated().first { $0.element.0 != $0.element.1 }?.offset)
        #expect(saved.prefix(firstDifference) == original.prefix(firstDifference))
        #expect(saved.suffix(from: firstDifference + 4) == original.suffix(from: firstDifference + 5))
        session.send("q")
        #expect(try await session.waitForExit() == 0)
    }
}
