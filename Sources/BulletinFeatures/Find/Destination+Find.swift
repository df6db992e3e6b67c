extension Destination {
    /// The find state of a list screen (Users, a user's posts, Posts); `nil` for other screens.
    public var findBar: FindBar? {
        switch self {
        case let .userList(model): model.find
        case let .userDetail(model): model.find
        case let .postList(model): model.find
        default: nil
        }
    }

    /// `:123`: selects the record with id `id` on this list screen (or says it is not there).
    /// - Returns: `false` when the screen is not a list, so nothing was done.
    @discardableResult
    public func goTo(id: String) -> Bool {
        switch self {
        case let .userList(model): model.goTo(id: id)
        case let .userDetail(model): model.goTo(id: id)
        case let .postList(model): model.goTo(id: id)
        default: return false
        }
        return true
    }
}
