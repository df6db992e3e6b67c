import BulletinData
import Foundation

/// Search over a file source's posts and comments on the file's bytes (issue 23,
/// ``RecordTextSearch``): nothing is decoded up front, and a search reads the records' bytes
/// in chunks spread over the cores, handing on the results found so far in the source's order.
/// Only the records shown (a row's title and excerpt) or opened are decoded.
public struct FileSearchCorpus: SearchCorpus {
    /// The records searched.
    public let records: RecordTextSearch

    /// Records per chunk: about 1 MB of a json-server file, a millisecond or two of scanning.
    static let chunkSize = 4096
    /// How often results found so far are handed on after the first ones.
    static let partialInterval: Duration = .milliseconds(100)

    /// - Parameter records: A file source's ``DataSource/textSearch()``.
    public init(records: RecordTextSearch) { self.records = records }

    public var isRemote: Bool { false }
    public func user(at position: Int) -> User? { nil }
    public func post(at position: Int) -> Post? {
        position >= 0 && position < records.count(.posts) ? records.post(at: position) : nil
    }
    public func comment(at position: Int) -> Comment? {
        position >= 0 && position < records.count(.comments) ? records.comment(at: position) : nil
    }

    /// Scans the posts, then the comments, in chunks: as many at once as there are cores (and
    /// one more, so none waits while results are handed on), the results put back in order.
    @concurrent
    public func search(
        _ query: String, narrowing previous: SearchResults?, partial: @escaping @Sendable (SearchResults) async -> Void
    ) async -> SearchResults? {
        let needle = TextFolding.foldedUTF8(query)
        guard !needle.isEmpty else { return SearchResults(query: query) }
        let chunks = Self.chunks(of: records, within: previous?.narrowable(to: needle))
        let records = self.records
        var found = SearchResults(query: query, isComplete: false)
        var done: [Int: [Int]] = [:]
        var (next, frontier) = (0, 0)
        var lastHandedOn: ContinuousClock.Instant?
        let inFlight = ProcessInfo.processInfo.activeProcessorCount + 1
        let finished = await withTaskGroup(of: (Int, [Int]).self, returning: Bool.self) { group in
            while next < min(chunks.count, inFlight) {
                let (number, chunk) = (next, chunks[next])
                group.addTask { (number, Task.isCancelled ? [] : chunk.matches(in: records, needle: needle)) }
                next += 1
            }
            while let (number, rows) = await group.next() {
                if Task.isCancelled {
                    group.cancelAll()
                    return false
                }
                done[number] = rows
                let before = frontier
                while let rows = done.removeValue(forKey: frontier) {
                    if chunks[frontier].collection == .posts { found.posts += rows } else { found.comments += rows }
                    frontier += 1
                }
                if next < chunks.count {
                    let (number, chunk) = (next, chunks[next])
                    group.addTask { (number, Task.isCancelled ? [] : chunk.matches(in: records, needle: needle)) }
                    next += 1
                }
                let now = ContinuousClock.now
                if frontier > before, frontier < chunks.count, found.count > 0,
                   lastHandedOn.map({ now - $0 >= Self.partialInterval }) ?? true {
                    lastHandedOn = now
                    await partial(found)
                }
            }
            return !Task.isCancelled
        }
        guard finished else { return nil }
        found.isComplete = true
        return found
    }

    /// A run of records to scan: positions `range` of a list, or of `candidates` when narrowing.
    struct Chunk: Sendable {
        var collection: RecordTextSearch.Collection
        var range: Range<Int>
        var candidates: [Int]?

        func matches(in records: RecordTextSearch, needle: [UInt8]) -> [Int] {
            guard let candidates else { return records.matches(collection, in: range, needle: needle) }
            return records.matches(collection, among: candidates[range], needle: needle)
        }
    }

    /// The posts' chunks, then the comments': every record, or `previous`'s results.
    static func chunks(of records: RecordTextSearch, within previous: SearchResults?) -> [Chunk] {
        var chunks: [Chunk] = []
        for collection in RecordTextSearch.Collection.allCases {
            let candidates = previous.map { collection == .posts ? $0.posts : $0.comments }
            let count = candidates?.count ?? records.count(collection)
            for start in stride(from: 0, to: count, by: chunkSize) {
                chunks.append(Chunk(collection: collection, range: start..<min(count, start + chunkSize), candidates: candidates))
            }
        }
        return chunks
    }
}
