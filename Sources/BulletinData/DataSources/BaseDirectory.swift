import Foundation

/// The XDG Base Directory specification's homes (https://specifications.freedesktop.org/basedir-spec/latest/):
/// where Bulletin keeps what it writes of its own, each under a `bulletin/` folder.
public enum BaseDirectory: String, Sendable {
    /// `$XDG_DATA_HOME`, default `~/.local/share`: the embedded set's edited copy.
    case data = "XDG_DATA_HOME"
    /// `$XDG_STATE_HOME`, default `~/.local/state`: the `:` prompt's history.
    case state = "XDG_STATE_HOME"
    /// `$XDG_CONFIG_HOME`, default `~/.config`: the settings file.
    case config = "XDG_CONFIG_HOME"

    /// The default below `$HOME` when the variable is unset or not absolute.
    var fallback: String {
        switch self {
        case .data: ".local/share"
        case .state: ".local/state"
        case .config: ".config"
        }
    }

    /// `name` inside this home's `bulletin/` folder: the variable's value when it is an absolute
    /// path (the spec ignores relative ones), else `$HOME` (or the account's home) and the default.
    public func path(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home: String
        if let value = environment[rawValue], value.hasPrefix("/") {
            home = value
        } else {
            home = Self.userHome(environment: environment) + "/" + fallback
        }
        return home + "/bulletin/" + name
    }

    /// `$HOME` when set and not empty, else the account's home directory.
    public static func userHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}
