import MVVMC
import Testing

@MainActor
@Suite("NavigationStack: routes, the double-push guard and removal by id")
struct NavigationGuardTests {
    final class Owner {}

    @Test("pushing the top's route again is ignored: no entry, no owner kept, no onRemove")
    func duplicateIgnored() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home", route: "home")
        #expect(stack.push("users", title: "Users", route: "users") != nil)
        var removals = 0
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            #expect(stack.push("users again", title: "Users", route: "users", owner: owner) { removals += 1 } == nil)
        }
        #expect(stack.routes == ["home", "users"])
        #expect(stack.top?.destination == "users")
        #expect(weakOwner == nil, "an ignored push keeps nothing alive")
        stack.pop()
        #expect(removals == 0)
    }

    @Test("the guard compares with the top only, and entries without a route are never guarded")
    func guardScope() {
        let stack = NavigationStack<String>()
        stack.push("home", title: "Home", route: "home")
        stack.push("a", title: "A", route: "users")
        stack.push("b", title: "B", route: "users/1")
        #expect(stack.push("c", title: "C", route: "users") != nil, "equal to an entry below the top: allowed")
        stack.push("x", title: "X")
        #expect(stack.push("y", title: "Y") != nil)
        #expect(stack.present("m", title: "M", route: "confirm") != nil)
        #expect(stack.present("m2", title: "M", route: "confirm") == nil)
        #expect(stack.routes == ["home", "users", "users/1", "users", nil, nil, "confirm"])
    }

    @Test("setStack and replaceTop keep each request's route")
    func routesKept() {
        let stack = NavigationStack<String>()
        stack.setStack([
            NavigationRequest("home", title: "Home", route: "home"),
            NavigationRequest("users", title: "Users", route: "users"),
        ])
        stack.replaceTop(with: NavigationRequest("posts", title: "Posts", route: "posts"))
        #expect(stack.routes == ["home", "posts"])
        #expect(stack.top?.route == "posts")
    }

    @Test("remove(id:) takes that entry and everything above it, never the root")
    func removeByID() {
        let stack = NavigationStack<String>()
        var removed: [String] = []
        stack.push("home", title: "Home") { removed.append("home") }
        stack.push("a", title: "A") { removed.append("a") }
        let b = stack.push("b", title: "B") { removed.append("b") } ?? 0
        stack.push("c", title: "C") { removed.append("c") }
        stack.remove(id: b)
        #expect(stack.titles == ["Home", "A"])
        #expect(removed == ["c", "b"])
        stack.remove(id: stack.entries[0].id)
        stack.remove(id: 999)
        #expect(stack.titles == ["Home", "A"])
    }
}
