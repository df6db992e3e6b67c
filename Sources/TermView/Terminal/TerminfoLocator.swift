import Foundation

/// Finds compiled terminfo entries on disk without starting ncurses, so a `TERM` with no
/// entry is refused before anything touches the terminal.
///
/// Follows the search order of `terminfo(5)` / ncurses: `$TERMINFO`, `$HOME/.terminfo`, the
/// directories of `$TERMINFO_DIRS` (an empty element means the defaults), then `/etc/terminfo`,
/// `/lib/terminfo`, `/usr/share/terminfo`, `/usr/lib/terminfo`. An entry for `xterm` lives in
/// `x/xterm` or, on hashed-directory systems, `78/xterm`.
public enum TerminfoLocator {
    /// The standard system directories, searched last.
    static let systemDirectories = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]

    /// Directories to search, in order, for `environment`.
    public static func searchDirectories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let explicit = environment["TERMINFO"], !explicit.isEmpty { directories.append(explicit) }
        if let home = environment["HOME"], !home.isEmpty { directories.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] {
            for element in list.split(separator: ":", omittingEmptySubsequences: false) {
                directories += element.isEmpty ? systemDirectories : [String(element)]
            }
        }
        return directories + systemDirectories
    }

    /// Whether a compiled entry for `term` exists in one of the search directories.
    /// - Parameters:
    ///   - term: A terminal name such as `xterm-256color`; names with `/` are never found.
    ///   - environment: The process environment.
    ///   - fileExists: Checks a path (injected for tests).
    public static func hasEntry(for term: String, environment: [String: String],
                                fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> Bool {
        guard let first = term.unicodeScalars.first, !term.contains("/") else { return false }
        let letter = String(first)
        let hex = String(format: "%02x", first.value)
        return searchDirectories(environment: environment).contains { directory in
            fileExists("\(directory)/\(letter)/\(term)") || fileExists("\(directory)/\(hex)/\(term)")
        }
    }
}
