@testable import BulletinData
import Foundation
import Testing

/// Progress while a large file is read and decoded.
struct LoadProgressTests {
    final class Phases: @unchecked Sendable {
        let lock = NSLock()
        var all: [LoadProgress.Phase] = []
        func add(_ phase: LoadProgress.Phase) { lock.withLock { all.append(phase) } }
    }

    @Test("the text says how much is read, then decoding; nothing when idle")
    func text() {
        let progress = LoadProgress()
        #expect(progress.text == nil)
        progress.update(.reading(done: 450_000, total: 1_000_000))
        #expect(progress.text == "reading 45% of 1.0 MB")
        progress.update(.reading(done: 2_500_000, total: 0))
        #expect(progress.text == "reading 2.5 MB")
        progress.update(.decoding)
        #expect(progress.text == "decoding…")
    }

    @Test("a 3 MiB file is read in chunks with progress, then decoded, then idle")
    func readsInChunks() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        let body = String(repeating: "x", count: 3 << 20)
        try Data(#"{"users": [{"id": 1, "name": "A", "username": "a", "phone": "\#(body)"}]}"#.utf8).write(to: url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        let phases = Phases()
        let set = try DataSetStore.readDB(at: url, location: url.path, progress: LoadProgress(observer: phases.add))
        #expect(set.users.count == 1)
        let reading = phases.all.compactMap { phase -> Int? in
            if case let .reading(done, total) = phase, total == size { return done }
            return nil
        }
        #expect(reading.count >= 4, "\(reading)")
        #expect(reading.first == 0)
        #expect(reading.last == size)
        #expect(reading == reading.sorted())
        #expect(Array(phases.all.suffix(2)) == [.decoding, .idle])
    }

    @Test("a file source exposes its progress; it is idle after the load")
    func fileSourceProgress() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bulletin-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"users": []}"#.utf8).write(to: url)
        let source = FileDataSource(path: url.path)
        _ = try await source.users()
        #expect(source.loadProgress?.phase == .idle)
        #expect(EmbeddedDataSource().loadProgress == nil)
    }
}
