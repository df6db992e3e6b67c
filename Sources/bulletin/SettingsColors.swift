import BulletinFeatures
import TermView

/// The settings file's `colors` as changes to the theme (``Theme/changing(_:)``).
enum SettingsColors {
    /// `colors` by ``Style`` (its raw value is the role's name in the file).
    /// - Throws: ``SettingsError`` naming an unknown role or a colour that is not one (at `path`).
    static func changes(_ colors: [String: Settings.ColorSetting], path: String) throws(SettingsError) -> [Style: LookChange] {
        var changes: [Style: LookChange] = [:]
        for (role, setting) in colors.sorted(by: { $0.key < $1.key }) {
            guard let style = Style(rawValue: role) else {
                let roles = Style.allCases.map(\.rawValue).joined(separator: ", ")
                throw SettingsError(path: path, reason: "colors: unknown role \"\(role)\" (roles: \(roles))")
            }
            changes[style] = LookChange(
                foreground: try color(setting.foreground, "colors.\(role).fg", path),
                background: try color(setting.background, "colors.\(role).bg", path),
                bold: setting.bold, dim: setting.dim, reverse: setting.reverse, underline: setting.underline)
        }
        return changes
    }

    private static func color(_ text: String?, _ key: String, _ path: String) throws(SettingsError) -> ThemeColor? {
        guard let text else { return nil }
        guard let color = ThemeColor(setting: text) else {
            let names = ThemeColor.names.joined(separator: ", ")
            throw SettingsError(path: path, reason: "\(key): \"\(text)\" is not a colour (0–255, \(names) or default)")
        }
        return color
    }
}
