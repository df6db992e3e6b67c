/// JSONPlaceholder's albums, photos and todos as one source holds them (a `db.json`'s
/// `albums`, `photos` and `todos` arrays, or the embedded set's), with lookups by owner.
///
/// Records keep the file's order; owners compare as ``RecordID``s (`"userId": "3"` is user 3).
/// A missing array is empty. Records that do not decode are left out and listed in ``issues``
/// (`todos[4].completed wrong type (expected true or false)`).
public struct UserListRecords: Sendable, Equatable {
    /// The three collections, named as in a `db.json` (`albums`, `photos`, `todos`).
    public enum Collection: String, Sendable, CaseIterable {
        case albums, photos, todos
    }

    /// Every album, in file order.
    public private(set) var albums: [Album]
    /// Every photo, in file order.
    public private(set) var photos: [Photo]
    /// Every todo, in file order.
    public private(set) var todos: [Todo]
    /// The records left out, in document order.
    public var issues: [RecordIssue]

    /// Creates the records; all empty by default.
    public init(albums: [Album] = [], photos: [Photo] = [], todos: [Todo] = [], issues: [RecordIssue] = []) {
        self.albums = albums
        self.photos = photos
        self.todos = todos
        self.issues = issues
    }

    /// The albums whose `userId` is `userID`, in order.
    public func albums(userID: RecordID) -> [Album] { albums.filter { $0.userId == userID } }

    /// The photos whose `albumId` is `albumID`, in order.
    public func photos(albumID: RecordID) -> [Photo] { photos.filter { $0.albumId == albumID } }

    /// The todos whose `userId` is `userID`, in order.
    public func todos(userID: RecordID) -> [Todo] { todos.filter { $0.userId == userID } }

    /// The same records with the first todo whose id is `todo.id` replaced by `todo` (after a save).
    public func replacing(_ todo: Todo) -> UserListRecords {
        var copy = self
        if let index = copy.todos.firstIndex(where: { $0.id == todo.id }) { copy.todos[index] = todo }
        return copy
    }

}

extension DataStatistics {
    /// These counts with the albums, photos and todos of `records`, each `nil` when there are none.
    func adding(_ records: UserListRecords) -> DataStatistics {
        var counts = self
        counts.albums = records.albums.isEmpty ? nil : records.albums.count
        counts.photos = records.photos.isEmpty ? nil : records.photos.count
        counts.todos = records.todos.isEmpty ? nil : records.todos.count
        return counts
    }
}
