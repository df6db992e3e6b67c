import BulletinData
import Foundation

/// What `$XDG_CONFIG_HOME/bulletin/config.json` (or `--config PATH`) holds; every key is optional:
///
/// ```json
/// {
///   "sources": {"work": {"api": "http://127.0.0.1:3000"}, "big": {"data": "~/data/db.json"}},
///   "default": "work",
///   "colors": {"selected": {"fg": 16, "bg": "cyan"}, "header": {"fg": 45, "bold": true}}
/// }
/// ```
/// A source is named by one key, a data source option of the command line without its dashes
/// (``LaunchFlag/configKey``: `api` (or `rest`), `data`, `dummyjson`, `github`, `github-url`,
/// `mealdb`) or `embedded`, whose value is the option's value, or `true` where the option needs
/// none (`"github": true`, `"mealdb": true`). A relative `data` path is read from the settings
/// file's directory; `~/` is the home directory. `bulletin NAME` opens the source named NAME;
/// `default` is the one a run without a source option opens.
public struct Settings: Equatable, Sendable {
    /// One colour role's change (``colors``): each part as written, checked by the theme.
    public struct ColorSetting: Equatable, Sendable {
        /// Text colour: a palette index (`"16"`), a name (`"cyan"`) or `"default"`; `nil` to keep the theme's.
        public var foreground: String?
        /// Background colour, in the same words.
        public var background: String?
        /// Attributes to set (`true`) or clear (`false`); a missing one keeps the theme's.
        public var bold: Bool?, dim: Bool?, reverse: Bool?, underline: Bool?

        /// - Parameters: See the properties.
        public init(foreground: String? = nil, background: String? = nil, bold: Bool? = nil, dim: Bool? = nil,
                    reverse: Bool? = nil, underline: Bool? = nil) {
            self.foreground = foreground
            self.background = background
            self.bold = bold
            self.dim = dim
            self.reverse = reverse
            self.underline = underline
        }
    }

    /// The named sources, in the file's order.
    public var sources: [(name: String, source: LaunchOptions.Source)] = []
    /// The name of the source a run without a source option opens; one of ``sources``.
    public var defaultSource: String?
    /// Changes to the theme by role name (`selected`, `header`, …).
    public var colors: [String: ColorSetting] = [:]

    /// No settings: every key left out.
    public init() {}

    /// The source named `name`, if there is one.
    public func source(named name: String) -> LaunchOptions.Source? {
        sources.first { $0.name == name }?.source
    }

    public static func == (left: Settings, right: Settings) -> Bool {
        left.sources.map(\.name) == right.sources.map(\.name) && left.sources.map(\.source) == right.sources.map(\.source)
            && left.defaultSource == right.defaultSource && left.colors == right.colors
    }

    /// `$XDG_CONFIG_HOME/bulletin/config.json` when `XDG_CONFIG_HOME` is an absolute path (the XDG
    /// Base Directory spec ignores relative ones), else `$HOME/.config/bulletin/config.json`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        BaseDirectory.config.path("config.json", environment: environment)
    }

    /// Reads the settings at `path`. A missing file is no settings, unless `required` (`--config PATH`).
    /// - Returns: The settings, or none and why not (``SettingsError``) when the file cannot be used:
    ///   Bulletin then starts with the defaults and says so.
    public static func load(
        path: String, required: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (settings: Settings, problem: SettingsError?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            guard required || exists else { return (Settings(), nil) }
            return (Settings(), SettingsError(path: path, reason: exists ? "cannot be read" : "no such file"))
        }
        do throws(SettingsError) {
            return (try parse(data, path: path, home: home(environment)), nil)
        } catch {
            return (Settings(), error)
        }
    }

    // MARK: - Private

    private static func home(_ environment: [String: String]) -> String {
        BaseDirectory.userHome(environment: environment)
    }
}

/// Why a settings file is not used, naming the file and, for a syntax error, the line and column:
/// `~/.config/bulletin/config.json:3:14: expected ',' or '}'`.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Where in it, for an error in the JSON text itself.
    public var line: Int?, column: Int?
    /// What is wrong, in words.
    public var reason: String

    /// - Parameters: See the properties.
    public init(path: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.path = path
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `PATH:LINE:COLUMN: reason`, or `PATH: reason` without a position.
    public var description: String {
        let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(path)\(position): \(reason)"
    }
}
