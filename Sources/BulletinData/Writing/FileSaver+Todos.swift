import Foundation

/// A todo's `completed` saved by splicing only its value (`false` → `true`): the new file is
/// the old file's bytes with that one member's value replaced, every other byte (the layout,
/// other records, members Bulletin does not model) as it was.
extension FileSaver {
    /// Sets the `completed` member of the first todo in the file's `todos` array whose `id` is
    /// `todo.id`, and saves atomically (as every save: `FILE.bak`, `rename`). The source then
    /// answers with the change without reading the file.
    /// - Parameter overwrite: Save even if the file changed on disk since it was loaded or saved.
    /// - Returns: The todo as stored.
    /// - Throws: ``DataError/changedOnDisk(path:)``, ``DataError/readOnlyFile(path:)``,
    ///   ``DataError/notFound(_:location:)`` (`todo 7`), ``DataError/unwritableFile(path:reason:)``
    ///   (a todo without a `completed` member, a file that is not a db.json object, a failed
    ///   write), ``DataError/unreadableFile(path:reason:)``; the file is then unchanged.
    func setCompleted(_ completed: Bool, of todo: Todo, overwrite: Bool) async throws(DataError) -> Todo {
        let file = try OpenFile(path: AtomicFile.target(of: path), location: path, operations: operations)
        let known = state.fingerprint
        let unchangedOnDisk = known == nil || file.fingerprint == known
        if !unchangedOnDisk, !overwrite { throw .changedOnDisk(path: path) }
        if file.isReadOnly, !overwrite { throw .readOnlyFile(path: path) }
        // The data in memory, taken before the save: after it nothing is awaited until the store
        // is told, so no other save through this saver can run in between (actors are reentrant).
        let loaded = unchangedOnDisk ? try? await store.loaded() : nil
        if state.fingerprint != known { return try await setCompleted(completed, of: todo, overwrite: overwrite) }
        let range = try Self.completedValue(of: todo.id, in: JSONLocator(bytes: file.read(0..<file.size)), location: path)
        let replacement = Array((completed ? "true" : "false").utf8)
        let fingerprint: FileFingerprint
        do throws(AtomicFile.Failure) {
            fingerprint = try AtomicFile.save(to: path, operations: operations) { output in
                file.copy(0..<range.lowerBound, to: output)
                    && replacement.withUnsafeBytes { AtomicFile.writeAll(output, $0) }
                    && file.copy(range.upperBound..<file.size, to: output)
            }
        } catch {
            throw .unwritableFile(path: path, reason: error.reason)
        }
        state.record(fingerprint)
        var stored = todo
        stored.completed = completed
        let saved: any LoadedData
        if let loaded {
            saved = UserListsEdited.replacing(stored, in: loaded)
        } else {
            let fileName = URL(fileURLWithPath: path).lastPathComponent
            let now = try OpenFile(path: AtomicFile.target(of: path), location: path, operations: operations)
            saved = try DataSetStore.decodeDataSet(Data(now.read(0..<now.size)), location: path, fileName: fileName)
        }
        await store.replace(with: saved, written: fingerprint)
        return stored
    }

    /// Where the `completed` value of the first todo with `id` lies in the file.
    private static func completedValue(of id: RecordID, in json: JSONLocator, location: String) throws(DataError) -> Range<Int> {
        let bomLength = json.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let root = json.skipBlanks(bomLength)
        guard let members = json.members(ofObjectAt: root) else {
            throw .unwritableFile(path: location, reason: "it is not a db.json object, so it has no todos to change")
        }
        guard let array = members.first(where: { $0.key == "todos" }),
              let elements = json.elements(ofArrayAt: array.value.lowerBound)
        else { throw .notFound("todo \(id)", location: location) }
        for element in elements {
            guard let fields = json.members(ofObjectAt: element.lowerBound),
                  let idValue = fields.first(where: { $0.key == "id" }), json.id(at: idValue.value) == id.text
            else { continue }
            guard let value = fields.first(where: { $0.key == "completed" })?.value else {
                throw .unwritableFile(path: location, reason: "todo \(id) has no completed member")
            }
            return value
        }
        throw .notFound("todo \(id)", location: location)
    }
}

/// ``LoadedData`` with todos changed by Bulletin's own saves: every read is the base's, except
/// ``userLists``, which holds the saved todos.
struct UserListsEdited: LoadedData {
    /// The data as loaded (or as edited by other saves).
    let base: any LoadedData
    let userLists: UserListRecords

    /// `data` with `todo` in place of the todo with its id; over an ``EditedData`` the layer goes
    /// under its edits (so edits stay one layer), over itself it is replaced.
    static func replacing(_ todo: Todo, in data: any LoadedData) -> any LoadedData {
        if let edited = data as? EditedData {
            return EditedData(base: replacing(todo, in: edited.base), edits: edited.edits)
        }
        if let layer = data as? UserListsEdited {
            return UserListsEdited(base: layer.base, userLists: layer.userLists.replacing(todo))
        }
        return UserListsEdited(base: data, userLists: data.userLists.replacing(todo))
    }

    func allUsers() -> [User] { base.allUsers() }
    var loadIssues: [RecordIssue] { base.loadIssues }
    func user(id: RecordID, location: String) throws(DataError) -> User { try base.user(id: id, location: location) }
    func post(id: RecordID, location: String) throws(DataError) -> Post { try base.post(id: id, location: location) }
    func posts(userID: RecordID) -> [Post] { base.posts(userID: userID) }
    func comments(postID: RecordID) -> [Comment] { base.comments(postID: postID) }
    func postSummaries() -> [PostSummary] { base.postSummaries() }
    func userNames() -> [RecordID: String] { base.userNames() }
    func allPosts() -> [Post] { base.allPosts() }
    func allComments() -> [Comment] { base.allComments() }
    var statistics: DataStatistics { base.statistics }
    func wholeDataSet() -> DataSet {
        var set = base.wholeDataSet()
        set.userLists = userLists
        return set
    }
}
