import BulletinData
import Foundation

/// The `:` prompt's history, as a shell keeps one: the command lines run, oldest first, at
/// most ``limit``, kept across runs in a file of one line per command
/// (``defaultPath(environment:)``: `$XDG_STATE_HOME/bulletin/command-history`).
///
/// Each run adds to what the file holds when it adds (two Bulletins running at once both keep
/// theirs); a line equal to the newest is not added twice. A file that cannot be read starts an
/// empty history and one that cannot be written keeps the history for this run only: the prompt
/// never fails because of it.
@MainActor
public final class CommandHistory {
    /// Most lines kept; the oldest go first.
    public static let limit = 500

    /// The lines, oldest first.
    public private(set) var entries: [String]
    /// The file the lines are kept in, or `nil` for this run only.
    public let path: String?

    /// - Parameter path: The history file (read now), or `nil` to keep nothing across runs.
    public init(path: String?) {
        self.path = path
        entries = path.map(Self.read) ?? []
    }

    /// `$XDG_STATE_HOME/bulletin/command-history` when `XDG_STATE_HOME` is an absolute path (the
    /// XDG Base Directory spec ignores relative ones), else `$HOME/.local/state/bulletin/command-history`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        BaseDirectory.state.path("command-history", environment: environment)
    }

    /// Adds a line that was run (spaces around it dropped; an empty line or a repeat of the
    /// newest is not added) and writes the file: what it holds now (another run's lines
    /// included), this line, the oldest dropped past ``limit``.
    public func add(_ line: String) {
        let line = line.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, !line.contains(where: \.isNewline) else { return }
        var lines = path.map(Self.read) ?? entries
        if lines.last != line { lines.append(line) }
        entries = Array(lines.suffix(Self.limit))
        if let path { Self.write(entries, to: path) }
    }

    /// The newest line before position `index` (``entries``' count for the newest) that starts
    /// with `prefix`, and its position; `nil` when there is none.
    public func older(than index: Int, prefix: String) -> (index: Int, line: String)? {
        var position = min(index, entries.count) - 1
        while position >= 0 {
            if entries[position].hasPrefix(prefix), entries[position] != prefix { return (position, entries[position]) }
            position -= 1
        }
        return nil
    }

    /// The oldest line after position `index` that starts with `prefix`, and its position; `nil`
    /// when there is none (the prompt then goes back to what was typed).
    public func newer(than index: Int, prefix: String) -> (index: Int, line: String)? {
        var position = max(index + 1, 0)
        while position < entries.count {
            if entries[position].hasPrefix(prefix), entries[position] != prefix { return (position, entries[position]) }
            position += 1
        }
        return nil
    }

    // MARK: - Private

    private static func read(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        return Array(lines.suffix(limit))
    }

    private static func write(_ lines: [String], to path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let text = lines.map { $0 + "\n" }.joined()
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
