import Testing
@testable import TermView

@Suite("KeyFooterMemo")
@MainActor
struct KeyFooterMemoTests {
    private static func help(_ label: String, _ priority: FooterPriority?, disabled: String? = nil) -> KeyHelp {
        KeyHelp(keys: [.key(.character(Character(label.prefix(1).lowercased())))], label: label, description: label,
                group: "Keys", footer: priority, disabledReason: disabled)
    }

    private let users = [
        help("↑↓ move", 80), help("⏎ open", 90), help("/ filter", 70), help("n next", 30), help("x hidden", nil),
        help("e edit", 60, disabled: "read-only"), help("Esc back", .always), help("? help", .always), help("q quit", .always),
    ]
    private let posts = [help("↑↓ move", 80), help("⏎ open", 90), help("Esc clear", .always), help("q quit", .always)]

    /// The footer a fresh `KeyFooter` draws, as text.
    private func fresh(_ help: [KeyHelp], _ right: String, width: Int) -> [String] {
        var surface = Surface(width: width, height: 1)
        KeyFooter(help: help, right: right).render(in: surface.bounds, on: &surface)
        return surface.lines
    }

    private func memoised(_ memo: KeyFooterMemo, _ help: [KeyHelp], _ right: String, width: Int) -> [String] {
        var surface = Surface(width: width, height: 1)
        memo.render(help: help, right: right, in: surface.bounds, on: &surface)
        return surface.lines
    }

    @Test("draws what a fresh KeyFooter draws through changes of bindings, width and right text, in any order")
    func sameAsFresh() {
        let memo = KeyFooterMemo()
        let steps: [([KeyHelp], String, Int)] = [
            (users, "1 of 10 users", 100), (users, "2 of 10 users", 100), (users, "10 of 10 users", 100),
            (users, "10 of 10 users", 61), (users, "10 of 10 users", 45), (posts, "10 of 10 users", 45),
            (posts, "a summary far too long to fit beside the labels at all", 45), (users, "3 of 10 users", 45),
            (users, "", 80), (users, "3 of 10 users", 100), (users, "3 of 10 users", 30),
        ]
        for (help, right, width) in steps {
            #expect(memoised(memo, help, right, width: width) == fresh(help, right, width: width),
                    "\(help.count) bindings, \(right), \(width) columns")
        }
    }

    @Test("a move that changes only the right text's words lays nothing out; a wider right text or width does")
    func laysOutOnlyOnChange() {
        let memo = KeyFooterMemo()
        _ = memoised(memo, users, "1 of 10 users", width: 80)
        #expect(memo.layouts == 1)
        for row in 2...9 { _ = memoised(memo, users, "\(row) of 10 users", width: 80) }
        #expect(memo.layouts == 1)
        _ = memoised(memo, users, "10 of 10 users", width: 80)   // one column wider
        #expect(memo.layouts == 2)
        _ = memoised(memo, users, "10 of 10 users", width: 70)
        #expect(memo.layouts == 3)
        var edited = users
        edited[5].disabledReason = nil   // `e edit` becomes available: other labels
        #expect(memoised(memo, edited, "10 of 10 users", width: 70) == fresh(edited, "10 of 10 users", width: 70))
        #expect(memo.layouts == 4)
    }
}
