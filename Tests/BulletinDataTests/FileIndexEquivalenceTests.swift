@testable import BulletinData
import BulletinTestSupport
import Foundation
import Testing

/// The index pass (issue 13) against the decoder it replaced, on every file of `../shared/data`
/// and `../shared/inputs`: the same records in the same order, the same issues, the same errors.
@Suite(SharedData.needed)
struct FileIndexEquivalenceTests {
    /// Files where the index differs on purpose: records with invalid UTF-8 or lone surrogates are
    /// skipped and listed (the whole-file decoder refused the file).
    static let skipsBadRecords: Set<String> = ["comments-invalid-utf8.json", "comments-lone-surrogates.json"]

    /// Every `.json` file under the shared folders.
    static func sharedFiles() -> [URL] {
        var files: [URL] = []
        for root in [SharedData.dataRoot, SharedData.inputsRoot] {
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "json" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test("every shared file: the index gives the old decoder's records, issues and errors")
    func sameAsWholeFileDecoder() async throws {
        let files = Self.sharedFiles()
        #expect(files.count > 20)
        #expect(IndexSupport.isAvailable, "the index pass must run on this machine")
        for url in files where !Self.skipsBadRecords.contains(url.lastPathComponent) {
            let old: Result<DataSet, DataError>
            do {
                old = .success(try DataSetStore.decodeDataSet(Data(contentsOf: url), location: url.path, fileName: url.lastPathComponent))
            } catch let error as DataError {
                old = .failure(error)
            }
            let source = FileDataSource(path: url.path)
            switch old {
            case let .success(expected):
                let loaded = try await source.store.loaded()
                #expect(loaded is FileIndex, "\(url.lastPathComponent) was decoded whole, not indexed")
                let actual = try await source.dataSet()
                #expect(actual.users == expected.users, "\(url.lastPathComponent): users")
                #expect(actual.posts == expected.posts, "\(url.lastPathComponent): posts")
                #expect(actual.comments == expected.comments, "\(url.lastPathComponent): comments")
                #expect(await source.recordIssues() == expected.issues, "\(url.lastPathComponent): issues")
                let listing = try await source.postListing(partial: nil)
                #expect(listing.posts == expected.posts.map(PostSummary.init), "\(url.lastPathComponent): summaries")
                #expect(listing.authors == expected.userNames(), "\(url.lastPathComponent): authors")
                #expect(try await source.statistics() == expected.statistics)
                for post in expected.posts.prefix(50) {
                    #expect(try await source.post(id: post.id) == expected.post(id: post.id, location: ""))
                    #expect(try await source.comments(postID: post.id) == expected.comments(postID: post.id))
                }
                for user in expected.users.prefix(20) {
                    #expect(try await source.user(id: user.id) == expected.user(id: user.id, location: ""))
                    #expect(try await source.posts(userID: user.id) == expected.posts(userID: user.id))
                }
            case let .failure(expected):
                await #expect(throws: expected, "\(url.lastPathComponent)") { try await source.users() }
            }
        }
    }

    @Test("a comment with bytes that are not UTF-8 is skipped and listed with its line; the others load")
    func invalidUTF8Comments() async throws {
        let path = SharedData.input("comments-invalid-utf8.json").path
        let source = FileDataSource(path: path)
        let comments = try await source.comments(postID: 1)
        #expect(comments.map(\.id) == [1, 6])
        let issues = await source.recordIssues()
        #expect(issues.map(\.path) == ["comments[1]", "comments[2]", "comments[3]", "comments[4]"])
        #expect(issues.allSatisfy { $0.effect == .skipped && $0.location == path })
        #expect(issues.first?.reason == "not valid UTF-8 (line 3, column 101)", "\(issues)")
    }

    @Test("comments with lone or reversed surrogates are skipped when their post opens and listed; the valid pair loads")
    func loneSurrogateComments() async throws {
        let path = SharedData.input("comments-lone-surrogates.json").path
        let source = FileDataSource(path: path)
        #expect(await source.recordIssues().isEmpty, "comments are not decoded before a screen needs them")
        let comments = try await source.comments(postID: 1)
        #expect(comments.map(\.id) == [3])
        #expect(comments.first?.body == "😀")
        let issues = await source.recordIssues()
        #expect(issues.map(\.path) == ["comments[0]", "comments[1]"])
        #expect(issues.allSatisfy { $0.effect == .skipped && $0.reason.hasPrefix("not valid JSON") }, "\(issues)")
    }
}
