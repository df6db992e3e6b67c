import BulletinData
import BulletinTestSupport
import Foundation
import MVVMC
import Testing

@testable import BulletinFeatures

/// A source whose post listing sends two batches, then waits until the test lets it finish
/// (or its task is cancelled, which it records).
private final class GatedListingSource: EmptyFileSource, @unchecked Sendable {
    let descriptor = SourceDescriptor(kind: .file, location: "big.json")
    let loadProgress: LoadProgress? = LoadProgress()
    private let lock = NSLock()
    private var released = false
    private var cancelledFlag = false
    var wasCancelled: Bool { lock.withLock { cancelledFlag } }
    func release() { lock.withLock { released = true } }

    static let first = [PostSummary(id: 1, userId: 1, title: "one"), PostSummary(id: 2, userId: 9, title: "two")]
    static let second = [PostSummary(id: 3, userId: 1, title: "three")]

    func postListing(partial: (@Sendable (PostBatch) -> Void)?) async throws(DataError) -> PostListing {
        loadProgress?.update(.indexing(done: 100, total: 1000))
        partial?(PostBatch(posts: Self.first, authors: [1: "Ann"], done: 100, total: 1000))
        partial?(PostBatch(posts: Self.second, done: 200, total: 1000))
        while !lock.withLock({ released }) {
            do { try await Task.sleep(for: .milliseconds(5)) } catch {
                lock.withLock { cancelledFlag = true }
                throw .cancelled
            }
        }
        loadProgress?.update(.idle)
        let all = Self.first + Self.second + [PostSummary(id: 0, userId: 1, title: "zero")]
        return PostListing(posts: all, authors: [1: "Ann"])
    }
}

@MainActor
struct PostListProgressiveTests {
    /// Waits (up to 300 s: on a loaded two-core machine the main actor and the pool queue for a long time) until `condition` holds, yielding to the main actor meanwhile.
    private func eventually(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(300)
        while !condition(), ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    }

    @Test("batches show before the load ends, in file order, the count saying so far; then the whole list by id")
    func firstRowsBeforeTheEnd() async {
        let source = GatedListingSource()
        let model = PostListViewModel(source: source, router: .none)
        model.start()
        await eventually { model.rowCount == 3 }
        #expect(model.isPartial)
        #expect(model.rows.map(\.post.title) == ["one", "two", "three"])
        #expect(model.rows.map(\.author) == ["Ann", "…", "…"])
        #expect(model.summary == "3 posts so far · indexing 10% of 0.0 MB")
        #expect(model.find.isPartial)
        #expect(model.rowCount == 3)
        source.release()
        await eventually { !model.isPartial }
        #expect(model.rows.map(\.post.title) == ["zero", "one", "two", "three"])
        #expect(model.summary == "4 posts")
        #expect(!model.find.isPartial)
    }

    @Test("cancelling while the rows so far show stops the source's load")
    func cancelStopsTheLoad() async {
        let source = GatedListingSource()
        let model = PostListViewModel(source: source, router: .none)
        model.start()
        await eventually { model.isPartial }
        model.stop()
        await eventually { source.wasCancelled }
        #expect(source.wasCancelled)
    }

    @Test("the progress bar's fraction appears only after the load has run 0.3 s")
    func progressAfterThreshold() async throws {
        let source = GatedListingSource()
        let model = PostListViewModel(source: source, router: .none)
        model.start()
        await eventually { model.isPartial }
        let loadStarted = try #require(model.list.loadStarted)
        #expect(model.loadProgressFraction(now: loadStarted + .milliseconds(300)) == 0.1)
        #expect(model.loadProgressFraction(now: loadStarted + .milliseconds(299)) == nil)
        source.release()
        await eventually { !model.isPartial }
        #expect(model.loadProgressFraction(now: .now + .seconds(1)) == nil)
    }

    @Test("rows are sorted by id once, numeric ids by value, then the others by text; sorted input is kept")
    func idOrder() {
        let ids: [RecordID] = [10, "b", 2, "a", 1]
        #expect(IDOrder.sorted(ids, by: { $0 }) == [1, 2, 10, "a", "b"])
        #expect(IDOrder.sorted(ids, by: { $0 }) == ids.sorted())
        let sorted: [RecordID] = [1, 2, 3]
        #expect(IDOrder.sorted(sorted, by: { $0 }) == sorted)
    }
}
