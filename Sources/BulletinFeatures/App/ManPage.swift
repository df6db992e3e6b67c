/// `bulletin(1)`: the manual page `bulletin --man` prints and `make install` installs, in roff
/// (man macros), written from the same table as `--help` (``LaunchFlag``) and the same
/// paragraphs (``LaunchOptions/editsText``, ``LaunchOptions/keysText``).
public enum ManPage {
    /// The environment variables Bulletin reads, with what each does.
    public static let environment: [(name: String, text: String)] = [
        ("GITHUB_TOKEN", "sent as a bearer token to the GitHub API (--github, --github-url), only to that API's own "
            + "address and only over https or to a loopback address; never shown"),
        ("NO_COLOR", "any non-empty value turns colours off (bold, reverse and underline only)"),
        ("XDG_DATA_HOME", "where the copy of the embedded data set with your edits is kept (default ~/.local/share)"),
        ("XDG_CONFIG_HOME", "where the settings file is (default ~/.config)"),
        ("TERM", "the terminal's type; Bulletin refuses to start when it is unset, dumb or unknown"),
    ]

    /// The files Bulletin reads or writes on its own.
    public static let files: [(name: String, text: String)] = [
        ("$XDG_CONFIG_HOME/bulletin/config.json", "the settings, every key optional (default "
            + "~/.config/bulletin/config.json; --config FILE reads another): \"sources\" names sources by one "
            + "data source option without its dashes ({\"work\": {\"api\": \"http://127.0.0.1:3000\"}, \"big\": "
            + "{\"data\": \"~/db.json\"}, \"hub\": {\"github\": true}}), \"default\" the one a run without a source "
            + "option opens, \"colors\" changes the theme by role ({\"selected\": {\"fg\": 16, \"bg\": \"cyan\", "
            + "\"bold\": true}}). A bad file is reported with its line and column, and Bulletin starts with the defaults"),
        ("$XDG_DATA_HOME/bulletin/db.json", "the copy of the embedded data set that edits go to, which later runs "
            + "open (db.json.bak beside it keeps the previous version)"),
        ("$XDG_DATA_HOME/bulletin/db.json.before-reset", "where --reset-embedded puts that copy"),
    ]

    /// The whole page in roff.
    public static var roff: String {
        var out: [String] = [
            #".TH BULLETIN 1 "" "bulletin \#(LaunchOptions.version)" "User Commands""#,
            ".nh",
            ".ad l",
            ".SH NAME",
            "bulletin \\- " + escape(lowercasedFirst(LaunchOptions.summary.dropLast())),
            ".SH SYNOPSIS",
            ".B bulletin",
            LaunchOptions.synopsisParts.map(synopsis).joined(separator: "\n"),
            ".br",
            ".B bulletin",
            synopsis(LaunchOptions.exitingParts),
            ".br",
            ".B bulletin import",
            escape("FILE.json OUT.sqlite [--force]"),
            ".br",
            ".B bulletin export",
            escape("DB.sqlite OUT.json [--force] [--map MAPPING]"),
            ".br",
            ".B bulletin db install-notify",
            escape("URL [--map MAPPING]"),
            ".br",
            ".B bulletin db uninstall-notify",
            escape("URL"),
            ".SH DESCRIPTION",
            escape(LaunchOptions.summary + " Bulletin is a full-screen terminal program; with no option it opens "
                + "the data set shipped inside it."),
            ".SH OPTIONS",
        ]
        for section in LaunchFlag.Section.allCases {
            out += [".SS " + escape(section.rawValue)]
            for flag in LaunchFlag.allCases where flag.spec.section == section {
                out += [".TP", label(flag), escape(flag.spec.summary)]
            }
            if section == .sources {
                out += [".TP", "\\fI" + LaunchOptions.namedSource.label + "\\fR", escape(LaunchOptions.namedSource.summary)]
            }
        }
        out += [".SH EDITS", escape(LaunchOptions.editsText), ".SH KEYS", escape(LaunchOptions.keysText)]
        out += [".SH ENVIRONMENT"] + environment.flatMap { [".TP", ".B " + escape($0.name), escape($0.text)] }
        out += [".SH FILES"] + files.flatMap { [".TP", ".I " + escape($0.name), escape($0.text)] }
        out += [
            ".SH EXIT STATUS",
            escape("0 when quit; 2 for a command line it cannot follow, a source it cannot open or no usable "
                + "terminal; 128 + N when ended by signal N."),
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// An option's names in bold and its value in italics: `\fB\-\-api\fR \fIURL\fR`.
    static func label(_ flag: LaunchFlag) -> String {
        let names = flag.spec.names.map { "\\fB" + escape($0) + "\\fR" }.joined(separator: ", ")
        guard let value = flag.spec.value else { return names }
        let name = "\\fI" + escape(value.name) + "\\fR"
        return names + " " + (value.isOptional ? "[\(name)]" : name)
    }

    /// A part of the synopsis (`[--api URL | --github]`) with its flags in bold and values in italics.
    static func synopsis(_ part: String) -> String {
        part.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let core = word.trimming("[]|")
            guard !core.isEmpty else { return String(word) }
            let styled = core.first == "-" || core == "open" ? "\\fB" + escape(core) + "\\fR" : "\\fI" + escape(core) + "\\fR"
            return String(word.prefix { $0 == "[" }) + styled + String(word.reversed().prefix { $0 == "]" })
        }.joined(separator: " ")
    }

    /// `text` safe as roff text: backslashes as `\e`, every `-` as `\-` (an ASCII hyphen-minus, so
    /// a flag copied from the page works), a line that would start with `.` or `'` guarded by `\&`.
    public static func escape<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += "\n"
            default: out.append(character)
            }
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }

    private static func lowercasedFirst<S: StringProtocol>(_ text: S) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }
}
