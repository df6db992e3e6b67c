/// What the command line asked for: which data source to browse, or help.
///
/// Parsed from `bulletin [--api URL | --data FILE] [--help] [--version]`; both
/// `--api URL` and `--api=URL` forms work.
public struct LaunchOptions: Equatable, Sendable {
    /// Where the data comes from.
    public enum Source: Equatable, Sendable {
        /// The data set shipped inside the binary.
        case embedded
        /// A JSONPlaceholder-compatible REST API at this base URL.
        case api(String)
        /// A json-server `db.json` file at this path.
        case file(String)
    }

    public var source: Source = .embedded
    public var showsHelp = false
    public var showsVersion = false
    /// Whether the terminal should report mouse clicks and the wheel (`--no-mouse` turns it off).
    public var usesMouse = true

    public init(source: Source = .embedded, showsHelp: Bool = false, showsVersion: Bool = false) {
        self.source = source
        self.showsHelp = showsHelp
        self.showsVersion = showsVersion
    }

    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The text `--help` prints.
    public static let usage = """
        Usage: bulletin [--api URL | --data FILE] [--no-mouse]

        Browse users, their posts and the posts' comments from the keyboard.

        Data sources (default: the embedded data set):
          --api URL      a JSONPlaceholder-compatible REST API, such as http://127.0.0.1:3000
          --data FILE    a json-server db.json file: {"users": [...], "posts": [...], "comments": [...]}

        Other options:
          --no-mouse     leave the mouse to the terminal (no click to select, no wheel)
          -h, --help     show this help and exit
          --version      show the version and exit

        Keys: ↑/↓ or k/j move, PgUp/PgDn page, Home/End, Enter open, r reload,
              Esc/Left/Backspace back, q or Ctrl-C quit.
        """

    /// Parses the arguments after the program name.
    /// - Throws: ``LaunchError`` naming the unknown option, the option missing its value, or
    ///   the conflict when two sources are given.
    public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var sourceFlag: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (flag, inlineValue) = split(argument)
            switch flag {
            case "-h", "--help": options.showsHelp = true
            case "--version": options.showsVersion = true
            case "--no-mouse": options.usesMouse = false
            case "--api", "--data":
                guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
                    throw .missingValue(flag)
                }
                if let sourceFlag { throw .conflictingSources(sourceFlag, flag) }
                sourceFlag = flag
                options.source = flag == "--api" ? .api(value) : .file(value)
            default:
                throw .unknownArgument(argument)
            }
        }
        return options
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

    public var description: String {
        switch self {
        case let .unknownArgument(argument): "unknown argument '\(argument)' (see --help)"
        case let .missingValue(flag): "\(flag) needs a value (see --help)"
        case let .conflictingSources(first, second): "\(first) and \(second) cannot be used together"
        }
    }
}
