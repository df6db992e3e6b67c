import CNcurses
import CTerminalSafety
import Foundation

/// The real screen: ncursesw in full-screen mode. All C calls of TermView live in the
/// `NcursesBackend*.swift` files; every call happens on the main thread.
@MainActor
public final class NcursesBackend: TerminalBackend {
    // MARK: - Properties

    /// The screen size in cells (`LINES` × `COLS`), updated by ``refreshSize()``.
    public private(set) var size: Size
    let window: UnsafeMutablePointer<WINDOW>
    private let theme: NcursesTheme
    private var cursor: Point?
    private(set) var isRestored = false
    private var lastTitle: String?
    /// A title change waiting for the next frame (terminfo `tsl` … `fsl` bytes).
    private var pendingTitle: [UInt8] = []
    /// Where ncurses' output for a frame is gathered; `nil` when no memory file could be made.
    let frames: FrameCapture?
    /// The frame being sent, with the terminal's synchronized-update markers.
    var output: FrameOutput
    /// Grapheme clusters drawn through a marker (see ``ClusterMarkers``).
    var clusterMarkers: ClusterMarkers
    /// Rows where a marked cluster was drawn since the last flush: ncurses repaints them
    /// whole (`wredrawln(3X)`), so a cluster a terminal draws wider than the layout is
    /// overwritten by the cells after it instead of covering them.
    private var markedRows: Set<Int32> = []

    // MARK: - Init

    private init(window: UnsafeMutablePointer<WINDOW>, theme: NcursesTheme, ncursesDescriptor: Int32) {
        self.window = window
        self.theme = theme
        self.frames = FrameCapture(ncursesDescriptor: ncursesDescriptor, terminalDescriptor: 1)
        self.output = Self.frameOutput()
        self.clusterMarkers = ClusterMarkers(fence: .fromTerminfo())
        self.size = Size(width: Int(bulletin_cols()), height: Int(bulletin_lines()))
    }

    /// Starts ncurses full-screen on stdin/stdout.
    ///
    /// Calls `setlocale(LC_ALL, "")`, then `newterm(NULL, out, stdin)` (not `initscr`, so a
    /// bad `TERM` is an error instead of an exit; `out` is a `dup(2)` of stdout, so that each
    /// frame can be gathered and sent whole, see ``FrameCapture``), `cbreak`, `noecho`, `nonl`, flow control off (`IXON`, so Ctrl-S is a key),
    /// `keypad(stdscr, TRUE)`, `nodelay(stdscr, TRUE)`, `set_escdelay(25)`, `curs_set(0)`.
    /// Colours (`start_color`, `use_default_colors`) are used when `has_colors()` and
    /// `NO_COLOR` is unset or empty; otherwise the theme is monochrome. The alternate screen
    /// comes from the terminfo `smcup` capability. A crash signal from then on restores the
    /// terminal before its default action (see `NcursesBackend+Lifecycle.swift`). SIGTSTP is
    /// routed to the event loop's self-pipe before `newterm`, so ncurses leaves it alone
    /// (see ``claimSuspendSignal()``).
    /// - Throws: ``TerminalError`` with a one-line reason when the terminal cannot be used.
    /// - Parameter changes: The settings file's changes to the theme's looks (``Theme/changing(_:)``).
    public static func start(changes: [Style: LookChange] = [:]) throws -> NcursesBackend {
        setlocale(LC_ALL, "")
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !term.isEmpty else { throw TerminalError("TERM is not set") }
        let descriptor = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard descriptor >= 0, let output = fdopen(descriptor, "w"), let input = fdopen(0, "r") else {
            throw TerminalError("cannot open the terminal's input and output")
        }
        saveModesForCrash()
        claimSuspendSignal()
        guard newterm(nil, output, input) != nil, let window = bulletin_stdscr() else {
            throw TerminalError("unknown or unusable terminal type \"\(term)\" (check TERM)")
        }
        configureInput(window)
        armCrashRestore()
        // What libraries print on stderr waits until the screen is down (``restore()``).
        _ = bulletin_stderr_hold()
        return NcursesBackend(window: window, theme: makeTheme(changes: changes), ncursesDescriptor: descriptor)
    }

    // MARK: - TerminalBackend

    /// Draws each change with `setcchar(3X)` and `mvwadd_wch(3X)`, skipping continuation
    /// cells. Nothing is visible until ``flush()``.
    public func draw(_ changes: [CellChange]) {
        for change in changes where change.cell.width > 0 {
            put(change.cell, x: Int32(change.point.x), y: Int32(change.point.y))
        }
    }

    /// Remembers where to show the cursor at the next flush; `nil` hides it (`curs_set(3X)`).
    public func setCursor(_ point: Point?) {
        cursor = point
    }

    /// Moves the cursor (`wmove(3X)`), shows or hides it (`curs_set(3X)`), and updates the
    /// terminal (`wrefresh(3X)`), sending the frame, and a title change set since the last one,
    /// in one `write(2)`; inside synchronized-update markers (DEC mode 2026) when terminfo's
    /// `Sync` advertises them (see ``FrameOutput``). An unchanged screen sends nothing.
    public func flush() {
        let title = pendingTitle
        pendingTitle.removeAll()
        let rows = markedRows
        markedRows.removeAll()
        updateWhole({ [window, cursor] in
            for row in rows { wredrawln(window, row, 1) }
            if let cursor {
                wmove(window, Int32(cursor.y), Int32(cursor.x))
                curs_set(1)
            } else {
                curs_set(0)
            }
            wrefresh(window)
        }, title: title)
    }

    /// Reads one key without blocking with `wget_wch(3X)`; `nil` when it returns `ERR`.
    public func nextKey() -> Key? {
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        guard status != ERR else { return nil }
        if status == KEY_CODE_YES, Int32(bitPattern: UInt32(value)) == KEY_MOUSE { return readMouse() }
        return Self.decodeKey(isKeyCode: status == KEY_CODE_YES, value: UInt32(value))
    }

    // MARK: - API

    /// Sets the terminal window's title, through terminfo's status-line strings (`tsl` … `fsl`,
    /// as tmux, screen and xterm+sl entries define them). The text is sanitized first
    /// (``Sanitizer/singleLine(_:)``), so no byte of it is a control character; it goes out
    /// with the next ``flush()``, after that frame's update and in the same write. Does nothing
    /// when the title is unchanged or the terminal has no such strings.
    /// - Returns: `true` when the terminal can show a title.
    @discardableResult
    public func setTitle(_ title: String) -> Bool {
        guard let start = bulletin_title_start().map({ String(cString: $0) }),
              let end = bulletin_title_end().map({ String(cString: $0) }) else { return false }
        let text = Sanitizer.singleLine(title)
        guard text != lastTitle else { return true }
        lastTitle = text
        pendingTitle = Array((start + text + end).utf8)
        return true
    }

    /// Restores the terminal: mouse reporting off before anything else (``mouseOffSequence``,
    /// written at once), then `endwin(3X)` (cooked mode, cursor shown, primary screen from
    /// terminfo `rmcup`), then unread input discarded (`tcflush(3)` `TCIFLUSH` on stdin), so
    /// mouse reports and keys queued behind the key that quit never reach the shell's prompt
    /// as text (`35;20;8M…`). Idempotent, so every exit path (quit, a signal event, a thrown
    /// error) may call it. Signals arrive through ``EventLoop`` on the main queue, so this
    /// never runs inside a C signal handler.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        bulletin_safety_disarm()
        Self.writeAll(Self.mouseOffSequence)
        endwin()
        tcflush(0, TCIFLUSH)
        // What was written to stderr meanwhile, under the shell's prompt now.
        bulletin_stderr_release()
    }

    /// Re-reads the terminal size after `SIGWINCH` or `KEY_RESIZE`.
    ///
    /// Asks the tty (`ioctl(2)` `TIOCGWINSZ` on stdout) and applies it with `resizeterm(3X)`,
    /// because ``EventLoop`` takes `SIGWINCH` away from ncurses' own handler.
    public func refreshSize() {
        var window = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0,
           is_term_resized(Int32(window.ws_row), Int32(window.ws_col)) {
            // Only on a real change: resizeterm queues a KEY_RESIZE, which would come back here.
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        size = Size(width: Int(bulletin_cols()), height: Int(bulletin_lines()))
    }

    // MARK: - Private

    private static func configureInput(_ window: UnsafeMutablePointer<WINDOW>) {
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        disableFlowControl()
    }

    /// Turns off XON/XOFF flow control (`IXON`, `tcsetattr(3)`) so Ctrl-S and Ctrl-Q reach
    /// the app as keys (Ctrl-S saves a form) instead of freezing the output; then records the
    /// mode with `def_prog_mode(3X)`, so it comes back after Ctrl-Z. `endwin` restores the
    /// shell's own setting on exit.
    private static func disableFlowControl() {
        var modes = termios()
        guard tcgetattr(0, &modes) == 0 else { return }
        modes.c_iflag &= ~tcflag_t(IXON)
        tcsetattr(0, TCSANOW, &modes)
        def_prog_mode()
    }

    /// Picks the ``ColorMode`` (``ColorMode/detect(hasColors:colors:noColor:)``), starting
    /// colours (`start_color`, `use_default_colors`) only when a colour mode is possible.
    private static func makeTheme(changes: [Style: LookChange]) -> NcursesTheme {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"]
        let colorable = ColorMode.detect(hasColors: has_colors(), colors: 256, noColor: noColor) != .monochrome
        guard colorable, start_color() != ERR else {
            return NcursesTheme(Theme.standard(.monochrome).changing(changes), defaultColors: true)
        }
        let mode = ColorMode.detect(hasColors: true, colors: Int(bulletin_colors()), noColor: noColor)
        return NcursesTheme(Theme.standard(mode).changing(changes), defaultColors: use_default_colors() != ERR)
    }

    /// Draws one cell (``bulletin_put_cell``: a cluster the C library cannot print becomes
    /// U+FFFD; when ncurses thinks a 2-column cell of one scalar is 1 column wide, a space
    /// fills the other half). A cluster ncurses cannot carry whole (a ZWJ sequence, a flag, a
    /// skin tone, a VS16 sequence, more than `CCHARW_MAX` scalars) goes through a marker
    /// (``ClusterMarkers``) when frames are captured, else is cut as ncurses cuts it. A cell of
    /// one scalar, nearly every cell, needs no buffer on the heap.
    private func put(_ cell: Cell, x: Int32, y: Int32) {
        let look = theme[cell.style]
        let width = Int32(cell.width)
        var scalars = cell.text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else {
            return bulletin_put_cell(window, y, x, nil, 0, look.attributes, look.pair, width)   // U+FFFD
        }
        guard let second = scalars.next() else {
            if first.value >= 0xF0000, putMarked(cell, look: look, x: x, y: y) { return }
            var value = wchar_t(bitPattern: first.value)
            bulletin_put_cell(window, y, x, &value, 1, look.attributes, look.pair, width)
            return
        }
        if frames != nil,
           ClusterMarkers.needsMarker(cell.text.unicodeScalars, width: cell.width, limit: Int(CCHARW_MAX),
                                      columns: { Int(wcwidth(wchar_t(bitPattern: $0.value))) }),
           putMarked(cell, look: look, x: x, y: y) {
            return
        }
        var values = [wchar_t(bitPattern: first.value), wchar_t(bitPattern: second.value)]
        while values.count < Int(CCHARW_MAX), let next = scalars.next() { values.append(wchar_t(bitPattern: next.value)) }
        bulletin_put_cell(window, y, x, &values, Int32(values.count), look.attributes, look.pair, width)
    }

    /// Draws `cell` as its placeholder and marker (``bulletin_put_marked_cell``).
    /// - Returns: `false` when it cannot (no frame capture, or the marker table is full).
    private func putMarked(_ cell: Cell, look: NcursesLook, x: Int32, y: Int32) -> Bool {
        guard frames != nil, let marker = clusterMarkers.marker(for: cell.text) else { return false }
        let placeholder = ClusterMarkers.placeholder(width: cell.width)
        bulletin_put_marked_cell(window, y, x, wchar_t(bitPattern: placeholder.value), wchar_t(bitPattern: marker.value),
                                 look.attributes, look.pair)
        markedRows.insert(y)
        return true
    }
}
