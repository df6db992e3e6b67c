import Foundation

/// JSONPlaceholder's albums, photos and todos: `GET {base}/albums?userId=`, `/photos?albumId=`,
/// `/todos?userId=`, filtered here by their owner whatever the server does with the filter (the
/// fallback to the whole collection of `RESTDataSource+ChildLists.swift`, as for posts).
extension RESTDataSource {
    /// `GET {base}/albums?userId={id}`, keeping only the albums whose `userId` is `userID`.
    /// - Throws: ``DataError``: `.invalidURL`, `.transport`, `.timedOut`, `.cancelled`, `.badStatus`, `.malformedJSON`.
    public func albums(userID: RecordID) async throws(DataError) -> [Album] {
        try await children(Album.self, in: "albums", parentKey: "userId", parent: userID) { $0.userId }.records
    }

    /// `GET {base}/photos?albumId={id}`, keeping only the photos whose `albumId` is `albumID`.
    /// - Throws: As ``albums(userID:)``.
    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] {
        try await children(Photo.self, in: "photos", parentKey: "albumId", parent: albumID) { $0.albumId }.records
    }

    /// `GET {base}/todos?userId={id}`, keeping only the todos whose `userId` is `userID`.
    /// - Throws: As ``albums(userID:)``.
    public func todos(userID: RecordID) async throws(DataError) -> [Todo] {
        try await children(Todo.self, in: "todos", parentKey: "userId", parent: userID) { $0.userId }.records
    }
}
