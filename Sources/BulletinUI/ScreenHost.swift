import BulletinFeatures
import MVVMC
import TermView

/// Draws the top of the navigation stack with its header and status line, and routes keys:
/// to the `:` command prompt while it is open, else first to the screen, then to the global
/// keys (Back, quit, `:`).
///
/// Frame layout, in rows: header (breadcrumbs), body, status line (key hints and a summary).
@MainActor
public final class ScreenHost {
    // MARK: - Properties

    private let stack: NavigationStack<Destination>
    private let onQuit: @MainActor () -> Void
    private let commandLine: CommandLineViewModel?
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
    ///   - commandLine: The `:` prompt (the app coordinator's); without it `:` does nothing.
    public init(
        stack: NavigationStack<Destination>, commandLine: CommandLineViewModel? = nil,
        onQuit: @escaping @MainActor () -> Void
    ) {
        self.stack = stack
        self.commandLine = commandLine
        self.onQuit = onQuit
    }

    // MARK: - API

    /// Draws a whole frame onto `surface`.
    public func render(on surface: inout Surface) {
        let size = surface.size
        lastSize = size
        let full = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let (headerArea, rest) = full.splitTop(1)
        let (body, statusArea) = rest.splitBottom(1)
        Header(titles: stack.entries.map(\.destination.title), route: stack.top?.route ?? "")
            .render(in: headerArea, on: &surface)
        guard let screen = currentScreen else { return }
        screen.render(in: body, on: &surface)
        if let commandLine, CommandPromptView(model: commandLine).render(in: statusArea, on: &surface) { return }
        StatusBar(left: hintLine(for: screen), right: screen.summary).render(in: statusArea, on: &surface)
    }

    /// Handles one key press.
    public func handle(_ key: Key) {
        if let commandLine {
            commandLine.clearMessage()
            if CommandPromptView.handle(key, model: commandLine) { return }
        }
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
        case let .postList(model): PostListScreen(model: model)
        case let .postDetail(model): PostDetailScreen(model: model)
        case let .adminPanel(model): AdminPanelScreen(model: model)
        case let .linkError(model): LinkErrorScreen(model: model)
        }
    }
}
