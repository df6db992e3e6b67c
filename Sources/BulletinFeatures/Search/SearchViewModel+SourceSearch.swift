import BulletinData
import Foundation

extension SearchViewModel {
    /// How long typing must pause before a query goes to a ``SearchingSource``'s server, so a
    /// word typed quickly costs one request, not one per character.
    static let sourceSearchPause: Duration = .milliseconds(250)

    /// Asks `source` for `query` (spaces around it dropped, after ``sourceSearchPause``); every
    /// post it answers is a result, in its order, in a corpus of their own (for the result
    /// lines and opening them).
    /// - Returns: The corpus and results, the failure, or `nil` when cancelled (a newer keystroke).
    nonisolated static func askSource(
        _ source: any SearchingSource, query: String
    ) async -> Result<(SearchCorpus, SearchResults), DataError>? {
        do { try await Task.sleep(for: sourceSearchPause) } catch { return nil }
        do throws(DataError) {
            let posts = try await source.searchPosts(query.trimmingCharacters(in: .whitespaces))
            if Task.isCancelled { return nil }
            let corpus = await SearchCorpus.build(posts: posts, comments: [])
            return .success((corpus, SearchResults(query: query, posts: Array(posts.indices))))
        } catch {
            if case .cancelled = error { return nil }
            return .failure(error)
        }
    }
}
