@testable import BulletinData
import Foundation
import Testing

@testable import BulletinFeatures

/// The Admin panel's export of a large file (issue 23): Esc stops it, leaving nothing under the
/// final name and no temporary file; the progress line's words.
@MainActor
@Suite("Admin panel: export progress and Esc")
struct AdminExportCancelTests {
    /// A db.json of about 40 MB.
    static func bigFile(in directory: URL) throws -> String {
        let body = String(repeating: "A body long enough to make the file large, with a comma, ", count: 9)
        let posts = (1...75_000).map { Post(userId: RecordID($0 % 10 + 1), id: RecordID($0), title: "Post \($0)", body: body) }
        let users = (1...10).map { User(id: RecordID($0), name: "User \($0)", username: "u\($0)") }
        let data = try DBJSONFormat.encode(ExportData(users: users, posts: posts, comments: []))
        let path = directory.appendingPathComponent("db.json").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Esc while an export runs: it stops, no file under the final name, no temporary, and the panel says so")
    func escCancels() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = FileDataSource(path: try Self.bigFile(in: directory))
        _ = try await source.postListing(partial: nil)
        let target = directory.appendingPathComponent("out.json").path
        let model = AdminPanelViewModel(source: source)
        model.beginExport(.dbJSON)
        model.editField { $0.replace(with: target) }
        model.submitField()
        #expect(model.isExporting)
        #expect(AdminStatusText.exportLine(model.exportProgress).hasPrefix("Exporting… "))
        // Esc before the export has written its first MiB: the stream stops at its first flush
        // (ExportFile's own tests stop one part way through the file).
        model.cancelField()
        await model.waitForExport()
        #expect(!model.isExporting)
        #expect(model.notice == "Export cancelled; nothing was written to \(target)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["db.json"], "no temporary left")
    }

    @Test("the progress line: bytes read of the file and the share, or just that it runs")
    func progressLine() {
        #expect(AdminStatusText.exportLine(.init(done: 312_000_000, total: 611_477_222))
            == "Exporting… 312.0 of 611.5 MB read (51%) · Esc cancels")
        #expect(AdminStatusText.exportLine(nil) == "Exporting… · Esc cancels")
    }
}
