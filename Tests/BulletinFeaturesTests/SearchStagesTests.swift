import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// Search on a file source shows results in stages (issue 23): the first ones while the scan
/// goes on, the counts marked as growing and the summary saying it is searching until final.
@MainActor
@Suite("Search in stages")
struct SearchStagesTests {
    @Test("the first results show before the scan ends; the selection made meanwhile is kept; the final count replaces the growing one")
    func stages() async throws {
        let count = FileSearchCorpus.chunkSize * 24
        let file = try SearchFixtures.entriesFile(count: count)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let model = SearchViewModel(source: FileDataSource(path: file.path), router: .none)
        await model.load()
        #expect(model.state.value is FileSearchCorpus, "a file source is searched on its bytes")
        model.setQuery("entry")
        var partial: (count: Int, title: String, summary: String, message: String?)?
        let deadline = ContinuousClock.now + .seconds(300)
        while model.isSearching, ContinuousClock.now < deadline {
            if model.results.count > 0, partial == nil {
                partial = (model.results.count, model.groupTitle(.posts), model.summary, model.message)
                model.moveSelection(by: 3)
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        await model.waitForSearch()
        let seen = try #require(partial, "no results were shown before the search ended")
        #expect(seen.count < count && seen.title == "Posts (\(seen.count)…)", "\(seen)")
        #expect(seen.summary == "searching…" && seen.message == nil)
        #expect(model.results.isComplete && model.results.posts.count == count)
        #expect(model.groupTitle(.posts) == "Posts (\(count))" && model.summary == "\(count) posts · 0 comments")
        #expect(model.selection.selected == 3, "the final results keep the selection made in the first ones")
        #expect(model.text(ofItem: 3) == "entry 4", "a shown row decodes its post")
    }
}
