/// A backend that keeps the "screen" in memory, for tests (like ratatui's `TestBackend`).
///
/// `draw` writes into a pending buffer and `flush` makes it visible in ``lines``, so tests
/// can check that nothing shows before a flush, and count output with ``cellsDrawn``.
@MainActor
public final class MemoryBackend: TerminalBackend {
    // MARK: - Properties

    /// Keys that ``nextKey()`` returns, front first.
    public var pendingKeys: [Key] = []
    /// How many times ``flush()`` was called.
    public private(set) var flushCount = 0
    /// How many changes ``draw(_:)`` received in total, continuation cells included.
    public private(set) var cellsDrawn = 0
    /// The cursor as last set (`nil`: hidden).
    public private(set) var cursor: Point?
    /// The OSC 52 sequences ``copyToClipboard(_:)`` sent, oldest first, byte for byte.
    public private(set) var clipboardWrites: [[UInt8]] = []

    private var pending: Surface
    private var visible: Surface

    // MARK: - Init

    /// Creates a blank screen of `size` cells.
    public init(size: Size) {
        pending = Surface(size: size)
        visible = Surface(size: size)
    }

    // MARK: - TerminalBackend

    /// The screen size in cells.
    public var size: Size { visible.size }

    /// Applies `changes` to the pending buffer; changes outside the screen are ignored.
    public func draw(_ changes: [CellChange]) {
        cellsDrawn += changes.count
        for change in changes {
            pending.setCell(change.cell, x: change.point.x, y: change.point.y)
        }
    }

    /// Records the cursor position (`nil` hides it).
    public func setCursor(_ point: Point?) {
        cursor = point
    }

    /// Makes the pending buffer visible.
    public func flush() {
        flushCount += 1
        visible = pending
    }

    /// Pops the first of ``pendingKeys``, or returns `nil` when there is none.
    public func nextKey() -> Key? {
        pendingKeys.isEmpty ? nil : pendingKeys.removeFirst()
    }

    /// Records the OSC 52 bytes a terminal would get.
    public func copyToClipboard(_ text: String) {
        clipboardWrites.append(OSC52.sequence(for: text))
    }

    // MARK: - API

    /// What the screen shows now (after the last flush), one string per row, full width.
    public var lines: [String] { visible.lines }

    /// The style shown at `point` now (`.normal` outside the screen).
    public func style(at point: Point) -> Style {
        visible.style(at: point)
    }

    /// Changes the screen size and blanks it, as a terminal does on resize. Does not queue
    /// a `.resize` key; append one to ``pendingKeys`` to simulate ncurses' `KEY_RESIZE`.
    public func resize(to size: Size) {
        pending = Surface(size: size)
        visible = Surface(size: size)
    }
}
