/// A list screen with a ``FindBar`` (Users, a user's posts, Posts): `/` filters it, and `:123`
/// selects the record with that id on it.
@MainActor
public protocol FindableScreen: ScreenViewModel {
    /// The list's filter, sort and jump state.
    var find: FindBar { get }

    /// `:123`: selects the record with id `id` on this list (or says it is not there).
    func goTo(id: String)
}

