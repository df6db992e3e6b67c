@testable import bulletin
import BulletinData
import BulletinFeatures
import BulletinTestSupport
import Foundation
import Testing

/// Each source gets the writer that saves where its data lives, and `--help` says where edits go (issue 8).
struct WriterWiringTests {
    @Test("embedded, --data and --api get writers; DummyJSON and GitHub are read-only with a reason")
    func writerPerSource() throws {
        #expect(try SourceFactory().make(.embedded).writer is EmbeddedDataWriter)
        let file = try SourceFactory().make(.file("/tmp/db.json"))
        #expect((file.writer as? FileDataWriter)?.path == "/tmp/db.json")
        #expect((file.source as? FileDataSource)?.path == "/tmp/db.json")
        let api = try SourceFactory().make(.api("http://127.0.0.1:9"))
        #expect((api.writer as? RESTDataWriter)?.baseURL.absoluteString == "http://127.0.0.1:9")
        #expect(try SourceFactory().make(.github("http://127.0.0.1:9")).writer.access
            == .denied(reason: "the GitHub API is read-only here"))
        #expect(try SourceFactory().make(.dummyJSON("http://127.0.0.1:9")).writer.access
            == .denied(reason: "the DummyJSON API is read-only here"))
    }

    @Test("--help says where edits of the embedded data go and how to open them")
    func helpSaysWhereEditsGo() throws {
        let result = try BulletinBinary.runDetached(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("$XDG_DATA_HOME/bulletin/db.json"))
        #expect(result.stdout.contains("which later runs open, with your edits"))
        #expect(result.stdout.contains("--reset-embedded"))
    }
}
