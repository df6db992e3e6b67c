import BulletinData

/// A command typed after `:` (as in vim or k9s): one per list the source has, in its words
/// (``SourceVocabulary/listCommands``: `users`, `posts`, `repos`, `categories`, `meals`,
/// `albums`, `todos`), `admin`, `home`, `open PATH`, `search TEXT`, `q`, or an id (`:12`) to
/// select on the current list.
///
/// `:users` is `:open users`: both go to the screen with its whole back stack, so the
/// strings a person learns from the header work in both places.
public enum AppCommand: Equatable, Sendable {
    /// Go to a screen by its path.
    case open(DeepLink)
    /// Leave the app.
    case quit
    /// Select the record with this id on the current list (`:12`): the line is all digits.
    case goTo(id: String)
    /// Search every post and comment for the text: the rest of the line, spaces inside it kept,
    /// spaces around it dropped (the Search field itself keeps what is typed, see ``SearchViewModel``).
    case search(String)
    /// Show a list of a user's screen (`:albums`, `:repos`): its tab where a user's screen is on
    /// top, else say where the list is.
    case userList(ListCommand)

    /// The commands every source has, after its lists.
    public static let fixedNames = ["admin", "home", "open", "q", "quit", "search"]

    /// The command names on a source with `vocabulary`, in the order Tab offers them: its lists
    /// (``SourceVocabulary/listCommands``), then ``fixedNames``.
    public static func names(in vocabulary: SourceVocabulary) -> [String] {
        vocabulary.listCommands.map(\.name) + fixedNames
    }

    /// What `:` offers on a source with `vocabulary`, for `?`: its lists in its words, then the
    /// rest: `Type a command: :users, :repos (lists), :search TEXT, :open PATH, :admin, :home or :q`.
    public static func help(in vocabulary: SourceVocabulary) -> String {
        let lists = vocabulary.listCommands.map { ":" + $0.name }.joined(separator: ", ")
        return "Type a command: \(lists) (lists), :search TEXT, :open PATH, :admin, :home or :q"
    }

    /// Reads one command line (without the `:`); spaces around it are ignored. Paths are read
    /// in `vocabulary`'s words (``DeepLink/parse(_:vocabulary:)``); each list the source has is
    /// a command in its words (`:categories`, `:repos`), and a list another source has is
    /// ``AppCommandError/noSuchList(_:)`` (`:users` on TheMealDB).
    /// - Throws: ``AppCommandError`` for an empty line, an unknown name, a list the source does
    ///   not have, `open` without a path or with a malformed one, or arguments a command does not take.
    public static func parse(_ line: String, vocabulary: SourceVocabulary = .jsonPlaceholder) throws(AppCommandError) -> AppCommand {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first else { throw .empty }
        let arguments = Array(words.dropFirst())
        if name.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard arguments.isEmpty else { throw .unexpectedArguments(name) }
            return .goTo(id: name)
        }
        if let list = vocabulary.listCommands.first(where: { $0.name == name }) {
            guard arguments.isEmpty else { throw .unexpectedArguments(name) }
            switch list.target {
            case let .link(link): return .open(link)
            case .userList: return .userList(list)
            }
        }
        if SourceVocabulary.everyListCommandName.contains(name) { throw .noSuchList(name) }
        switch name {
        case "admin", "home":
            guard arguments.isEmpty else { throw .unexpectedArguments(name) }
            return .open(try link(name, vocabulary))
        case "open":
            guard arguments.count == 1 else { throw arguments.isEmpty ? .missingPath : .unexpectedArguments(name) }
            return .open(try link(arguments[0], vocabulary))
        case "q", "quit":
            guard arguments.isEmpty else { throw .unexpectedArguments(name) }
            return .quit
        case "search":
            return .search(searchText(line))
        default:
            throw .unknown(name)
        }
    }

    /// Completes the command name being typed (Tab) among the names on a source with
    /// `vocabulary` (its lists included: `:ca` → `:categories` on TheMealDB): the unique name
    /// it starts, or the longest prefix the candidates share. Text after the name is left alone.
    /// - Returns: The completed line; `line` itself when nothing matches.
    public static func complete(_ line: String, vocabulary: SourceVocabulary = .jsonPlaceholder) -> String {
        guard !line.contains(" ") else { return line }
        let candidates = candidates(for: line, vocabulary: vocabulary)
        guard let prefix = sharedPrefix(candidates) else { return line }
        if candidates.count == 1 { return prefix == "open" || prefix == "search" ? prefix + " " : prefix }
        return prefix.count > line.count ? prefix : line
    }

    /// The command names on a source with `vocabulary` that start with `word`, in Tab's order:
    /// what ``complete(_:vocabulary:)`` chooses among, and what the prompt lists when several fit.
    public static func candidates(for word: String, vocabulary: SourceVocabulary = .jsonPlaceholder) -> [String] {
        names(in: vocabulary).filter { $0.hasPrefix(word) }
    }

    /// The longest text every one of `candidates` starts with (the one candidate itself when
    /// there is one); `nil` when there are none. What Tab grows a word to.
    static func sharedPrefix(_ candidates: [String]) -> String? {
        guard let first = candidates.first else { return nil }
        return candidates.dropFirst().reduce(first) { shared, candidate in
            String(zip(shared, candidate).prefix { $0 == $1 }.map(\.0))
        }
    }

    /// The text after `search`, without the whitespace around it; spaces inside it are kept.
    private static func searchText(_ line: String) -> String {
        let afterName = line.drop(while: \.isWhitespace).dropFirst("search".count)
        return String(afterName.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private static func link(_ path: String, _ vocabulary: SourceVocabulary) throws(AppCommandError) -> DeepLink {
        do throws(DeepLinkError) {
            return try DeepLink.parse(path, vocabulary: vocabulary)
        } catch {
            throw .badPath(error)
        }
    }
}

/// A command line that cannot be run; ``description`` is shown in the status line.
public enum AppCommandError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case unknown(String)
    case missingPath
    case badPath(DeepLinkError)
    case unexpectedArguments(String)
    /// A list another source has but this one does not (`:users` on TheMealDB).
    case noSuchList(String)

    public var description: String { description(in: .jsonPlaceholder) }

    /// What is wrong, with paths in `vocabulary`'s words; `sourceName` starts a sentence about
    /// the source (``SourceDeclaration/name``): `TheMealDB has no users list (its lists: …)`.
    public func description(in vocabulary: SourceVocabulary, sourceName: String = "This source") -> String {
        switch self {
        case let .noSuchList(name):
            "\(sourceName) has no \(name) list (its lists: \(vocabulary.listCommands.map { ":" + $0.name }.joined(separator: ", ")))"
        case .empty: "No command"
        case let .unknown(name):
            "Unknown command '\(name)' (commands: \(AppCommand.names(in: vocabulary).joined(separator: ", ")))"
        case .missingPath: "open needs a path: \(DeepLink.acceptedForms(in: vocabulary).joined(separator: ", "))"
        case let .badPath(error): "Cannot open: \(error.description(in: vocabulary))"
        case let .unexpectedArguments(name): "\(name) takes no arguments"
        }
    }
}
