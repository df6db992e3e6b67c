import BulletinData
import Testing

@testable import BulletinFeatures

/// The raw view of a record Bulletin holds (a todo, an album, a photo) lists its members in the
/// source's order, the same on every run (JSONEncoder's own order is a dictionary's).
@Suite("Held records in the raw view")
struct HeldRecordOrderTests {
    @Test("a todo, an album and a photo read in JSONPlaceholder's member order, every time")
    func order() {
        for _ in 0..<20 {
            let todo = RawRecordRequest.held(Todo(userId: 1, id: 2, title: "t", completed: true), name: SourceVocabulary.todos, id: 2)
            #expect(todo.held?.json == "{\n  \"userId\": 1,\n  \"id\": 2,\n  \"title\": \"t\",\n  \"completed\": true\n}")
            let photo = RawRecordRequest.held(Photo(albumId: 1, id: 3, title: "p", url: "u", thumbnailUrl: "th"),
                                              name: SourceVocabulary.photos, id: 3)
            #expect(photo.held?.json == "{\n  \"albumId\": 1,\n  \"id\": 3,\n  \"title\": \"p\",\n  \"url\": \"u\",\n  \"thumbnailUrl\": \"th\"\n}")
            let album = RawRecordRequest.held(Album(userId: 4, id: 5, title: "a"), name: SourceVocabulary.albums, id: 5)
            #expect(album.held?.json == "{\n  \"userId\": 4,\n  \"id\": 5,\n  \"title\": \"a\"\n}")
        }
    }
}
