import BulletinFeatures
import Dispatch
import MVVMC
import TermView

/// Draws the top of the navigation stack with its header and status line, and routes keys:
/// to a screen that captures them (a list's `/` prompt, an id being typed), then to the `:`
/// command prompt while it is open, else first to the screen, then to the global keys
/// (Back, help, quit, `:`). `?` or F1 opens the help overlay over the body (``ScreenHost+Help.swift``).
///
/// Frame layout, in rows: header (breadcrumbs), body, status line (the footer: key labels by
/// priority and a summary, ``ScreenHost+Keys.swift``).
@MainActor
public final class ScreenHost {
    // MARK: - Properties

    let stack: NavigationStack<Destination>
    private let onQuit: @MainActor () -> Void
    let commandLine: CommandLineViewModel?
    private let statusNote: StatusNote?
    /// Opens and copies the selected record (`o`, `y`, ``ScreenHost+Record.swift``); `nil`: no such keys.
    let share: ShareService?
    /// `--live`'s state, for the header's badge; `nil`: none.
    private let live: LiveUpdates?
    private var lastSize = Size(width: 0, height: 0)
    let clock: @MainActor () -> Double
    /// When the top screen started waiting (by ``clock``), and which entry it was.
    var loadingSince: (entry: Int?, time: Double)?
    /// The spinner frame the footer being drawn shows (``spinner(for:entry:)``), for the entry.
    var spinnerFrame: (entry: Int?, frame: Int)?
    /// Where the last frame drew the spinner's glyph, for which entry and screen, and which of
    /// ``spinnerFrames`` (``spinnerStep()``); `nil` when it drew none.
    var spinnerShown: (entry: Int?, screen: any Screen, point: Point, frame: Int)?
    /// The help overlay's scroll position while it is open; `nil` while it is closed.
    var helpState: TextViewState?
    /// The footer's bindings last drawn, with the screen's own and whether back applied
    /// (``footerHelp(for:canGoBack:)``).
    var footerHelpMemo: (own: [KeyHelp], canGoBack: Bool, help: [KeyHelp])?
    /// The footer's layout, kept while its bindings and widths stay the same.
    private let footerMemo = KeyFooterMemo()
    /// Rows the status line took in the last frame: 1, or 2 or 3 while a long message has rows of its own.
    private var statusHeight = 1

    /// How long a load runs before the spinner shows, in seconds: quick loads never flash it.
    public static let spinnerDelay = 0.3
    /// The spinner's frames, one per ``spinnerInterval``.
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Seconds per spinner frame.
    public static let spinnerInterval = 0.25

    // MARK: - Init

    /// - Parameters:
    ///   - stack: The app's navigation stack; the host draws its top entry.
    ///   - onQuit: Called when the user presses `q` or Ctrl-C.
    ///   - commandLine: The `:` prompt (the app coordinator's); without it `:` does nothing.
    ///   - statusNote: Outcomes of saves and deletes, shown in place of the screen's summary
    ///     until the next key.
    ///   - share: Opens and copies the selected record (`o`, `y`); without it those keys do nothing.
    ///   - live: `--live`'s state, shown in the header (``LiveUpdates/badge``).
    ///   - clock: Seconds on a monotonic clock, for the spinner (tests pass their own).
    public init(
        stack: NavigationStack<Destination>, commandLine: CommandLineViewModel? = nil,
        statusNote: StatusNote? = nil, share: ShareService? = nil, live: LiveUpdates? = nil, onQuit: @escaping @MainActor () -> Void,
        clock: @escaping @MainActor () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    ) {
        self.stack = stack
        self.commandLine = commandLine
        self.statusNote = statusNote
        self.share = share
        self.live = live
        self.onQuit = onQuit
        self.clock = clock
    }

    /// The terminal window's title, drawn from the stack like the header's breadcrumbs:
    /// `Bulletin — Home › Users › Leanne Graham`.
    public var windowTitle: String {
        "Bulletin — " + stack.entries.map(\.destination.title).joined(separator: " › ")
    }

    /// Whether the top screen is waiting for data, so the caller should redraw every
    /// ``spinnerInterval`` seconds to animate the spinner.
    public var needsAnimation: Bool { currentScreen?.isLoading ?? false }

    // MARK: - API

    /// The smallest terminal the layout is drawn in: 20 columns fit the key hints' first
    /// entries and a readable name column; 5 rows are the header, the status line and three
    /// rows of content (a list's header, the selection and one row of context).
    public static let minimumSize = Size(width: 20, height: 5)

    /// Draws a whole frame onto `surface`; below ``minimumSize`` a "terminal too small"
    /// notice instead (view-model state, such as the selection, is kept for growing back).
    public func render(on surface: inout Surface) {
        spinnerShown = nil
        spinnerFrame = nil
        let size = surface.size
        lastSize = size
        let full = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let notice = TooSmallNotice(minimum: Self.minimumSize)
        if notice.applies(to: size) { return notice.render(in: full, on: &surface) }
        let (headerArea, rest) = full.splitTop(1)
        // The stack's entries are read once a frame: each read of an observable property of a
        // generic class looks its key path up at run time (~6% of a one-row move's frame).
        let entries = stack.entries
        guard let top = entries.last else { return }
        Header(titles: entries.map(\.destination.title), route: top.destination.currentRoute ?? top.route ?? "",
               badge: live?.badge.map { "[\($0)]" } ?? "", badgeStyle: live?.badgeWarns == true ? .error : .header)
            .render(in: headerArea, on: &surface)
        let screen = Self.screen(for: top.destination)
        // A message too long for the footer takes one or two rows above it (the body is that
        // much shorter), while the body keeps at least two rows.
        // A message may take every row but the keys' and the body's two.
        let footer = helpState == nil
            ? footer(for: screen, entry: top.id, canGoBack: entries.count > 1, maxMessageRows: rest.height - 3) : nil
        let prompting = screen.capturesKeys || commandLine?.isActive == true
        let commandRows = commandLine.map { CommandPromptView(model: $0).height } ?? 1
        let wanted = screen.capturesKeys ? 1 : prompting ? commandRows : footer?.height(width: size.width) ?? 1
        let statusRows = wanted <= rest.height - 2 ? wanted : 1
        statusHeight = statusRows
        let (body, statusArea) = rest.splitBottom(statusRows)
        let promptArea = Rect(x: statusArea.x, y: statusArea.maxY - 1, width: statusArea.width, height: 1)
        if renderHelp(for: screen, body: body, status: statusArea, on: &surface) { return }
        if top.style == .modal, entries.count > 1 {
            // A modal (a dialog) is drawn over the screen beneath it: that screen first.
            Self.screen(for: entries[entries.count - 2].destination).render(in: body, on: &surface)
            surface.cursor = nil
        }
        screen.render(in: body, on: &surface)
        if screen.capturesKeys, screen.renderStatus(in: promptArea, on: &surface) { return }
        if let commandLine, CommandPromptView(model: commandLine).render(in: statusArea, on: &surface) { return }
        if screen.renderStatus(in: promptArea, on: &surface) { return }
        guard let footer else { return }
        // One row (a one-row move's frame): through the memo, which lays nothing out again.
        if statusRows == 1 {
            footerMemo.render(help: footer.help, right: footer.right, in: statusArea, on: &surface)
        } else {
            KeyFooter(help: footer.help, right: footer.right, wrapsRight: true, maxMessageRows: footer.maxMessageRows)
                .render(in: statusArea, on: &surface)
        }
        markSpinner(in: statusArea, on: surface, screen: screen)
    }

    /// What the footer is drawn from: the bindings, the right text, and whether that text is a
    /// message (which may take rows of its own above the keys) rather than a summary.
    private struct FooterParts {
        var help: [KeyHelp]
        var right: String
        var isMessage: Bool
        /// The most rows the message may take above the keys.
        var maxMessageRows: Int

        /// Rows the footer takes at `width`: 1 for a summary; for a message, ``KeyFooter/height(width:)``.
        func height(width: Int) -> Int {
            isMessage ? KeyFooter(help: help, right: right, wrapsRight: true, maxMessageRows: maxMessageRows)
                .height(width: width) : 1
        }
    }

    /// The footer of `screen`: its keys, and on the right a message (the last command's, the
    /// last `n`'s, a status note) in the summary's place, the always-shown keys beside it; a
    /// message that does not fit there even shortened takes a row of its own.
    private func footer(for screen: any Screen, entry: Int?, canGoBack: Bool, maxMessageRows: Int) -> FooterParts {
        let message = commandLine?.message ?? screen.statusMessage ?? noteText
        let text = message ?? screen.summary
        // "⠼ Loading users…", not "⠼ loading Loading users…": the glyph alone where the text says it.
        let busy = spinner(for: screen, entry: entry).map { spinning in
            text.lowercased().hasPrefix(screen.busyWord.lowercased()) ? String(spinning.prefix(1)) : spinning
        }
        let summary = [busy, text].compactMap { $0 }.filter { !$0.isEmpty }
        return FooterParts(help: footerHelp(for: screen, canGoBack: canGoBack), right: summary.joined(separator: " "),
                           isMessage: message != nil, maxMessageRows: max(1, maxMessageRows))
    }

    /// Esc, before any screen: stops a save waiting for another program's lock and returns
    /// `true`, or returns `false` when none waits (``AppCoordinator/stopWaitingWrite()``).
    public var stopsWaitingWrite: @MainActor () -> Bool = { false }

    /// Lets Esc stop `coordinator`'s waiting save or opening form, and keys typed while a form
    /// or a question opens wait for it.
    public func attach(to coordinator: AppCoordinator) {
        stopsWaitingWrite = { [unowned coordinator] in coordinator.stopWaitingWrite() }
        opening = { [unowned coordinator] in coordinator.isOpening }
        stopsOpening = { [unowned coordinator] in coordinator.stopOpening() }
        coordinator.onOpeningEnded = { [weak self] opened in self?.openingEnded(opened: opened) }
    }

    /// Whether a form or a question is opening (its record being read): keys typed meanwhile
    /// wait for it (``AppCoordinator/isOpening``).
    public var opening: @MainActor () -> Bool = { false }
    /// Esc while opening: stops it (``AppCoordinator/stopOpening()``).
    public var stopsOpening: @MainActor () -> Bool = { false }
    /// Keys typed while a form or a question was opening, for it once it is shown.
    private var typeAhead: [Key] = []
    /// The most keys kept for a form still opening.
    static let typeAheadLimit = 4_096

    /// The form or question that was opening opened (`true`: the keys typed meanwhile go to it,
    /// in order) or did not (`false`: they were for it, and are dropped).
    public func openingEnded(opened: Bool) {
        let keys = typeAhead
        typeAhead = []
        guard opened else { return }
        for key in keys { handle(key) }
    }

    /// Handles one key press.
    public func handle(_ key: Key) {
        if opening() {
            // `ehello`: the text is the form's, not the list's (where `h` would go back).
            if key == .escape { typeAhead = []; _ = stopsOpening() } else if typeAhead.count < Self.typeAheadLimit { typeAhead.append(key) }
            return
        }
        statusNote?.clear()
        if helpState != nil, handleHelpKey(key) { return }
        if key == .escape, stopsWaitingWrite() { return }
        var screen = currentScreen
        var declined = false
        if let captured = screen, captured.capturesKeys {
            if captured.handle(key, in: bodyArea) { return }
            // A key that ended the capture without being the screen's (a non-digit after an id's
            // digits) acts as itself: the `:` prompt, the record keys, the global keys.
            screen = currentScreen
            declined = true
        }
        if let current = screen, current.capturesKeys {
            // Still taking every key: only the global keys are left.
        } else {
            if let commandLine {
                commandLine.clearMessage()
                if CommandPromptView.handle(key, model: commandLine) { return }
            }
            // A key the prompt did not take changed nothing: the screen is still the top one.
            if let screen, !declined, screen.handle(key, in: bodyArea) { return }
            if let screen, handleRecordKey(key, beside: screen.keyHelp) { return }
        }
        switch globalKeys.action(for: key) {
        case .back?: if !stack.dismiss() { stack.pop() }
        case .quit?: onQuit()
        case .help?: helpState = TextViewState()
        case .command?, nil: break
        }
    }

    /// Ctrl-C arrived as `SIGINT` (the terminal is in cbreak mode): `true` when the top screen
    /// took it (a form with unsaved changes asks first), `false` when the app should quit now.
    public func handleInterrupt() -> Bool {
        helpState = nil
        guard let screen = currentScreen, screen.capturesKeys else { return false }
        return screen.handle(.ctrl("c"), in: bodyArea)
    }

    // MARK: - Private

    var bodyArea: Rect {
        Rect(x: 0, y: 1, width: lastSize.width, height: max(0, lastSize.height - 1 - statusHeight))
    }

    var currentScreen: (any Screen)? {
        stack.top.map { Self.screen(for: $0.destination) }
    }

    /// The status note with the key that undoes what it reports (`· u undoes`), when it can be undone.
    private var noteText: String? {
        guard let note = statusNote, let text = note.text else { return nil }
        return note.offersUndo ? text + " · u undoes" : text
    }

    /// The screen for a view model: the one mapping from the kinds of view model to their
    /// screens (adding a screen adds its line here). A kind without a line draws a notice
    /// instead of failing, and a test checks every kind the coordinators show has one.
    static func screen(for model: any ScreenViewModel) -> any Screen {
        switch model {
        case let model as HomeViewModel: HomeScreen(model: model)
        case let model as UserListViewModel: UserListScreen(model: model)
        case let model as UserDetailViewModel: UserDetailScreen(model: model)
        case let model as AlbumViewModel: AlbumScreen(model: model)
        case let model as PostListViewModel: PostListScreen(model: model)
        case let model as PostDetailViewModel: PostDetailScreen(model: model)
        case let model as RawRecordViewModel: RawRecordScreen(model: model)
        case let model as AdminPanelViewModel: AdminPanelScreen(model: model)
        case let model as LinkErrorViewModel: LinkErrorScreen(model: model)
        case let model as SearchViewModel: SearchScreen(model: model)
        case let model as RecordFormViewModel: RecordFormScreen(model: model)
        case let model as ConfirmationViewModel: ConfirmationScreen(model: model)
        default: MissingScreen(title: model.title)
        }
    }
}
