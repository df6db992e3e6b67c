/// The words `--help` and the man page share: the synopsis and the option list come from the
/// table (``LaunchFlag``), the paragraphs around them are written here once.
extension LaunchOptions {
    /// What Bulletin is, in one sentence.
    public static let summary = "Browse users, their posts and the posts' comments from the keyboard."

    /// Where edits go.
    public static let editsText = """
        Edits are saved where the data lives: --data FILE atomically (FILE.bak keeps the previous \
        version); --api URL by POST, PATCH of the changed fields (PUT where PATCH is refused) and \
        DELETE; the embedded data set in a copy at $XDG_DATA_HOME/bulletin/db.json (default \
        ~/.local/share/bulletin/db.json), which later runs open, with your edits (Home says so; \
        --reset-embedded goes back to the original set). GitHub, DummyJSON and TheMealDB are read-only.
        """

    /// The keys a newcomer needs first (`?` lists every key of a screen).
    public static let keysText = """
        ↑/↓ or k/j move, PgUp/PgDn page, Home/End, Enter open, r reload, \
        Esc/Left/Backspace back, q or Ctrl-C quit, \
        s on Home search, : commands (users, posts, admin, home, open PATH, \
        search TEXT, q; Tab completes), ? every key of the screen.
        """

    /// A source of the settings file, named on the command line (`bulletin work`): not an
    /// option, so not in the table; listed with the data sources.
    public static let namedSource = (label: "NAME", summary: "the source named NAME in the settings file "
        + "($XDG_CONFIG_HOME/bulletin/config.json, or --config FILE); without a source option, its \"default\"")

    /// The options of the synopsis' first line, as the help writes them: the sources as one
    /// choice, then each other option in brackets (`[--timeout SECONDS]`).
    /// `open PATH` comes last. Each part is where a line may break: `[--api URL`, `| --data FILE`, ….
    public static var synopsisParts: [String] {
        let flags = LaunchFlag.allCases.filter { !$0.exits && $0 != .open } + [.open]
        var sources = flags.filter(\.choosesSource).map { "| " + $0.label } + ["| " + namedSource.label]
        sources[0] = "[" + sources[0].dropFirst(2)
        sources[sources.count - 1] += "]"
        return sources + flags.filter { !$0.choosesSource }.map { "[\($0.label)]" }
    }

    /// The synopsis' second line: the options that print and exit, as one choice.
    public static var exitingParts: String {
        LaunchFlag.allCases.filter(\.exits).map(\.label).joined(separator: " | ")
    }

    /// The text `--help` prints.
    public static var usage: String {
        let width = 100
        var lines = wrap(["Usage: bulletin"] + synopsisParts, width: width, indent: 16)
        lines += ["       bulletin " + exitingParts] + DatabaseCommand.usageLines + ["", summary]
        for section in LaunchFlag.Section.allCases {
            lines += ["", section.rawValue + ":"]
            for flag in LaunchFlag.allCases where flag.spec.section == section {
                lines += entry(flag.label, flag.spec.summary, width: width)
            }
            if section == .sources { lines += entry(namedSource.label, namedSource.summary, width: width) }
        }
        lines += [""] + wrap(editsText.split(separator: " ").map(String.init), width: width, indent: 0)
        lines += [""] + wrap(["Keys:"] + keysText.split(separator: " ").map(String.init), width: width, indent: 6)
        return lines.joined(separator: "\n")
    }

    /// The column the option descriptions start in.
    static let descriptionColumn = 21

    /// One option of the help: its label, then its summary wrapped at ``descriptionColumn``
    /// (on the same line when the label leaves room).
    private static func entry(_ label: String, _ summary: String, width: Int) -> [String] {
        let label = "  " + label
        var words = summary.split(separator: " ").map(String.init)
        let pad = descriptionColumn - label.count
        let first = pad >= 2 ? label + String(repeating: " ", count: pad) : label + "  "
        words[0] = first + words[0]
        return wrap(words, width: width, indent: descriptionColumn)
    }

    /// `words` in lines of at most `width` characters (a longer word stands alone), every line
    /// after the first indented by `indent` spaces.
    static func wrap(_ words: [String], width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = lines.isEmpty ? word : String(repeating: " ", count: indent) + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
