import BulletinFeatures
import MVVMC
import TermView

/// Draws the top of the navigation stack with its header and status line, and routes keys:
/// first to the screen, then to the global keys (Back, quit).
///
/// Frame layout, in rows: header (breadcrumbs), body, status line (key hints and a summary).
@MainActor
public final class ScreenHost {
    // MARK: - Properties

    private let stack: NavigationStack<Destination>
    private let onQuit: @MainActor () -> Void
    private var lastSize = Size(width: 0, height: 0)

    /// The keys every screen shares.
    enum GlobalIntent: Sendable { case back, quit }

    static let globalKeys = KeyMap<GlobalIntent>([
        KeyBinding(keys: [.escape, .left, .backspace], help: "Esc back", action: .back),
        KeyBinding(keys: [.character("q"), .ctrl("c")], help: "q quit", action: .quit),
    ])

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; the host draws its top entry.
    ///   - onQuit: Called when the user presses `q` or Ctrl-C.
    public init(stack: NavigationStack<Destination>, onQuit: @escaping @MainActor () -> Void) {
        self.stack = stack
        self.onQuit = onQuit
    }

    // MARK: - API

    /// The smallest terminal the layout is drawn in: 20 columns fit the key hints' first
    /// entries and a readable name column; 5 rows are the header, the status line and three
    /// rows of content (a list's header, the selection and one row of context).
    public static let minimumSize = Size(width: 20, height: 5)

    /// Draws a whole frame onto `surface`; below ``minimumSize`` a "terminal too small"
    /// notice instead (view-model state, such as the selection, is kept for growing back).
    public func render(on surface: inout Surface) {
        let size = surface.size
        lastSize = size
        let full = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let notice = TooSmallNotice(minimum: Self.minimumSize)
        if notice.applies(to: size) { return notice.render(in: full, on: &surface) }
        let (headerArea, rest) = full.splitTop(1)
        let (body, statusArea) = rest.splitBottom(1)
        Header(titles: stack.entries.map(\.destination.title)).render(in: headerArea, on: &surface)
        guard let screen = currentScreen else { return }
        screen.render(in: body, on: &surface)
        StatusBar(left: hintLine(for: screen), right: screen.summary).render(in: statusArea, on: &surface)
    }

    /// Handles one key press.
    public func handle(_ key: Key) {
        if let screen = currentScreen, screen.handle(key, in: bodyArea) { return }
        switch Self.globalKeys.action(for: key) {
        case .back?: if !stack.dismiss() { stack.pop() }
        case .quit?: onQuit()
        case nil: break
        }
    }

    // MARK: - Private

    private var bodyArea: Rect {
        Rect(x: 0, y: 1, width: lastSize.width, height: max(0, lastSize.height - 2))
    }

    private var currentScreen: (any Screen)? {
        stack.top.map { Self.screen(for: $0.destination) }
    }

    private func hintLine(for screen: any Screen) -> String {
        let back = stack.entries.count > 1 ? ["Esc back"] : []
        let quit = screen.hints.contains("q quit") ? [] : ["q quit"]
        return " " + (screen.hints + back + quit).joined(separator: "  ")
    }

    /// The screen for a destination: one exhaustive switch.
    static func screen(for destination: Destination) -> any Screen {
        switch destination {
        case let .home(model): HomeScreen(model: model)
        case let .userList(model): UserListScreen(model: model)
        case let .userDetail(model): UserDetailScreen(model: model)
        case let .postDetail(model): PostDetailScreen(model: model)
        case let .adminPanel(model): AdminPanelScreen(model: model)
        }
    }
}
