import BulletinData

/// What the command line asked for: which data source to browse, or help.
///
/// Parsed from `bulletin [--api URL | --data FILE | --dummyjson [URL] | --github | --github-url URL |
/// --mealdb [URL]] [--timeout SECONDS] [--max-response MB] [--read-only] [--no-mouse] [open PATH] [--help]
/// [--version]`; both `--api URL` and `--api=URL` forms work. `--mealdb` and `--dummyjson` take
/// the next argument as their URL only when it is an `http://` or `https://` URL (else their
/// public API: ``mealDBURL``, ``dummyJSONURL``).
public struct LaunchOptions: Equatable, Sendable {
    /// Where the data comes from.
    public enum Source: Equatable, Sendable {
        /// The data set shipped inside the binary.
        case embedded
        /// A JSONPlaceholder-compatible REST API at this base URL.
        case api(String)
        /// A json-server `db.json` file at this path.
        case file(String)
        /// A DummyJSON-compatible REST API at this base URL.
        case dummyJSON(String)
        /// The GitHub REST API at this base URL (`https://api.github.com` for `--github`).
        case github(String)
        /// TheMealDB's v1 API at this base URL (``LaunchOptions/mealDBURL`` for a bare `--mealdb`).
        case mealDB(String)
    }

    /// The API `--github` reads.
    public static let githubURL = "https://api.github.com"

    /// The API a bare `--mealdb` reads: TheMealDB's public v1 base with its test key `1`.
    public static let mealDBURL = "https://www.themealdb.com/api/json/v1/1"
    /// The API a bare `--dummyjson` reads: DummyJSON's public address.
    public static let dummyJSONURL = "https://dummyjson.com"

    public var source: Source = .embedded
    public var showsHelp = false
    public var showsVersion = false
    /// The screen to start on, from `bulletin open PATH`; `nil` starts on Home.
    public var link: DeepLink?
    /// The per-request network timeout in seconds (`--timeout`); `nil` for the default.
    public var timeout: Double?
    /// The most megabytes (1,048,576 bytes) one response body may have (`--max-response`); `nil` for
    /// the default, 256.
    public var maxResponseMB: Double?
    /// Whether the terminal should report mouse clicks and the wheel (`--no-mouse` turns it off).
    public var usesMouse = true
    /// Whether every write is refused (`--read-only`), whatever the source.
    public var readOnly = false

    public init(source: Source = .embedded, showsHelp: Bool = false, showsVersion: Bool = false, timeout: Double? = nil) {
        self.source = source
        self.showsHelp = showsHelp
        self.showsVersion = showsVersion
        self.timeout = timeout
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The text `--help` prints.
    public static let usage = """
        Usage: bulletin [--api URL | --data FILE | --dummyjson [URL] | --github | --github-url URL |
                         --mealdb [URL]] [--timeout SECONDS] [--max-response MB] [--read-only]
                        [--no-mouse] [open PATH]

        Browse users, their posts and the posts' comments from the keyboard.

        Data sources (default: the embedded data set):
          --api URL      a JSONPlaceholder-compatible REST API, such as http://127.0.0.1:3000
          --data FILE    a json-server db.json file: {"users": [...], "posts": [...], "comments": [...]}
                         (or a users…/posts…/comments….json file holding one array)
          --dummyjson [URL]  a DummyJSON-compatible REST API (default its public API,
                         https://dummyjson.com)
          --github       the GitHub REST API (https://api.github.com); GITHUB_TOKEN is sent if set
                         (only to that API's own address, over https or to a loopback address)
          --github-url URL  a GitHub-compatible API, such as GitHub Enterprise's https://host/api/v3
          --mealdb [URL] TheMealDB's categories and meals (default its public API,
                         https://www.themealdb.com/api/json/v1/1); read-only

        Edits are saved where the data lives: --data FILE atomically (FILE.bak keeps the previous
        version); --api URL by POST, PATCH of the changed fields (PUT where PATCH is refused) and
        DELETE; the embedded data set in a copy at $XDG_DATA_HOME/bulletin/db.json (default
        ~/.local/share/bulletin/db.json), which later runs open with
        --data ~/.local/share/bulletin/db.json. GitHub, DummyJSON and TheMealDB are read-only.

        Network options:
          --timeout SECONDS  give up on a request after this long (default 15)
          --max-response MB  stop reading an answer larger than this many megabytes (default 256)

        Start on a screen (Back walks up through its real parents):
          open PATH      home, users, users/ID, users/ID/posts/ID, posts, posts/ID, admin, search?q=TEXT

        Other options:
          --read-only    turn every write off (the Admin panel says so)
          --no-mouse     leave the mouse to the terminal (no click to select, no wheel)
          -h, --help     show this help and exit
          --version      show the version and exit

        Keys: ↑/↓ or k/j move, PgUp/PgDn page, Home/End, Enter open, r reload,
              Esc/Left/Backspace back, q or Ctrl-C quit,
              s on Home search, : commands (users, posts, admin, home, open PATH,
              search TEXT, q; Tab completes).
        """

    /// Parses the arguments after the program name.
    /// - Throws: ``LaunchError`` naming the unknown option, the option missing its value, or
    ///   the conflict when two sources are given.
    public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var sourceFlag: String?
        var remaining = arguments[...]
        var linkPath: String?
        while let argument = remaining.popFirst() {
            let (flag, inlineValue) = split(argument)
            switch flag {
            case "-h", "--help": options.showsHelp = true
            case "--version": options.showsVersion = true
            case "--no-mouse": options.usesMouse = false
            case "--read-only": options.readOnly = true
            case "--api", "--data", "--github-url":
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
                    throw .missingValue(flag)
                }
                if let sourceFlag { throw .conflictingSources(sourceFlag, flag) }
                sourceFlag = flag
                options.source = source(flag, value)
            case "open":
                guard linkPath == nil, let path = remaining.popFirst() else {
                    throw linkPath == nil ? .badLink("", .empty) : .unknownArgument(argument)
                }
                linkPath = path
            case "--github":
                if let sourceFlag { throw .conflictingSources(sourceFlag, flag) }
                sourceFlag = flag
                options.source = .github(githubURL)
            case "--mealdb", "--dummyjson":
                // The URL is optional: the public API when no http(s) URL follows.
                if let sourceFlag { throw .conflictingSources(sourceFlag, flag) }
                sourceFlag = flag
                if inlineValue?.isEmpty == true { throw .missingValue(flag) }
                var url = inlineValue ?? (flag == "--mealdb" ? mealDBURL : dummyJSONURL)
                if inlineValue == nil, let next = remaining.first, isWebURL(next) {
                    url = next
                    remaining = remaining.dropFirst()
                }
                options.source = flag == "--mealdb" ? .mealDB(url) : .dummyJSON(url)
            case "--timeout":
                let value = inlineValue ?? remaining.popFirst()
                guard let value, !value.isEmpty else { throw .missingValue(flag) }
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw .invalidValue(flag, value)
                }
                options.timeout = seconds
            case "--max-response":
                let value = inlineValue ?? remaining.popFirst()
                guard let value, !value.isEmpty else { throw .missingValue(flag) }
                guard let megabytes = Double(value), megabytes > 0, megabytes.isFinite,
                      megabytes * 1_048_576 < Double(Int.max / 2) else {
                    throw .invalidValue(flag, value)
                }
                options.maxResponseMB = megabytes
            default:
                throw .unknownArgument(argument)
            }
        }
        if let linkPath {
            // Read once every flag is known: the path is in the chosen source's words.
            do throws(DeepLinkError) {
                options.link = try DeepLink.parse(linkPath, vocabulary: options.source.vocabulary)
            } catch {
                throw .badLink(linkPath, error)
            }
        }
        return options
    }

    private static func source(_ flag: String, _ value: String) -> Source {
        switch flag {
        case "--api": .api(value)
        case "--github-url": .github(value)
        default: .file(value)
        }
    }

    /// Whether `text` starts with `http://` or `https://` (any case): what `--mealdb` takes as its URL.
    private static func isWebURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// A command line that cannot be followed; `description` is one line for stderr.
public enum LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownArgument(String)
    case missingValue(String)
    case conflictingSources(String, String)
    /// `open PATH` with a path that is not a deep link.
    case badLink(String, DeepLinkError)
    /// The flag and the value it cannot use (`--timeout abc`, `--max-response 0`).
    case invalidValue(String, String)

    public var description: String {
        switch self {
        case let .unknownArgument(argument): "unknown argument '\(argument)' (see --help)"
        case let .missingValue(flag): "\(flag) needs a value (see --help)"
        case let .conflictingSources(first, second): "\(first) and \(second) cannot be used together"
        case let .badLink(path, error):
            "cannot open '\(path)': \(error.reason)\naccepted forms: \(DeepLink.acceptedForms.joined(separator: ", "))"
        case let .invalidValue(flag, value):
            "\(flag) needs a positive number of \(flag == "--max-response" ? "megabytes" : "seconds"), not '\(value)'"
        }
    }
}

extension LaunchOptions.Source {
    /// The words of the source this will open (``DataSource/vocabulary``), known before it is
    /// built, so `open PATH` is read in them (`users/dstufft/repos/xmlrpc2` with `--github`).
    public var vocabulary: SourceVocabulary { kind.declaration.vocabulary }
}
