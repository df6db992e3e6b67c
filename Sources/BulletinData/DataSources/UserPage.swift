/// Where the next page of a list starts: an opaque token a source hands out with a page
/// (GitHub: the `Link: rel="next"` URL; DummyJSON: the `skip` offset) and takes back to fetch it.
public struct PageCursor: Hashable, Sendable {
    /// The source's own encoding of the position.
    public var token: String

    /// Creates a cursor from a source's token.
    public init(_ token: String) { self.token = token }
}

/// One page of users, the records on it that could not be read, and where the next page starts.
public struct UserPage: Sendable {
    /// The users on this page and the records skipped on it.
    public var list: RecordList<User>
    /// The next page, or `nil` when this is the last.
    public var next: PageCursor?

    /// Creates a page.
    public init(list: RecordList<User>, next: PageCursor?) {
        self.list = list
        self.next = next
    }
}

extension DataSource {
    /// The whole list as one page; sources that page (DummyJSON, GitHub) override this.
    /// - Throws: As ``userList()``.
    public func userPage(after cursor: PageCursor?) async throws(DataError) -> UserPage {
        UserPage(list: try await userList(), next: nil)
    }
}
