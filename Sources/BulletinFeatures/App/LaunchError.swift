import BulletinData

/// A command line that cannot be followed; `description` is one line for stderr.
public enum LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownArgument(String)
    case missingValue(String)
    case conflictingSources(String, String)
    /// `open PATH` with a path that is not a deep link.
    case badLink(String, DeepLinkError)
    /// The flag and the value it cannot use (`--timeout abc`, `--max-response 0`).
    case invalidValue(String, String)
    /// `bulletin NAME` with a name the settings file does not have; the names it has.
    case unknownSource(String, known: [String])
    /// `--map` with an item that cannot be read.
    case badMapping(SQLMappingError)
    /// `--live` with a source other than a PostgreSQL database (the one source that can watch).
    case liveNeedsPostgres
    /// `bulletin db …` given something other than a PostgreSQL database (what, and the value).
    case notPostgres(String, String)

    public var description: String {
        switch self {
        case let .unknownArgument(argument): "unknown argument '\(argument)' (see --help)"
        case let .missingValue(flag): "\(flag) needs a value (see --help)"
        case let .conflictingSources(first, second): "\(first) and \(second) cannot be used together"
        case let .badLink(path, error):
            "cannot open '\(path)': \(error.reason)\naccepted forms: \(DeepLink.acceptedForms.joined(separator: ", "))"
        case let .unknownSource(name, known):
            "no source named '\(name)'" + (known.isEmpty ? " (the settings name none; see --help)"
                : " (the settings name \(known.joined(separator: ", ")))")
        case let .badMapping(error): "\(error)"
        case let .notPostgres(command, value):
            "\(command) needs a PostgreSQL database (postgres://USER@HOST:PORT/DB, or libpq's host=… dbname=… pairs), not '\(value)'"
        case .liveNeedsPostgres:
            "--live needs a PostgreSQL database (--db postgres://USER@HOST:PORT/DB): only it tells Bulletin of others' changes"
        case let .invalidValue(flag, value):
            "\(flag) needs \(LaunchFlag(named: flag)?.spec.value?.expected ?? "another value"), not '\(value)'"
        }
    }
}
