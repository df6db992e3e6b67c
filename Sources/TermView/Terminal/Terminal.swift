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

    /// Changes one cell of the frame on screen to `text` (its style kept) and sends only that
    /// cell, without rendering a frame: for a part of the screen that changes on its own while
    /// nothing else does (the spinner's glyph), so a frame with one changed cell costs what one
    /// cell costs, not a render and a diff of the whole screen.
    /// - Parameters:
    ///   - text: One character as wide as the cell it replaces (a spinner frame).
    ///   - point: The cell, in the last frame.
    /// - Returns: `false`, sending nothing, when that cannot be done in place: no frame on
    ///   screen of the current size (after ``invalidate()`` or a resize), a point outside it or
    ///   on a wide character's second column, or a text that is not one character as wide as
    ///   the cell, with nothing to sanitize. Draw a whole frame then.
    @discardableResult
    public func patch(_ text: String, at point: Point) -> Bool {
        guard lastFrame?.size == backend.size, let old = lastFrame?[point.x, point.y] else { return false }
        // Written into the last frame in place: a copy of the frame would cost a whole screen.
        guard lastFrame?.replaceText(at: point, with: text) == true, let new = lastFrame?[point.x, point.y] else { return false }
        guard new != old else { return true }
        backend.draw([CellChange(point: point, cell: new)])
        backend.setCursor(lastFrame?.cursor)
        backend.flush()
        return true
    }

    /// Forgets the last frame so the next ``draw(_:)`` sends every cell (after a resize,
    /// a resume from Ctrl-Z, or anything else that may have changed the screen).
    public func invalidate() {
        lastFrame = nil
    }
}
