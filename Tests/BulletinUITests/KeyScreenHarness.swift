import BulletinData
import BulletinFeatures
import BulletinTestSupport
import TermView

@testable import BulletinUI

/// The app on the stub source and writer, opened at a deep link and drawn by a ``ScreenHost``,
/// for the footer, help overlay and key coverage tests.
@MainActor
struct KeyScreenHarness {
    let app: AppCoordinator
    let host: ScreenHost
    final class Counter { var quits = 0 }
    let counter: Counter

    /// The screens the key tests visit, by name.
    enum Place: String, CaseIterable, Sendable {
        case home, users, user, post, posts, search, admin, form, missingUser
    }

    /// Opens `place`: a deep link, and for the form `a` on Users.
    static func open(_ place: Place, source: StubDataSource = StubDataSource(), sharing: Bool = false) async -> KeyScreenHarness {
        let link: DeepLink? = switch place {
        case .home: nil
        case .users, .form: .users
        case .user: .user(1)
        case .post: .userPost(user: 1, post: 1)
        case .posts: .posts
        case .search: .search("")
        case .admin: .admin
        case .missingUser: .user(999)
        }
        let harness = await open(link: link, source: source, sharing: sharing)
        if place == .form { harness.press(.character("a")) }
        return harness
    }

    /// Opens `link` (Home for `nil`) on `source`; with `sharing`, the host has the app's
    /// ``ShareService`` (`o`, `y`, `v`) over a sharing that opens and copies nothing.
    static func open(link: DeepLink?, source: StubDataSource, sharing: Bool = false) async -> KeyScreenHarness {
        let counter = Counter()
        let app = AppCoordinator(dependencies: AppDependencies(source: source, writer: StubDataWriter(source: source)),
                                 onQuit: { counter.quits += 1 })
        app.start()
        let host = ScreenHost(stack: app.stack, commandLine: app.commandLine, statusNote: app.statusNote,
                              share: sharing ? app.share : nil, onQuit: { counter.quits += 1 })
        host.attach(to: app)
        let harness = KeyScreenHarness(app: app, host: host, counter: counter)
        if let link {
            app.open(link)
            await app.waitForLink()
        }
        await harness.settle()
        return harness
    }

    /// Waits for a form's checks, the editing coordinator, and the top screen's load.
    func settle() async {
        if let form = app.stack.top?.destination as? RecordFormViewModel { await form.waitForTasks() }
        await app.editing.waitForIdle()
        await app.loadTop()
    }

    /// A whole frame at `width` × `height`.
    func lines(width: Int = 80, height: Int = 16) -> [String] {
        var surface = Surface(width: width, height: height)
        host.render(on: &surface)
        return surface.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The status line at `width`.
    func footer(width: Int) -> String { lines(width: width).last ?? "" }

    /// Presses keys, drawing a frame before each as the app does.
    func press(_ keys: Key..., width: Int = 80, height: Int = 16) {
        for key in keys {
            _ = lines(width: width, height: height)
            host.handle(key)
        }
    }

    /// The top screen, as the host builds it.
    var screen: any Screen { ScreenHost.screen(for: app.stack.top!.destination) }
}

extension AppCoordinator {
    /// Waits for the load of the screen on top of the stack (none for Home, a link error, a form or a question).
    func loadTop() async {
        await stack.top?.destination.load()
    }
}
