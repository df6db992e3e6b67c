import MVVMC
import Observation
import Synchronization
import Testing

/// A host that read ``NavigationStack/entries`` while drawing is told when they change (the
/// entries are observed by hand, with a key path made once per stack).
@MainActor
@Suite("NavigationStack observation")
struct NavigationStackObservationTests {
    /// Whether `change` is reported to a tracking that read `read`.
    private func reports(_ read: () -> Void, after change: () -> Void) -> Bool {
        let changed = Mutex(false)
        withObservationTracking(read, onChange: { changed.withLock { $0 = true } })
        change()
        return changed.withLock { $0 }
    }

    @Test("every change of the entries is reported to a reader of entries, top or titles")
    func changesAreReported() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        #expect(reports({ _ = stack.entries }, after: { stack.push("users", title: "Users") }))
        #expect(reports({ _ = stack.top }, after: { stack.pop() }))
        #expect(reports({ _ = stack.titles }, after: { stack.present("dialog", title: "Question") }))
        #expect(reports({ _ = stack.entries.count }, after: { stack.dismiss() }))
        #expect(stack.titles == ["Home"])
    }
}
