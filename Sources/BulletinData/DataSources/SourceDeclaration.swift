/// What one kind of source declares about itself, in one place: its names (in sentences, in the
/// Admin panel, in error text), its words for its kinds, and the habits screens ask about. The
/// app asks the declaration (``SourceDescriptor/Kind/declaration``), never which kind it has.
public struct SourceDeclaration: Hashable, Sendable {
    /// The source as a sentence starts with it: `TheMealDB`, `The embedded data set`
    /// (`TheMealDB has no users list`).
    public var name: String
    /// The Admin panel's Source line: `TheMealDB API`, `REST API (JSONPlaceholder-compatible)`.
    public var adminLabel: String
    /// What ``SourceDescriptor/description`` says before the location (`GitHub API`), or
    /// all it says (`embedded data set`) when ``showsLocation`` is false.
    public var locationPrefix: String
    /// Whether ``SourceDescriptor/description`` names the location (not for the embedded set).
    public var showsLocation: Bool
    /// Its words for its kinds (the vocabulary its ``DataSource`` answers).
    public var vocabulary: SourceVocabulary
    /// Whether it reports a rate-limit budget worth a line in the Admin panel (GitHub).
    public var reportsRateLimit: Bool
    /// Whether its own search finds users as well as posts (GitHub's `/search/users`).
    public var searchFindsUsers: Bool
    /// Whether the Admin panel reads its first page before switching to it (network sources;
    /// not the embedded set or a file, whose first read may rightly take long).
    public var probedBeforeSwitch: Bool
    /// What its top-level records are (people, accounts, meal categories): their list's columns
    /// follow from it.
    public var userShape: UserShape
    /// What the records under a user are (articles, repositories, meals): their list's columns
    /// follow from it.
    public var postShape: PostShape

    /// What a source's top-level records are, as far as their columns go.
    public enum UserShape: Hashable, Sendable {
        /// JSONPlaceholder's people: id, name, username, email.
        case person
        /// GitHub's accounts: login, type, site admin.
        case account
        /// TheMealDB's categories: name and description.
        case mealCategory
    }

    /// What the records under a user are, as far as their columns go.
    public enum PostShape: Hashable, Sendable {
        /// JSONPlaceholder's posts: id and title.
        case article
        /// GitHub's repositories: name, language, stars, forks, updated, flags.
        case repository
        /// TheMealDB's meals: id and name.
        case meal
    }

    /// - Parameters: See the properties.
    public init(
        name: String, adminLabel: String, locationPrefix: String, showsLocation: Bool = true, vocabulary: SourceVocabulary,
        reportsRateLimit: Bool = false, searchFindsUsers: Bool = false, probedBeforeSwitch: Bool = true,
        userShape: UserShape = .person, postShape: PostShape = .article
    ) {
        self.userShape = userShape
        self.postShape = postShape
        self.name = name
        self.adminLabel = adminLabel
        self.locationPrefix = locationPrefix
        self.showsLocation = showsLocation
        self.vocabulary = vocabulary
        self.reportsRateLimit = reportsRateLimit
        self.searchFindsUsers = searchFindsUsers
        self.probedBeforeSwitch = probedBeforeSwitch
    }
}

extension SourceDescriptor.Kind {
    /// What this kind of source declares: the one table of the kinds' names and habits.
    public var declaration: SourceDeclaration {
        switch self {
        case .embedded:
            SourceDeclaration(name: "The embedded data set", adminLabel: "Embedded data set", locationPrefix: "embedded data set", showsLocation: false,
                              vocabulary: .jsonPlaceholder, probedBeforeSwitch: false)
        case .rest:
            SourceDeclaration(name: "The REST API", adminLabel: "REST API (JSONPlaceholder-compatible)",
                              locationPrefix: "REST API", vocabulary: .jsonPlaceholder)
        case .file:
            SourceDeclaration(name: "The file", adminLabel: "json-server file", locationPrefix: "file",
                              vocabulary: .jsonPlaceholder, probedBeforeSwitch: false)
        case .dummyJSON:
            SourceDeclaration(name: "DummyJSON", adminLabel: "DummyJSON API", locationPrefix: "DummyJSON API", vocabulary: .dummyJSON)
        case .github:
            SourceDeclaration(name: "GitHub", adminLabel: "GitHub REST API", locationPrefix: "GitHub API", vocabulary: .github,
                              reportsRateLimit: true, searchFindsUsers: true, userShape: .account, postShape: .repository)
        case .mealDB:
            SourceDeclaration(name: "TheMealDB", adminLabel: "TheMealDB API", locationPrefix: "TheMealDB API", vocabulary: .mealDB,
                              userShape: .mealCategory, postShape: .meal)
        case .sqlite:
            SourceDeclaration(name: "The database", adminLabel: "SQLite database", locationPrefix: "SQLite database",
                              vocabulary: .jsonPlaceholder, probedBeforeSwitch: false)
        case .postgres:
            SourceDeclaration(name: "The database", adminLabel: "PostgreSQL database", locationPrefix: "PostgreSQL database",
                              vocabulary: .jsonPlaceholder, probedBeforeSwitch: false)
        }
    }
}

extension SourceVocabulary {
    /// The words of every kind of source, for what exists on one source but not another
    /// (`:repos` on TheMealDB).
    public static var everySource: [SourceVocabulary] {
        var seen: [SourceVocabulary] = []
        for kind in SourceDescriptor.Kind.allCases where !seen.contains(kind.declaration.vocabulary) {
            seen.append(kind.declaration.vocabulary)
        }
        return seen
    }
}
