import BulletinData
import BulletinTestSupport
import Testing

@testable import BulletinFeatures

/// Defects found by trying issue 7's lists at the keyboard, at the view-model level.
@MainActor
@Suite("Finding in lists, defects found by trying them")
struct FindTrialTests {
    @Test("a filter or jump over the first pages of a paged list says so far, not 11 of 100 or not in this list")
    func partialListSaysSoFar() async {
        let model = UserListViewModel(source: PagedSource(total: 25, pageSize: 10), router: .none)
        await model.load()
        model.find.beginFilter()
        model.find.editFilter { $0.replace(with: "User 1") }
        await model.find.finder.waitUntilIdle()
        #expect(model.find.countText == "2 of 10 so far")
        #expect(model.find.filterSummary == "/User 1  2 of 10 so far")
        model.find.cancelFilter()
        await model.find.finder.waitUntilIdle()
        model.goTo(id: "23")
        #expect(model.find.message == "no user 23 in the 10 loaded so far")
        model.selectLast()
        await model.waitForPage()
        model.selectLast()
        await model.waitForPage()
        #expect(model.paging == .complete)
        model.goTo(id: "99")
        #expect(model.find.message == "no user 99 in this list")
        model.find.beginFilter()
        model.find.editFilter { $0.replace(with: "User 1") }
        await model.find.finder.waitUntilIdle()
        #expect(model.find.countText == "11 of 25")
    }
}
