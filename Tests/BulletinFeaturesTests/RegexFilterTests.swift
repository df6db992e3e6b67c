import BulletinFeatures
import Testing

@testable import BulletinFeatures

/// `~` regular expressions in the list filter (issue 24, item 6): ``SearchPattern`` reads them
/// (smartcase, errors in the parser's words), ``ListFinder`` filters by them off the main actor,
/// keeps the rows when one cannot be read, and highlights what they match.
@MainActor
@Suite("Regular-expression filters")
struct RegexFilterTests {
    nonisolated static let people = [
        ["1", "Sam Smith"], ["2", "Ada Lovelace"], ["3", "sea Salt"], ["4", "Alan Turing"], ["5", "Grace Hopper"],
    ]

    static func finder(threshold: Int = ListFinder.defaultBackgroundThreshold) async -> ListFinder {
        let rows = people
        let finder = ListFinder(columns: [.id, .init("Name")], backgroundThreshold: threshold)
        finder.setRows(count: rows.count) { rows[$0][$1] }
        await finder.waitUntilIdle()
        return finder
    }

    @Test("a query is literal unless it starts with ~; a regex is case-insensitive unless it has a capital of its own")
    func parsing() throws {
        #expect(try SearchPattern.parse("^s").get() == .literal("^s"))
        let lower = try #require(try? SearchPattern.parse("~^s").get())
        #expect(lower.matches("Sam") && lower.matches("sea") && !lower.matches("Ada"))
        let upper = try #require(try? SearchPattern.parse("~^S").get())
        #expect(upper.matches("Sam") && !upper.matches("sea"))
        #expect(!RegexPattern.hasCapital(#"\S+\W\p{Lu}\pL"#), "escapes and property names are not capitals")
        #expect(RegexPattern.hasCapital(#"\s+A"#))
        #expect(SearchPattern.literal("ss").matches("Straße"), "a literal folds as the list filter does")
    }

    @Test("an invalid regex says why in the parser's words", arguments: [
        ("~a(", "invalid regex: expected ')'"), ("~*x", "invalid regex: quantifier '*' must appear after expression"),
    ])
    func invalid(query: String, message: String) {
        guard case let .failure(error) = SearchPattern.parse(query) else {
            Issue.record("\(query) parsed")
            return
        }
        #expect(error.message == message)
    }

    @Test("ranges follow the regex, empty matches mark nothing")
    func ranges() throws {
        let pattern = try SearchPattern.parse("~o.e").get()
        let text = "Lovelace Hopper one"
        #expect(pattern.ranges(in: text).map { String(text[$0]) } == ["ove", "one"])
        #expect(try SearchPattern.parse("~^").get().ranges(in: "abc").isEmpty)
    }

    @Test("~ filters the rows by the regex, off the main actor even for a short list; highlights follow it")
    func filters() async {
        let finder = await Self.finder()
        finder.updateFilter("~^s")
        #expect(finder.isWorking, "a regex pass runs in the background")
        await finder.waitUntilIdle()
        #expect(finder.order == [0, 2] && finder.statusText == "2 of 5")
        #expect(finder.highlights(in: "Sam Smith").count == 1, "only the start matches ^s")
        finder.updateFilter("~^S")
        await finder.waitUntilIdle()
        #expect(finder.order == [0], "a capital makes it case-sensitive")
        finder.updateFilter("~(ada|alan) ")
        await finder.waitUntilIdle()
        #expect(finder.order == [1, 3])
        finder.updateFilter("~(ada|alan) l")
        await finder.waitUntilIdle()
        #expect(finder.order == [1], "a longer regex is filtered again from every row, not narrowed as a literal")
        finder.updateFilter("sam")
        await finder.waitUntilIdle()
        #expect(finder.order == [0], "literal again")
    }

    @Test("an invalid regex keeps the rows shown and says why; fixing it filters again", arguments: [ListFinder.defaultBackgroundThreshold, 0])
    func invalidKeepsRows(threshold: Int) async {
        let finder = await Self.finder(threshold: threshold)
        finder.updateFilter("~gr")
        await finder.waitUntilIdle()
        #expect(finder.order == [4])
        finder.updateFilter("~gr(")
        await finder.waitUntilIdle()
        #expect(finder.patternError?.message == "invalid regex: expected ')'")
        #expect(finder.order == [4], "the list stays as it was")
        #expect(finder.highlights(in: "Grace") .count == 1, "highlights stay those of the rows shown")
        finder.updateFilter("~gr(a)")
        await finder.waitUntilIdle()
        #expect(finder.patternError == nil && finder.order == [4])
    }

    @Test("n and N walk the matches of a regex typed last")
    func findNext() async {
        let finder = await Self.finder()
        finder.updateFilter("~^(sam|sea)")
        await finder.waitUntilIdle()
        finder.cancelFilter()
        await finder.waitUntilIdle()
        #expect(finder.order.count == 5)
        finder.findNext(forward: true)
        #expect(finder.selection.selected == 2)
        finder.findNext(forward: true)
        #expect(finder.selection.selected == 0)
        #expect(finder.highlights(in: "sea Salt").count == 1)
    }

    @Test("Enter keeps a valid regex; with an invalid one the prompt stays open")
    func commit() async {
        let find = FindBar(columns: [.id, .init("Name")], noun: "user")
        let rows = Self.people
        find.finder.setRows(count: rows.count) { rows[$0][$1] }
        find.beginFilter()
        find.editFilter { $0.insert("~n(") }
        find.commitFilter()
        #expect(find.finder.isEditing)
        find.editFilter { $0.insert(")") }
        await find.finder.waitUntilIdle()
        find.commitFilter()
        #expect(!find.finder.isEditing && find.finder.order == [3])
    }
}
