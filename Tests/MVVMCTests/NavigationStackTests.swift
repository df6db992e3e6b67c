import MVVMC
import Testing

@MainActor
@Suite("NavigationStack")
struct NavigationStackTests {
    final class Owner {}

    @Test("push adds entries on top, root first")
    func pushOrder() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        stack.push("users", title: "Users")
        #expect(stack.titles == ["Home", "Users"])
        #expect(stack.top?.destination == "users")
        #expect(stack.top?.style == .push)
    }

    @Test("popping the root does nothing")
    func popRoot() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        #expect(stack.pop() == false)
        #expect(stack.titles == ["Home"])
        #expect(NavigationStack<String>().pop() == false)
    }

    @Test("every removal runs onRemove once, top first")
    func removalNotifies() {
        let stack = NavigationStack<String>()
        var removed: [String] = []
        stack.push("home", title: "Home") { removed.append("home") }
        for name in ["a", "b", "c", "d"] { stack.push(name, title: name) { removed.append(name) } }
        stack.pop()
        #expect(removed == ["d"])
        let bID = stack.entries[2].id
        stack.popTo(id: bID)
        #expect(removed == ["d", "c"])
        stack.replaceTop(with: NavigationRequest("e", title: "e") { removed.append("e") })
        #expect(removed == ["d", "c", "b"])
        stack.popToRoot()
        #expect(removed == ["d", "c", "b", "e", "a"])
        stack.setStack([NavigationRequest("x", title: "X")])
        #expect(removed == ["d", "c", "b", "e", "a", "home"])
        #expect(stack.titles == ["X"])
    }

    @Test("popTo an unknown id leaves the stack alone")
    func popToUnknown() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        stack.push("a", title: "A")
        stack.popTo(id: 999)
        #expect(stack.titles == ["Home", "A"])
    }

    @Test("dismiss removes only a modal on top")
    func dismissModal() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        stack.push("list", title: "List")
        #expect(stack.dismiss() == false)
        stack.present("confirm", title: "Confirm")
        #expect(stack.top?.style == .modal)
        #expect(stack.dismiss() == true)
        #expect(stack.titles == ["Home", "List"])
    }

    @Test("an entry keeps its owner alive exactly while it is on the stack")
    func ownerLifetime() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home")
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            stack.push("a", title: "A", owner: owner)
            stack.push("b", title: "B", owner: owner)
        }
        #expect(weakOwner != nil)
        stack.pop()
        #expect(weakOwner != nil, "one of its entries is still on the stack")
        stack.pop()
        #expect(weakOwner == nil)
    }

    @Test("entry ids are unique and increase")
    func ids() {
        let stack = NavigationStack<String>()
        let first = stack.push("a", title: "A") ?? 0
        let second = stack.push("b", title: "B") ?? 0
        stack.pop()
        let third = stack.push("c", title: "C") ?? 0
        #expect(first > 0 && first < second && second < third)
    }
}
