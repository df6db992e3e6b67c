import BulletinData

/// One option of the command line: the one table that ``LaunchOptions/parse(_:)`` reads names
/// and values from, and that `--help` (``LaunchOptions/usage``), the man page (``ManPage``) and
/// the completion scripts (``CompletionScript``) are written from, so none can name an option
/// the others do not.
public enum LaunchFlag: String, CaseIterable, Sendable {
    case api, data, database, dummyJSON, github, githubURL, mealDB, resetEmbedded
    case map, live, timeout, maxResponse
    case open
    case config, readOnly, noMouse, completion, listSources, man, help, version

    /// How an option's value is written and completed.
    public struct Value: Sendable, Equatable {
        /// What completes the value in a shell.
        public enum Completion: Sendable, Equatable {
            /// Nothing to offer (a URL, a number).
            case none
            /// A file name.
            case file
            /// One of these words.
            case words([String])
            /// A deep link: ``LaunchFlag/routeWords``.
            case routes
        }

        /// The value's name in the help (`URL`, `FILE`, `SECONDS`).
        public var name: String
        /// Whether it may be left out (`--mealdb [URL]`): then it is taken only from `--flag=VALUE`
        /// or a following `http://`/`https://` argument.
        public var isOptional = false
        /// What an unusable value should have been, for the error (`a positive number of seconds`).
        public var expected: String?
        /// What completes it.
        public var completion: Completion = .none
    }

    /// The headings the options are grouped under, in order.
    public enum Section: String, CaseIterable, Sendable {
        case sources = "Data sources (default: the embedded data set)"
        case network = "Network options"
        case start = "Start on a screen (Back walks up through its real parents)"
        case other = "Other options"
    }

    /// One option's line in the table.
    public struct Spec: Sendable {
        /// Its spellings, short first (`-h`, `--help`); `open` is a word, not a flag.
        public var names: [String]
        /// Its value, if it takes one.
        public var value: Value?
        /// What it does, in one or two sentences (wrapped by whoever shows it).
        public var summary: String
        /// The heading it is listed under.
        public var section: Section
    }

    /// The shells ``CompletionScript`` writes for.
    public static let shells = ["bash", "zsh", "fish"]

    /// This option's line of the table.
    public var spec: Spec {
        switch self {
        case .api:
            Spec(names: ["--api"], value: Value(name: "URL"),
                 summary: "a JSONPlaceholder-compatible REST API, such as http://127.0.0.1:3000", section: .sources)
        case .data:
            Spec(names: ["--data"], value: Value(name: "FILE", completion: .file),
                 summary: #"a json-server db.json file: {"users": [...], "posts": [...], "comments": [...]} "#
                    + "(or a users…/posts…/comments….json file holding one array)", section: .sources)
        case .database:
            Spec(names: ["--db"], value: Value(name: "DATABASE", expected: "sqlite:PATH, sqlite:PATH?mode=ro or postgres://USER@HOST:PORT/DB"),
                 summary: "a database: sqlite:PATH (a SQLite file, as --data opens it), sqlite:PATH?mode=ro (read-only), postgres://USER@HOST:PORT/DB (a PostgreSQL server; PG* variables and ~/.pgpass as libpq reads them)",
                 section: .sources)
        case .map:
            Spec(names: ["--map"], value: Value(name: "MAPPING", expected: "KIND=TABLE or KIND.FIELD=COLUMN, comma-separated"),
                 summary: "where a database's kinds are when its names are not json-server's: users=accounts,posts=articles,"
                    + "posts.userId=author_id,users.name=display_name", section: .sources)
        case .live:
            Spec(names: ["--live"],
                 summary: "with a PostgreSQL database: rows others change, add or delete show as they happen (LISTEN/NOTIFY; "
                    + "install the change triggers first with bulletin db install-notify URL), and a lost connection is made "
                    + "again by itself", section: .sources)
        case .dummyJSON:
            Spec(names: ["--dummyjson"], value: Value(name: "URL", isOptional: true),
                 summary: "a DummyJSON-compatible REST API (default its public API, \(LaunchOptions.dummyJSONURL))",
                 section: .sources)
        case .github:
            Spec(names: ["--github"], summary: "the GitHub REST API (\(LaunchOptions.githubURL)); GITHUB_TOKEN is sent if set "
                    + "(only to that API's own address, over https or to a loopback address)", section: .sources)
        case .githubURL:
            Spec(names: ["--github-url"], value: Value(name: "URL"),
                 summary: "a GitHub-compatible API, such as GitHub Enterprise's https://host/api/v3", section: .sources)
        case .mealDB:
            Spec(names: ["--mealdb"], value: Value(name: "URL", isOptional: true),
                 summary: "TheMealDB's categories and meals (default its public API, \(LaunchOptions.mealDBURL)); read-only",
                 section: .sources)
        case .resetEmbedded:
            Spec(names: ["--reset-embedded"],
                 summary: "the original embedded data set: the copy with your edits is moved aside "
                    + "(to db.json.before-reset beside it) and the next edit starts a new copy", section: .sources)
        case .timeout:
            Spec(names: ["--timeout"], value: Value(name: "SECONDS", expected: "a positive number of seconds"),
                 summary: "give up on a request after this long (default 15)", section: .network)
        case .maxResponse:
            Spec(names: ["--max-response"], value: Value(name: "MB", expected: "a positive number of megabytes"),
                 summary: "stop reading an answer larger than this many megabytes (default 256)", section: .network)
        case .open:
            Spec(names: ["open"], value: Value(name: "PATH", completion: .routes),
                 summary: "start on the screen at PATH: " + DeepLink.acceptedForms.joined(separator: ", "), section: .start)
        case .config:
            Spec(names: ["--config"], value: Value(name: "FILE", completion: .file),
                 summary: "read the settings (named sources, the default source, colours) from FILE instead of "
                    + "$XDG_CONFIG_HOME/bulletin/config.json (default ~/.config/bulletin/config.json)", section: .other)
        case .readOnly:
            Spec(names: ["--read-only"], summary: "turn every write off (the Admin panel says so)", section: .other)
        case .noMouse:
            Spec(names: ["--no-mouse"], summary: "leave the mouse to the terminal (no click to select, no wheel)",
                 section: .other)
        case .completion:
            Spec(names: ["--completion"],
                 value: Value(name: "SHELL", expected: "one of " + Self.shells.joined(separator: ", "),
                              completion: .words(Self.shells)),
                 summary: "print a completion script for bash, zsh or fish and exit "
                    + "(bash: source <(bulletin --completion bash))", section: .other)
        case .listSources:
            Spec(names: ["--list-sources"], summary: "print the names of the settings file's sources, one a line, "
                    + "and exit (the completion scripts offer them after bulletin)", section: .other)
        case .man:
            Spec(names: ["--man"], summary: "print the manual page (roff) and exit", section: .other)
        case .help:
            Spec(names: ["-h", "--help"], summary: "show this help and exit", section: .other)
        case .version:
            Spec(names: ["--version"], summary: "show the version and exit", section: .other)
        }
    }

    /// The option spelled `name` (`--api`, `-h`, `open`), if there is one.
    public init?(named name: String) {
        guard let flag = Self.allCases.first(where: { $0.spec.names.contains(name) }) else { return nil }
        self = flag
    }

    /// Whether it chooses the data source (two of them cannot be used together).
    public var choosesSource: Bool { spec.section == .sources && self != .map && self != .live }

    /// Whether it prints something and exits instead of starting (`--help`, `--man`): left out
    /// of the synopsis' first line.
    public var exits: Bool { [.completion, .listSources, .man, .help, .version].contains(self) }

    /// Its spellings and value as the help writes them: `-h, --help`, `--api URL`, `--mealdb [URL]`.
    public var label: String {
        let names = spec.names.joined(separator: ", ")
        guard let value = spec.value else { return names }
        return names + " " + (value.isOptional ? "[\(value.name)]" : value.name)
    }

    /// The words that start a deep link in any source's words, for completion: each accepted form
    /// up to its first `ID` (`users/`, `repos/`), `search?q=` for a search.
    public static var routeWords: [String] {
        var words: [String] = []
        for vocabulary in SourceVocabulary.everySource {
            for form in DeepLink.acceptedForms(in: vocabulary) {
                var word = form
                if let id = word.range(of: "ID") { word = String(word[..<id.lowerBound]) }
                if let text = word.range(of: "TEXT") { word = String(word[..<text.lowerBound]) }
                if !words.contains(word) { words.append(word) }
            }
        }
        return words
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters that are in `set`.
    func trimming(_ set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
