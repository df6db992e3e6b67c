import BulletinTestSupport
import Foundation
import Testing

/// Issue 16, item 5 in the real binary inside tmux (100x30): Enter on a comment result opens
/// its post scrolled to that comment, selected (`▸`), though it is far below the post's top.
@Suite("End to end: Search lands on the comment", .serialized)
struct SearchLandingEndToEndTests {
    @Test("Search, a word only comment 25 holds, Enter: the post shows comment 25 selected")
    func landsOnComment() async throws {
        let comments: [[String: Any]] = (1...30).map {
            ["postId": 1, "id": $0, "name": $0 == 25 ? "About the albatross" : "Comment number \($0)",
             "email": "c\($0)@example.com", "body": "Body of comment \($0)."]
        }
        let db: [String: Any] = [
            "users": [["id": 1, "name": "Ada Quay", "username": "ada"]],
            "posts": [["userId": 1, "id": 1, "title": "Harbour days", "body": "Boats and gulls."]],
            "comments": comments,
        ]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-land-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: db).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let session = try await TmuxSession.bulletin(["--data", url.path], open: "search?q=albatross",
                                                             showing: "Comments (1)", "About the albatross")
        defer { session.close() }
        let screen = try await session.press("Down", "Enter", until: "Home › Search › Post 1", "▸ About the albatross", "Body of comment 25.")
        #expect(!screen.contains("Boats and gulls."), "scrolled down to the comment, past the body")
        try await session.quit()
    }
}
