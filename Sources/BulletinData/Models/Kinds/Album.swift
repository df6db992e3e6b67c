/// A photo album, in JSONPlaceholder's `/albums` shape: `{"userId": 1, "id": 1, "title": "…"}`.
/// `userId` links to `User.id`; the album's photos are `/photos?albumId={id}`.
public struct Album: Hashable, Sendable, Codable, Identifiable {
    public var userId: RecordID
    public var id: RecordID
    public var title: String

    /// Creates a value from its fields, as in the JSON.
    public init(userId: RecordID, id: RecordID, title: String) {
        self.userId = userId
        self.id = id
        self.title = title
    }
}

/// A photo, in JSONPlaceholder's `/photos` shape:
/// `{"albumId": 1, "id": 1, "title": "…", "url": "https://…/600/92c952", "thumbnailUrl": "https://…/150/92c952"}`.
/// `albumId` links to `Album.id`. The URLs are shown, never fetched.
public struct Photo: Hashable, Sendable, Codable, Identifiable {
    public var albumId: RecordID
    public var id: RecordID
    public var title: String
    public var url: String
    public var thumbnailUrl: String

    /// Creates a value from its fields, as in the JSON.
    public init(albumId: RecordID, id: RecordID, title: String, url: String, thumbnailUrl: String) {
        self.albumId = albumId
        self.id = id
        self.title = title
        self.url = url
        self.thumbnailUrl = thumbnailUrl
    }
}

/// A todo, in JSONPlaceholder's `/todos` shape:
/// `{"userId": 1, "id": 1, "title": "delectus aut autem", "completed": false}`.
/// `userId` links to `User.id`.
public struct Todo: Hashable, Sendable, Codable, Identifiable {
    public var userId: RecordID
    public var id: RecordID
    public var title: String
    public var completed: Bool

    /// Creates a value from its fields, as in the JSON.
    public init(userId: RecordID, id: RecordID, title: String, completed: Bool) {
        self.userId = userId
        self.id = id
        self.title = title
        self.completed = completed
    }
}
