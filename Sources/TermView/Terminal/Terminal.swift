/// Draws whole frames and sends only the cells that changed (ratatui's `Terminal::draw`).
@MainActor
public final class Terminal {
    // MARK: - Properties

    /// The backend frames go to.
    public let backend: any TerminalBackend
    /// The frame last sent, or `nil` when the screen content is unknown.
    public private(set) var lastFrame: Surface?
    /// The cells to send, kept between frames for its capacity (``Surface/changes(since:into:)``).
    private var changes: [CellChange] = []

    // MARK: - Init

    /// Creates a terminal drawing to `backend`; the first ``draw(_:)`` sends every cell.
    public init(backend: any TerminalBackend) {
        self.backend = backend
    }

    // MARK: - API

    /// The backend's current size in cells.
    public var size: Size { backend.size }

    /// Renders a full frame and sends only what changed.
    ///
    /// `render` draws into a fresh blank ``Surface`` of the current size; the result is
    /// diffed against ``lastFrame`` (everything is sent after a size change or
    /// ``invalidate()``), the surface's cursor is applied, and the backend is flushed.
    public func draw(_ render: (inout Surface) -> Void) {
        var frame = Surface(size: backend.size)
        render(&frame)
        frame.changes(since: lastFrame, into: &changes)
        backend.draw(changes)
        backend.setCursor(frame.cursor)
        backend.flush()
        lastFrame = frame
        changes.removeAll(keepingCapacity: true)   // releases the cells' text now, keeps the storage
    }

    /// Forgets the last frame so the next ``draw(_:)`` sends every cell (after a resize,
    /// a resume from Ctrl-Z, or anything else that may have changed the screen).
    public func invalidate() {
        lastFrame = nil
    }
}
