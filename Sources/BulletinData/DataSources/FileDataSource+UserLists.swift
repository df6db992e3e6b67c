/// The `albums`, `photos` and `todos` arrays of the `db.json` (JSONPlaceholder's shapes).
///
/// The index pass notes where the arrays lie and validates them; each is decoded whole the
/// first time a user's albums or todos are asked for, then kept (a save of a todo updates the
/// copy in memory). A file without them answers empty lists.
extension FileDataSource {
    /// The albums whose `userId` is `userID`, in file order.
    /// - Throws: The load errors of ``dataSet()``.
    public func albums(userID: RecordID) async throws(DataError) -> [Album] {
        try await store.loaded().userLists.albums(userID: userID)
    }

    /// The photos whose `albumId` is `albumID`, in file order.
    /// - Throws: The load errors of ``dataSet()``.
    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] {
        try await store.loaded().userLists.photos(albumID: albumID)
    }

    /// The todos whose `userId` is `userID`, in file order.
    /// - Throws: The load errors of ``dataSet()``.
    public func todos(userID: RecordID) async throws(DataError) -> [Todo] {
        try await store.loaded().userLists.todos(userID: userID)
    }
}

/// The albums, photos and todos of the embedded data set (made by `Tools/generate_embedded.py`).
extension EmbeddedDataSource {
    /// The albums whose `userId` is `userID`, in order.
    /// - Throws: The load errors of ``dataSet()``.
    public func albums(userID: RecordID) async throws(DataError) -> [Album] {
        try await store.loaded().userLists.albums(userID: userID)
    }

    /// The photos whose `albumId` is `albumID`, in order.
    /// - Throws: The load errors of ``dataSet()``.
    public func photos(albumID: RecordID) async throws(DataError) -> [Photo] {
        try await store.loaded().userLists.photos(albumID: albumID)
    }

    /// The todos whose `userId` is `userID`, in order.
    /// - Throws: The load errors of ``dataSet()``.
    public func todos(userID: RecordID) async throws(DataError) -> [Todo] {
        try await store.loaded().userLists.todos(userID: userID)
    }
}
