import BulletinData

/// What the command line asked for: which data source to browse, or help.
///
/// Parsed by the option table, ``LaunchFlag`` (which `--help`, the man page and the completion
/// scripts are written from too): `bulletin [--api URL | --data FILE | …] [--timeout SECONDS] …
/// [open PATH]`; both `--api URL` and `--api=URL` forms work. `--mealdb` and `--dummyjson` take
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
        /// A SQLite database file (`--db sqlite:PATH`), read-only with `?mode=ro`.
        case sqlite(path: String, readOnly: Bool)
        /// A PostgreSQL database (`--db postgres://USER@HOST:PORT/DB`, or `postgresql://`): the
        /// connection string as given, read by libpq (which also reads `PG*` and `~/.pgpass`).
        case postgres(String)
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
    /// `--map`: where a database's kinds are (``SQLMapping``), as written; `nil` for the conventions.
    public var map: String?
    /// `--live`: show others' changes to a PostgreSQL database as they happen.
    public var live = false
    /// Whether to set the embedded set's copy with earlier edits aside and start from the
    /// original (`--reset-embedded`, which chooses the embedded set).
    public var resetsEmbedded = false
    /// The settings file to read instead of the default one (`--config PATH`).
    public var configPath: String?
    /// The source of the settings file named on the command line (`bulletin work`), as written.
    public var sourceName: String?
    /// The deep link of `open PATH`, as written (``link`` once read).
    public var linkPath: String?
    /// Whether a source option was given (then the settings' `default` is not used).
    var choseSource = false
    /// Whether to print the settings file's source names and exit (`--list-sources`).
    public var listsSources = false
    /// Whether to print the manual page and exit (`--man`).
    public var showsManPage = false
    /// The shell whose completion script to print before exiting (`--completion SHELL`), if asked.
    public var completionShell: String?

    public init(source: Source = .embedded, showsHelp: Bool = false, showsVersion: Bool = false, timeout: Double? = nil) {
        self.source = source
        self.showsHelp = showsHelp
        self.showsVersion = showsVersion
        self.timeout = timeout
    }

    /// Equal when they ask for the same run: the source, the link, every option; not how they
    /// were written (``linkPath``, whether the source came from an option).
    public static func == (left: LaunchOptions, right: LaunchOptions) -> Bool {
        left.source == right.source && left.showsHelp == right.showsHelp && left.showsVersion == right.showsVersion
            && left.link == right.link && left.timeout == right.timeout && left.maxResponseMB == right.maxResponseMB
            && left.usesMouse == right.usesMouse && left.readOnly == right.readOnly
            && left.resetsEmbedded == right.resetsEmbedded && left.showsManPage == right.showsManPage
            && left.completionShell == right.completionShell && left.listsSources == right.listsSources && left.configPath == right.configPath
            && left.sourceName == right.sourceName && left.live == right.live && left.map == right.map
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// Parses the arguments after the program name, then applies `settings` (``apply(_:)``).
    /// - Throws: ``LaunchError`` naming the unknown option, the option missing its value, the
    ///   conflict when two sources are given, a source name the settings do not have, or a bad link.
    public static func parse(_ arguments: [String], settings: Settings = Settings()) throws(LaunchError) -> LaunchOptions {
        var options = try scan(arguments)
        try options.apply(settings)
        return options
    }

    /// Reads the options; a source name (`bulletin work`) and `open PATH` are kept as written
    /// (``sourceName``, ``linkPath``) until ``apply(_:)`` knows the settings, which say what the
    /// name is and so in whose words the path is.
    /// - Throws: ``LaunchError`` as ``parse(_:settings:)``, but for names and links.
    public static func scan(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var sourceFlag: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            guard let flag = LaunchFlag(named: name) else {
                // A bare word names a source of the settings file (one, before any flag's value).
                guard !argument.hasPrefix("-"), options.sourceName == nil, !argument.isEmpty else {
                    throw .unknownArgument(argument)
                }
                if let sourceFlag { throw .conflictingSources(sourceFlag, argument) }
                sourceFlag = argument
                options.sourceName = argument
                continue
            }
            if flag.choosesSource {
                if let sourceFlag { throw .conflictingSources(sourceFlag, name) }
                sourceFlag = name
            }
            let value = try value(of: flag, named: name, inline: inlineValue, remaining: &remaining)
            switch flag {
            case .help: options.showsHelp = true
            case .version: options.showsVersion = true
            case .man: options.showsManPage = true
            case .listSources: options.listsSources = true
            case .noMouse: options.usesMouse = false
            case .readOnly: options.readOnly = true
            case .live: options.live = true
            case .api, .data, .githubURL, .github, .mealDB, .dummyJSON:
                options.source = source(for: flag, value: value)
                options.choseSource = true
            case .database:
                // A value not understood is echoed without any password it holds.
                guard let value, let source = Self.database(value) else { throw .invalidValue(name, PostgresURL.redacted(value ?? "")) }
                options.source = source
                options.choseSource = true
            case .map:
                guard let value else { throw .missingValue(name) }
                do throws(SQLMappingError) { _ = try SQLMapping(parsing: value) } catch { throw .badMapping(error) }
                options.map = value
            case .resetEmbedded:
                options.source = .embedded
                options.choseSource = true
                options.resetsEmbedded = true
            case .config: options.configPath = value
            case .open:
                guard options.linkPath == nil else { throw .unknownArgument(argument) }
                options.linkPath = value
            case .completion:
                guard let value, LaunchFlag.shells.contains(value) else { throw .invalidValue(name, value ?? "") }
                options.completionShell = value
            case .timeout:
                guard let value, let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw .invalidValue(name, value ?? "")
                }
                options.timeout = seconds
            case .maxResponse:
                guard let value, let megabytes = Double(value), megabytes > 0, megabytes.isFinite,
                      megabytes * 1_048_576 < Double(Int.max / 2) else {
                    throw .invalidValue(name, value ?? "")
                }
                options.maxResponseMB = megabytes
            }
        }
        return options
    }

    /// Applies the settings file: the source ``sourceName`` names (`bulletin work`), else its
    /// `default` when no source option was given; then reads ``linkPath`` in that source's words.
    /// - Throws: ``LaunchError/unknownSource(_:known:)`` for a name the settings do not have;
    ///   ``LaunchError/badLink(_:_:)``.
    public mutating func apply(_ settings: Settings) throws(LaunchError) {
        if let sourceName {
            guard let named = settings.source(named: sourceName) else {
                throw .unknownSource(sourceName, known: settings.sources.map(\.name))
            }
            source = named
        } else if !choseSource, let name = settings.defaultSource, let named = settings.source(named: name) {
            source = named
        }
        if live, case .postgres = source {} else if live { throw .liveNeedsPostgres }
        if let linkPath {
            // Read once the source is known: the path is in the chosen source's words.
            do throws(DeepLinkError) {
                link = try DeepLink.parse(linkPath, vocabulary: source.vocabulary)
            } catch {
                throw .badLink(linkPath, error)
            }
        }
    }

    /// The source a data source option chooses with `value` (its URL or path; `nil` for the
    /// default of an option whose value is optional, or that takes none).
    static func source(for flag: LaunchFlag, value: String?) -> Source {
        switch flag {
        case .api: .api(value ?? "")
        case .data: .file(value ?? "")
        case .database: database(value ?? "") ?? .file(value ?? "")   // callers check the URL first (``database(_:)``)
        case .githubURL: .github(value ?? "")
        case .github: .github(githubURL)
        case .mealDB: .mealDB(value ?? mealDBURL)
        case .dummyJSON: .dummyJSON(value ?? dummyJSONURL)
        default: .embedded
        }
    }

    /// The source `--db URL` names: `sqlite:PATH` (also `sqlite://PATH`), read-only with
    /// `?mode=ro` (`?mode=rw` is the default); a `postgres://` or `postgresql://` URL as given;
    /// `nil` for any other scheme or an empty path.
    static func database(_ url: String) -> Source? {
        if PostgresURL.isPostgres(url) { return .postgres(url) }
        guard url.lowercased().hasPrefix("sqlite:") else { return nil }
        var rest = String(url.dropFirst("sqlite:".count))
        if rest.hasPrefix("//") { rest.removeFirst(2) }
        var readOnly = false
        if let question = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: question)...].split(separator: "&")
            rest = String(rest[..<question])
            for item in query {
                switch item.lowercased() {
                case "mode=ro": readOnly = true
                case "mode=rw": readOnly = false
                default: return nil
                }
            }
        }
        return rest.isEmpty ? nil : .sqlite(path: rest, readOnly: readOnly)
    }

    /// The value `flag` takes (spelled `name`): `--flag=VALUE` or the next argument; an optional
    /// one (`--mealdb [URL]`) only from `=` or a following http(s) URL; `nil` for a flag without one.
    /// - Throws: ``LaunchError/missingValue(_:)`` (``LaunchError/badLink(_:_:)`` for `open`)
    ///   when a required value is missing or empty, or an optional one is empty after `=`;
    ///   ``LaunchError/unknownArgument(_:)`` for `--flag=VALUE` on a flag without a value.
    private static func value(
        of flag: LaunchFlag, named name: String, inline: String?, remaining: inout ArraySlice<String>
    ) throws(LaunchError) -> String? {
        guard let spec = flag.spec.value else {
            if let inline { throw .unknownArgument(name + "=" + inline) }
            return nil
        }
        if spec.isOptional {
            if inline?.isEmpty == true { throw .missingValue(name) }
            if inline == nil, let next = remaining.first, isWebURL(next) { return remaining.popFirst() }
            return inline
        }
        guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
            throw flag == .open ? .badLink("", .empty) : .missingValue(name)
        }
        return value
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

extension LaunchOptions.Source {
    /// The words of the source this will open (``DataSource/vocabulary``), known before it is
    /// built, so `open PATH` is read in them (`users/dstufft/repos/xmlrpc2` with `--github`).
    public var vocabulary: SourceVocabulary { kind.declaration.vocabulary }
}
