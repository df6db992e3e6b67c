import BulletinFeatures
import BulletinUI
import Dispatch
import Foundation
import Observation
import TermView

/// The running app: the terminal, the root coordinator, the screen host and the event loop.
///
/// Everything runs on the main queue. Keys, resizes and signals arrive through the
/// ``EventLoop``; async loads finish on the main actor and change observable view-model
/// state, which schedules one redraw per batch of changes. The terminal is restored on
/// every way out: `q`, Quit on Home, Ctrl-C, SIGTERM, SIGHUP, SIGQUIT (and the other signals of
/// `EventLoop.terminatingSignals`), and a crash signal
/// (see `NcursesBackend.armCrashRestore()`). Ctrl-Z suspends with the terminal restored and
/// `fg` repaints the whole screen.
@MainActor
final class Application {
    // MARK: - Properties

    private let backend: NcursesBackend
    private let terminal: Terminal
    private let coordinator: AppCoordinator
    private var host: ScreenHost?
    private var loop: EventLoop?
    private var redrawScheduled = false
    /// Set while the events queued during a terminal hand-off (``sharing(backend:terminal:lent:)``)
    /// are handled: the signals the keyboard raised then (Ctrl-C to leave a text browser) were
    /// meant for that program, not for Bulletin.
    private let lent = LentTerminal()
    private var spinnerTimer: DispatchSourceTimer?

    // MARK: - Init

    /// Starts ncurses full-screen, with mouse reporting unless `usesMouse` is `false`, and the
    /// settings file's `colors` applied to the theme.
    /// - Throws: ``TerminalError`` when the terminal cannot be initialised.
    init(dependencies: AppDependencies, usesMouse: Bool = true, colors: [Style: LookChange] = [:]) throws {
        backend = try NcursesBackend.start(changes: colors)
        if usesMouse { backend.enableMouse() }
        terminal = Terminal(backend: backend)
        var dependencies = dependencies
        dependencies.sharing = Self.sharing(backend: backend, terminal: terminal, lent: lent)
        dependencies.historyPath = CommandHistory.defaultPath()
        coordinator = AppCoordinator(dependencies: dependencies, onQuit: { [backend] in
            Self.shutdown(backend, status: 0)
        })
        host = ScreenHost(
            stack: coordinator.stack, commandLine: coordinator.commandLine, statusNote: coordinator.statusNote,
            share: coordinator.share, live: coordinator.live, onQuit: { [unowned self] in self.quit(status: 0) })
        host?.attach(to: coordinator)
    }

    // MARK: - API

    /// Shows Home (then `link`'s screen with its back stack, if given), with `notice` in the
    /// status line until the first key, and serves events until the user quits; never returns.
    func run(opening link: DeepLink? = nil, notice: String? = nil) -> Never {
        coordinator.start()
        if let link { coordinator.open(link) }
        if let notice { coordinator.statusNote.show(notice) }
        let loop = EventLoop { [unowned self] event in self.handle(event) }
        self.loop = loop
        lent.loop = loop
        loop.start(keys: { [backend] in backend.nextKey() })
        draw()
        dispatchMain()
    }

    // MARK: - Private

    /// `o` and `y` over this terminal: a browser that runs in the terminal gets it the way
    /// Ctrl-Z hands it to the shell (full-screen mode left, then the whole screen repainted);
    /// OSC 52 goes straight to the terminal; copied text is sanitized as drawn text is.
    private static func sharing(backend: NcursesBackend, terminal: Terminal, lent: LentTerminal) -> Sharing {
        let handoff = TerminalHandoff { [backend, terminal, lent] run in
            backend.suspend()
            run()
            // A Ctrl-C (or Ctrl-\) typed into the program was for it: take the ones waiting in
            // the event loop's signal pipe off it now, before its read source reports them
            // after this block.
            lent.dropPendingInterrupts()
            backend.resumeAfterSuspend()
            terminal.invalidate()
            // One whose handler ran late (under load) reaches the main queue soon after this
            // block; for a moment they are not for us either.
            lent.justReturned = true
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(250)) {
                MainActor.assumeIsolated { lent.justReturned = false }
            }
        }
        let clipboard = TerminalClipboard(acceptsOSC52: backend.acceptsClipboard) { [backend] text in
            backend.copyToClipboard(text)
        }
        return Sharing(opener: SystemLinkOpener(handoff: handoff), clipboard: SystemClipboard(terminal: clipboard),
                       sanitize: Sanitizer.singleLine)
    }

    private func handle(_ event: EventLoop.Event) {
        switch event {
        case .key(.resize), .resize:
            backend.refreshSize()
            terminal.invalidate()
        case let .key(key):
            host?.handle(key)
        case let .terminate(signal) where lent.justReturned && (signal == SIGINT || signal == SIGQUIT):
            break   // queued while the terminal was lent to a program (a text browser): not for us
        case let .terminate(signal) where (signal == SIGINT || signal == SIGQUIT) && host?.handleInterrupt() == true:
            break   // Ctrl-C or Ctrl-\ in a form with unsaved changes: it asks first
        case let .terminate(signal):
            quit(status: 128 + signal)
        case .suspend:
            backend.suspend()
            NcursesBackend.stopForJobControl()
            // Continued by `fg`, or by `kill -CONT` while the shell keeps the terminal: then it
            // stops again without touching the terminal, and draws only in the foreground.
            guard backend.resumeWhenForeground() else { return resumeLater() }
            terminal.invalidate()
        case .resume:
            guard backend.resumeWhenForeground() else { return resumeLater() }
            terminal.invalidate()
        }
        scheduleRedraw()
    }

    /// Runs the spinner's timer exactly while the top screen is loading: every
    /// ``ScreenHost/spinnerInterval`` it turns the spinner (``animateSpinner()``), and it is
    /// cancelled as soon as a frame shows nothing loading, so an idle app has no timer and
    /// never wakes up.
    private func updateSpinnerTimer(animating: Bool) {
        if animating, spinnerTimer == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + ScreenHost.spinnerInterval, repeating: ScreenHost.spinnerInterval)
            timer.setEventHandler { [unowned self] in
                MainActor.assumeIsolated { self.animateSpinner() }
            }
            timer.resume()
            spinnerTimer = timer
        } else if !animating, let timer = spinnerTimer {
            timer.cancel()
            spinnerTimer = nil
        }
    }

    /// One turn of the spinner: when no whole frame is due (nothing observed changed since
    /// the last one), only the spinner's cell is sent (``ScreenHost/spinnerStep()``,
    /// `Terminal.patch(_:at:)`), so a request waiting on a silent server costs what one cell
    /// costs 8 times a second, not 8 renders and diffs of the whole screen; otherwise a whole frame.
    private func animateSpinner() {
        guard !redrawScheduled, let host, backend.isInForeground else { return scheduleRedraw() }
        switch host.spinnerStep() {
        case .unchanged: break
        case let .cell(text, point): if !terminal.patch(text, at: point) { scheduleRedraw() }
        case .frame: scheduleRedraw()
        }
    }

    /// Coalesces redraw requests into one frame on the next turn of the main queue.
    private func scheduleRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                self.redrawScheduled = false
                self.draw()
            }
        }
    }

    /// Continued in the background where it cannot stop again (an orphaned process group):
    /// looks again every 0.25 s and draws once it is in the foreground.
    private func resumeLater() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) {
            MainActor.assumeIsolated { self.handle(.resume) }
        }
    }

    /// Draws a frame, tracking which observable state it read so that a change to any of it
    /// (a load finishing, say) schedules the next frame. Draws nothing while the process is in
    /// the background (continued there by `kill -CONT`): the shell owns the screen then.
    private func draw() {
        guard let host, backend.isInForeground else { return }
        withObservationTracking {
            backend.setTitle(host.windowTitle)   // sent with the frame, in the same write
            terminal.draw { surface in host.render(on: &surface) }
        } onChange: {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.scheduleRedraw() } }
        }
        updateSpinnerTimer(animating: host.needsAnimation)
    }

    /// Restores the terminal and exits with `status`.
    private func quit(status: Int32) -> Never {
        loop?.stop()
        Self.shutdown(backend, status: status)
    }

    /// Restores the terminal and exits; the one way out of a running app.
    private static func shutdown(_ backend: NcursesBackend, status: Int32) -> Never {
        backend.restore()
        exit(status)
    }
}

/// Whether the terminal has just come back from a program it was lent to (see `Application.lent`).
@MainActor
final class LentTerminal {
    /// The app's event loop, whose signal pipe holds the interrupts typed into the program.
    weak var loop: EventLoop?

    /// Takes every `SIGINT` and `SIGQUIT` waiting in the event loop off it without acting on them.
    func dropPendingInterrupts() {
        loop?.dropPendingSignals([SIGINT, SIGQUIT])
    }

    var justReturned = false
}
