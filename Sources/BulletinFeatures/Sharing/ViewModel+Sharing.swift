import BulletinData

// Each screen's subject, declared once (``SharesRecord``): the selected row, and the screen's
// own record. `o`, `y` and `v` all act on ``SharesRecord/subject(for:)`` of these.

extension SourceVocabulary {
    /// `user` as `o`, `y` and `v` name it.
    func shared(_ user: User) -> SharedRecord {
        SharedRecord(name: users, id: user.id, title: user.name, webAddress: user.webAddress, raw: RawRecordRequest(.user, id: user.id))
    }

    /// `post` as `o`, `y` and `v` name it.
    func shared(_ post: Post) -> SharedRecord {
        SharedRecord(name: posts, id: post.id, title: post.title, webAddress: post.webAddress, raw: RawRecordRequest(.post, id: post.id))
    }
}

extension UserListViewModel: SharesRecord {
    public var selectedRecord: SharedRecord? { user(at: selection.selected).map(vocabulary.shared) }
    public var markedRecords: [SharedRecord] { list.markedRows.map(vocabulary.shared) }
}

extension UserDetailViewModel: SharesRecord {
    /// The selected row of the list shown: a post, an album or a todo.
    public var selectedRecord: SharedRecord? {
        switch lists.active {
        case .posts:
            return post(at: selection.selected).map(vocabulary.shared)
        case .albums: return lists.albums?.selectedRow.map(Self.shared)
        case .todos: return lists.todos?.selectedRow.map(Self.shared)
        }
    }

    /// The marked rows of the list shown.
    public var markedRecords: [SharedRecord] {
        switch lists.active {
        case .posts: list.markedRows.map(vocabulary.shared)
        case .albums: (lists.albums?.markedRows ?? []).map(Self.shared)
        case .todos: (lists.todos?.markedRows ?? []).map(Self.shared)
        }
    }

    /// The user the screen shows.
    public var screenRecord: SharedRecord? { state.value.map(vocabulary.shared) }

    private static func shared(_ album: Album) -> SharedRecord {
        SharedRecord(name: SourceVocabulary.albums, id: album.id, title: album.title,
                     raw: .held(album, name: SourceVocabulary.albums, id: album.id))
    }

    private static func shared(_ todo: Todo) -> SharedRecord {
        SharedRecord(name: SourceVocabulary.todos, id: todo.id, title: todo.title, raw: .held(todo, name: SourceVocabulary.todos, id: todo.id))
    }
}

extension PostListViewModel: SharesRecord {
    /// The selected post (a summary: the Posts list holds no bodies, and none has an address).
    public var selectedRecord: SharedRecord? { row(at: selection.selected).map(shared) }
    public var markedRecords: [SharedRecord] { list.markedRows.map(shared) }

    private func shared(_ row: PostRow) -> SharedRecord {
        SharedRecord(name: vocabulary.posts, id: row.post.id, title: row.post.title, raw: RawRecordRequest(.post, id: row.post.id))
    }
}

extension PostDetailViewModel: SharesRecord {
    /// The selected comment.
    public var selectedRecord: SharedRecord? {
        selectedComment.map { comment in
            SharedRecord(name: vocabulary.comments ?? KindName("comment", "comments"), id: comment.id, title: comment.name,
                         raw: RawRecordRequest(.comment, id: comment.id))
        }
    }

    /// The post the screen shows.
    public var screenRecord: SharedRecord? { state.value.map { vocabulary.shared($0.post) } }
}

extension AlbumViewModel: SharesRecord {
    /// The selected photo: its URL opens, `y` copies it, `v` shows the photo as held.
    public var selectedRecord: SharedRecord? { photos.selectedRow.map(Self.shared) }
    /// The marked photos: `y` copies their URLs, one a line.
    public var markedRecords: [SharedRecord] { photos.markedRows.map(Self.shared) }

    private static func shared(_ photo: Photo) -> SharedRecord {
        SharedRecord(name: SourceVocabulary.photos, id: photo.id, title: photo.title,
                     webAddress: WebAddress.normalized(photo.url), raw: .held(photo, name: SourceVocabulary.photos, id: photo.id))
    }
}
