import BulletinData
import Foundation

extension Settings {
    /// The keys a colour role takes, for errors.
    static let colorKeys = ["fg", "bg", "bold", "dim", "reverse", "underline"]

    /// Reads a settings file's text.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - path: The file, for errors and to read a relative `data` path from its directory.
    ///   - home: What `~/` in a path stands for.
    /// - Throws: ``SettingsError``: the line and column of a JSON syntax error, else the key that is
    ///   wrong and why (an unknown key, a value of the wrong type, a `default` naming no source).
    public static func parse(_ data: Data, path: String, home: String = NSHomeDirectory()) throws(SettingsError) -> Settings {
        let document: JSONValue
        do throws(JSONValue.ParseError) {
            document = try JSONValue.parse(data)
        } catch {
            let (line, column) = error.position(in: data)
            throw SettingsError(path: path, line: line, column: column, reason: error.reason)
        }
        func fail(_ reason: String) -> SettingsError { SettingsError(path: path, reason: reason) }
        guard case let .object(members) = document else { throw fail("the settings are not a JSON object") }
        var settings = Settings()
        for member in members {
            switch member.key {
            case "sources":
                guard case let .object(named) = member.value else { throw fail("\"sources\" is not an object of named sources") }
                for entry in named {
                    let source = try source(entry.value, named: entry.key, path: path, home: home)
                    settings.sources.removeAll { $0.name == entry.key }
                    settings.sources.append((entry.key, source))
                }
            case "default":
                guard case let .string(name) = member.value else { throw fail("\"default\" is not the name of a source") }
                settings.defaultSource = name
            case "colors":
                guard case let .object(roles) = member.value else { throw fail("\"colors\" is not an object of colour roles") }
                for role in roles { settings.colors[role.key] = try color(role.value, role: role.key, path: path) }
            default:
                throw fail("unknown key \"\(member.key)\" (keys: sources, default, colors)")
            }
        }
        if let name = settings.defaultSource, settings.source(named: name) == nil {
            throw fail("\"default\" names \"\(name)\", which is not in \"sources\"" + settings.namesSuffix)
        }
        return settings
    }

    /// ` (sources: work, big)`, or nothing when there are none.
    var namesSuffix: String {
        sources.isEmpty ? "" : " (sources: " + sources.map(\.name).joined(separator: ", ") + ")"
    }

    /// One named source: `{"api": "http://…"}`, `{"github": true}`, `{"embedded": true}`.
    private static func source(_ value: JSONValue, named name: String, path: String, home: String) throws(SettingsError)
        -> LaunchOptions.Source
    {
        let keys = (LaunchFlag.configurableSources.map { $0.configKey } + ["rest", "embedded"]).joined(separator: ", ")
        func fail(_ reason: String) -> SettingsError { SettingsError(path: path, reason: "source \"\(name)\": " + reason) }
        guard case let .object(members) = value, members.count == 1, let member = members.first else {
            throw fail("give one of \(keys), such as {\"api\": \"http://127.0.0.1:3000\"}")
        }
        if member.key == "embedded" {
            guard member.value == .bool(true) else { throw fail("\"embedded\" takes true") }
            return .embedded
        }
        let key = member.key == "rest" ? "api" : member.key
        guard let flag = LaunchFlag.configurableSources.first(where: { $0.configKey == key }) else {
            throw fail("unknown kind \"\(member.key)\" (kinds: \(keys))")
        }
        let takes = flag.spec.value
        switch member.value {
        case let .string(text) where flag == .database:
            switch LaunchOptions.database(text) {
            case let .sqlite(file, readOnly)?: return .sqlite(path: resolvePath(file, beside: path, home: home), readOnly: readOnly)
            case let .postgres(url)?: return .postgres(url)
            default: throw fail("\"db\" takes \(flag.spec.value?.expected ?? "a database URL"), not \"\(text)\"")
            }
        case let .string(text) where takes != nil && !text.isEmpty:
            let resolved = flag == .data ? resolvePath(text, beside: path, home: home) : text
            return LaunchOptions.source(for: flag, value: resolved)
        case .bool(true) where takes == nil || takes?.isOptional == true:
            return LaunchOptions.source(for: flag, value: nil)
        default:
            let wanted = takes.map { ($0.isOptional ? "true or " : "") + "a \($0.name)" } ?? "true"
            throw fail("\"\(member.key)\" takes \(wanted)")
        }
    }

    /// A `data` path: `~/` from the home directory, a relative one from the settings file's directory.
    private static func resolvePath(_ text: String, beside settingsPath: String, home: String) -> String {
        if text.hasPrefix("~/") { return home + text.dropFirst() }
        if text.hasPrefix("/") { return text }
        return URL(fileURLWithPath: settingsPath).deletingLastPathComponent().appendingPathComponent(text).path
    }

    /// One colour role: `{"fg": 16, "bg": "cyan", "bold": true}`.
    private static func color(_ value: JSONValue, role: String, path: String) throws(SettingsError) -> ColorSetting {
        func fail(_ reason: String) -> SettingsError { SettingsError(path: path, reason: "colors.\(role): " + reason) }
        guard case let .object(members) = value else {
            throw fail("give an object of \(colorKeys.joined(separator: ", ")), such as {\"fg\": 16, \"bold\": true}")
        }
        var setting = ColorSetting()
        for member in members {
            switch (member.key, member.value) {
            case let ("fg", .number(text)), let ("fg", .string(text)): setting.foreground = text
            case let ("bg", .number(text)), let ("bg", .string(text)): setting.background = text
            case let ("bold", .bool(on)): setting.bold = on
            case let ("dim", .bool(on)): setting.dim = on
            case let ("reverse", .bool(on)): setting.reverse = on
            case let ("underline", .bool(on)): setting.underline = on
            case ("fg", _), ("bg", _): throw fail("\"\(member.key)\" takes a colour: 0–255, a name such as \"cyan\", or \"default\"")
            case _ where colorKeys.contains(member.key): throw fail("\"\(member.key)\" takes true or false")
            default: throw fail("unknown key \"\(member.key)\" (keys: \(colorKeys.joined(separator: ", ")))")
            }
        }
        return setting
    }
}

extension LaunchFlag {
    /// The data source options a settings file can name (all but `--reset-embedded`).
    public static var configurableSources: [LaunchFlag] { allCases.filter { $0.choosesSource && $0 != .resetEmbedded } }

    /// The option's name in a settings file: without its dashes (`github-url`).
    public var configKey: String { String(spec.names[spec.names.count - 1].drop { $0 == "-" }) }
}
