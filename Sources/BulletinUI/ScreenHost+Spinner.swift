import TermView

/// What the spinner's timer has to draw (``ScreenHost/spinnerStep()``).
public enum SpinnerStep: Equatable, Sendable {
    /// Nothing: the spinner still shows the frame due.
    case unchanged
    /// Only the spinner's glyph changed: draw `text` in the cell at `point` of the frame on
    /// screen (`Terminal.patch(_:at:)`), nothing else.
    case cell(text: String, at: Point)
    /// Something else may have changed too (the spinner appeared or went, another screen, a
    /// file's load progress): draw a whole frame.
    case frame
}

/// The status line's spinner: shown once a load has run ``spinnerDelay`` seconds, turning
/// every ``spinnerInterval``; and between whole frames its own cell alone (issue 22, item 10).
///
/// A request waiting on a silent server used to cost 4 ticks of CPU per 5 s: each of the ~8
/// turns a second rendered and diffed the whole screen. Nothing else changes while a screen
/// waits (any change of observable state schedules a whole frame by itself), so a turn only
/// needs the glyph's cell: the host remembers where the last frame drew it, and the timer
/// sends that cell alone.
extension ScreenHost {
    /// The spinner's text for the footer (a frame and ``Screen/busyWord``) once the top screen
    /// has been loading for ``spinnerDelay`` seconds, else `nil`.
    func spinner(for screen: any Screen, entry: Int?) -> String? {
        guard screen.isLoading else {
            loadingSince = nil
            return nil
        }
        let now = clock()
        guard let since = loadingSince, since.entry == entry else {
            loadingSince = (entry, now)
            return nil
        }
        guard let frame = Self.spinnerFrameIndex(elapsed: now - since.time) else { return nil }
        spinnerFrame = (entry, frame)
        return Self.spinnerFrames[frame] + " " + screen.busyWord
    }

    /// After `screen`'s footer was drawn into `area`: where its spinner glyph is (the first
    /// cell of the area holding the frame's glyph with a space after it), for ``spinnerStep()``.
    func markSpinner(in area: Rect, on surface: Surface, screen: any Screen) {
        guard let (entry, frame) = spinnerFrame else { return }
        let glyph = Self.spinnerFrames[frame]
        for y in area.y..<area.maxY {
            for x in area.x..<(area.maxX - 1) where surface[x, y].text == glyph && surface[x + 1, y].text == " " {
                spinnerShown = (entry, screen, Point(x: x, y: y), frame)
                return
            }
        }
    }

    /// What the spinner's timer must draw now: ``SpinnerStep/cell(text:at:)`` when the last
    /// frame drew the spinner, its screen shows nothing that changes without its view model's
    /// observable state (a file's load progress: ``Screen/changesWhileLoading``) and the frame
    /// due differs from the one shown; ``SpinnerStep/unchanged`` when it is the one shown; else
    /// ``SpinnerStep/frame``.
    ///
    /// Call it only when no whole frame is due: every change of the observable state the last
    /// frame read (the stack, the screen's loading state, its rows) schedules one, so what that
    /// frame showed is still true but for the time, and the time only turns the spinner. A
    /// cell sent just before a frame that was about to be scheduled is harmless: the frame's
    /// diff starts from it.
    public func spinnerStep() -> SpinnerStep {
        guard helpState == nil, let shown = spinnerShown, let since = loadingSince, since.entry == shown.entry,
              !shown.screen.changesWhileLoading,
              let frame = Self.spinnerFrameIndex(elapsed: clock() - since.time) else { return .frame }
        guard frame != shown.frame else { return .unchanged }
        spinnerShown?.frame = frame
        return .cell(text: Self.spinnerFrames[frame], at: shown.point)
    }

    /// The index into ``spinnerFrames`` `elapsed` seconds into a load; `nil` before ``spinnerDelay``.
    static func spinnerFrameIndex(elapsed: Double) -> Int? {
        guard elapsed >= spinnerDelay else { return nil }
        return Int((elapsed - spinnerDelay) / spinnerInterval) % spinnerFrames.count
    }
}
