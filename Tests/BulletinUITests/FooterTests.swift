import BulletinFeatures
import BulletinTestSupport
import TermView
import Testing

@testable import BulletinUI

/// The footer built from the bindings by priority: back (or what Esc does), `?` and `q` stay
/// down to 40 columns; lower labels drop whole.
@MainActor
@Suite("Footer by priority")
struct FooterTests {
    static let widths = [120, 80, 60, 40]

    @Test("footers at 120, 80, 60 and 40 columns", arguments: KeyScreenHarness.Place.allCases)
    func footers(place: KeyScreenHarness.Place) async {
        let harness = await KeyScreenHarness.open(place)
        let footers = Self.widths.map { harness.footer(width: $0) }
        #expect(footers == Self.expected[place])
    }

    @Test("Quit without saving? keeps both of its labels whole at 40 columns")
    func quitQuestion() async {
        let harness = await KeyScreenHarness.open(.form)
        harness.press(.character("x"), .ctrl("c"))
        let footer = harness.footer(width: 40)
        #expect(footer.hasPrefix(" Ctrl-C quit  any key: keep editing"), "\(footer)")
    }

    /// What each screen's status line says at 120, 80, 60 and 40 columns (trailing spaces trimmed).
    static let expected: [KeyScreenHarness.Place: [String]] = [
        .home: [
            " ↑↓ move  ⏎ open  s search  ? help  q quit" + String(repeating: " ", count: 61) + "embedded data set",
            " ↑↓ move  ⏎ open  s search  ? help  q quit                     embedded data set",
            " ↑↓ move  ⏎ open  s search  ? help  q quit embedded data set",
            " ? help  q quit        embedded data set",
        ],
        .users: [
            " ↑↓ move  ⏎ open  / filter  s sort  m mark  a/e/d/u edit  r reload  Esc back  ? help  q quit                     3 users",
            " ↑↓ move  ⏎ open  / filter  a/e/d/u edit  Esc back  ? help  q quit       3 users",
            " ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit 3 users",
            " Esc back  ? help  q quit        3 users",
        ],
        .user: [
            " Tab/1-3 list  ↑↓ move  ⏎ open  / filter  s sort  m mark  a/e/d/u edit  r reload  Esc back  ? help  q quit     Posts (2)",
            " Tab/1-3 list  ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit     Posts (2)",
            " ↑↓ move  ⏎ open  Esc back  ? help  q quit         Posts (2)",
            " Esc back  ? help  q quit      Posts (2)",
        ],
        .post: [
            " ↑↓ scroll  PgUp/PgDn page  Home/End  r reload  Tab/e/a/d edit  / find  Esc back  ? help  q quit            Comments (2)",
            " ↑↓ scroll  Tab/e/a/d edit  / find  Esc back  ? help  q quit        Comments (2)",
            " ↑↓ scroll  / find  Esc back  ? help  q quit    Comments (2)",
            " Esc back  ? help  q quit   Comments (2)",
        ],
        .posts: [
            " ↑↓ move  ⏎ open  / filter  s sort  m mark  a/e/d/u edit  r reload  Esc back  ? help  q quit                     3 posts",
            " ↑↓ move  ⏎ open  / filter  a/e/d/u edit  Esc back  ? help  q quit       3 posts",
            " ↑↓ move  ⏎ open  / filter  Esc back  ? help  q quit 3 posts",
            " Esc back  ? help  q quit        3 posts",
        ],
        .search: [
            " type to search  ⏎ results  Ctrl-U clear  Esc back  F1 help  Ctrl-C quit",
            " type to search  ⏎ results  Ctrl-U clear  Esc back  F1 help  Ctrl-C quit",
            " type to search  ⏎ results  Esc back  F1 help  Ctrl-C quit",
            " Esc back  F1 help  Ctrl-C quit",
        ],
        .admin: [
            " ↑↓ scroll  r reload  s switch source  e export db.json  c export CSV  Esc back  ? help  q quit",
            " ↑↓ scroll  r reload  s switch source  Esc back  ? help  q quit",
            " ↑↓ scroll  s switch source  Esc back  ? help  q quit",
            " ↑↓ scroll  Esc back  ? help  q quit",
        ],
        .missingUser: Array(repeating: " ⏎ Home  Esc back  ? help  q quit", count: 4),
        .form: [
            " Tab/S-Tab field  ^S save  Esc cancel  ^C quit  F1 help",
            " Tab/S-Tab field  ^S save  Esc cancel  ^C quit  F1 help",
            " Tab/S-Tab field  ^S save  Esc cancel  ^C quit  F1 help",
            " ^S save  Esc cancel  ^C quit  F1 help",
        ],
    ]

    @Test("where Esc clears a filter the footer says so instead of back; on the results Search offers ? help")
    func escapeAndHelpLabels() async {
        let users = await KeyScreenHarness.open(.users)
        users.press(.character("/"), .character("e"), .enter)
        #expect(users.footer(width: 80).hasPrefix(" ↑↓ move  ⏎ open  Esc clear  / filter  a/e/d/u edit  ? help  q quit"),
                "\(users.footer(width: 80))")
        let search = await KeyScreenHarness.open(.search)
        for character in "post" { search.press(.character(character)) }
        await search.settle()
        search.press(.enter)
        #expect(search.footer(width: 80).hasPrefix(" ↑↓ move  ⏎ open  / edit query  Esc back  ? help  q quit"),
                "\(search.footer(width: 80))")
    }

    @Test("unavailable bindings leave the footer: a post that did not load offers only retry, and ? says why")
    func failedPost() async {
        let source = StubDataSource()
        let user = await KeyScreenHarness.open(.user, source: source)
        await source.setFailure(.transport(url: "http://x/posts/1", reason: "connection lost"))
        user.press(.enter)
        await user.settle()
        #expect(user.footer(width: 80) == " r retry  Esc back  ? help  q quit")
        user.press(.character("?"))
        let help = user.lines(width: 100, height: 40)
        // The help is taller than the frame now (the text views' movement and find keys): its
        // scroll indicator is at the right. The reason is said once (issue 24, item 13).
        #expect(help.contains { $0.hasPrefix("   ↑ k                Scroll up a line (unavailable: the post did not load)") }, "\(help)")
        #expect(help.contains { $0.hasPrefix("   PgUp Ctrl-B        Scroll up a page (unavailable: same as ↑ k)") }, "said once: \(help)")
        #expect(help.filter { $0.contains("the post did not load") }.count == 1, "\(help)")
        #expect(help.contains { $0.hasPrefix("   r                  Try loading the post again ") }, "\(help)")
    }
}
