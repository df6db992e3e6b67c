import BulletinData

/// A `:` command that shows one of a source's lists, named in its words: `:users`, `:posts`,
/// `:repos`, `:categories`, `:meals`, `:albums`, `:todos`.
public struct ListCommand: Hashable, Sendable {
    /// Where the list is.
    public enum Target: Hashable, Sendable {
        /// A list of its own, opened by its link (`users`, `posts`).
        case link(DeepLink)
        /// A list on a user's screen (a user's repositories, a category's meals, albums, todos).
        case userList(UserListKind)
    }

    /// The command's name: the list's route segment (`repos`, `categories`, `albums`).
    public var name: String
    /// The list's name in the source's words.
    public var list: KindName
    /// Where the list is.
    public var target: Target
}

extension SourceVocabulary {
    /// Every list this source has, as a `:` command: its top list, its list of every post where it
    /// has one, and the lists of a user's screen (declared by ``userLists``).
    public var listCommands: [ListCommand] {
        var commands = [ListCommand(name: usersRoute, list: users, target: .link(.users))]
        if hasAllPostsList { commands.append(ListCommand(name: postsRoute, list: posts, target: .link(.posts))) }
        for kind in userLists where !(kind == .posts && hasAllPostsList) {
            commands.append(ListCommand(name: kind == .posts ? postsRoute : kind.rawValue, list: name(of: kind), target: .userList(kind)))
        }
        return commands
    }

    /// The names of the lists any source has (`repos` and `categories` included), so a command
    /// that exists on another source is told apart from a typo.
    public static var everyListCommandName: [String] {
        var names: [String] = []
        for command in everySource.flatMap(\.listCommands) where !names.contains(command.name) { names.append(command.name) }
        return names
    }

    /// Where a list of a user's screen is: `TheMealDB lists meals on each category's screen
    /// (categories/ID)`.
    public func userListHint(_ command: ListCommand, sourceName: String) -> String {
        "\(sourceName) lists \(command.list.plural) on each \(users.singular)'s screen (\(usersRoute)/ID)"
    }
}
