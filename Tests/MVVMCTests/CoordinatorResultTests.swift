import MVVMC
import Testing

/// A small flow that returns a value: a number picker pushed by a parent, which hears
/// `.completed(number)` or `.cancelled` exactly once and keeps nothing of the child after.
@MainActor
@Suite("Coordinator results")
struct CoordinatorResultTests {
    enum Screen { case parent, picker(PickerViewModel) }

    /// The picker's view model: it knows nothing of coordinators, only an output callback.
    @MainActor final class PickerViewModel {
        let choose: @MainActor (Int) -> Void
        init(choose: @escaping @MainActor (Int) -> Void) { self.choose = choose }
    }

    @MainActor final class PickerCoordinator: Coordinator {
        typealias Route = Void
        typealias Output = Int
        unowned let stack: NavigationStack<Screen>
        let finish: FinishHandler<Int>
        var firstEntry: Int?

        init(stack: NavigationStack<Screen>, onFinish: @escaping @MainActor (CoordinatorResult<Int>) -> Void) {
            self.stack = stack
            self.finish = FinishHandler(onFinish)
        }

        func start() { navigate(to: ()) }

        func navigate(to route: Void) {
            let model = PickerViewModel { [weak self] number in self?.complete(with: number) }
            firstEntry = stack.push(.picker(model), title: "Pick", route: "pick", owner: self) { [finish] in
                finish.finish(.cancelled)
            }
        }

        /// Reports the result first, then takes the flow's screens off the stack; the
        /// removal's `.cancelled` then finds the handler already finished.
        func complete(with number: Int) {
            finish.finish(.completed(number))
            if let firstEntry { stack.remove(id: firstEntry) }
        }
    }

    @MainActor final class Parent {
        let stack = NavigationStack<Screen>()
        var results: [CoordinatorResult<Int>] = []
        var chosen: Int?

        init() { stack.push(.parent, title: "Parent", route: "parent") }

        func pick() {
            PickerCoordinator(stack: stack) { [weak self] result in
                self?.results.append(result)
                if case let .completed(number) = result { self?.chosen = number }
            }.start()
        }
    }

    @Test("the child's value comes back once, its screen leaves and it is released")
    func completed() {
        let parent = Parent()
        parent.pick()
        weak let child = parent.stack.top?.owner
        guard case let .picker(model)? = parent.stack.top?.destination else { Issue.record("no picker"); return }
        model.choose(7)
        model.choose(8)
        #expect(parent.results == [.completed(7)])
        #expect(parent.chosen == 7)
        #expect(parent.stack.titles == ["Parent"])
        #expect(child == nil)
    }

    @Test("backing out reports cancelled once and releases the child")
    func cancelled() {
        let parent = Parent()
        parent.pick()
        weak let child = parent.stack.top?.owner
        parent.stack.pop()
        parent.stack.pop()
        #expect(parent.results == [.cancelled])
        #expect(parent.chosen == nil)
        #expect(child == nil)
    }
}
