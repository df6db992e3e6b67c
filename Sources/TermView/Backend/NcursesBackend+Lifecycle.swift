import CNcurses
import CTerminalSafety
import Foundation

extension NcursesBackend {
    /// Saves the shell's terminal modes (`tcgetattr(3)` on stdin) for the crash handler;
    /// call before `newterm(3X)` changes them.
    static func saveModesForCrash() {
        _ = bulletin_safety_save_modes(0)
    }

    /// Routes SIGTSTP to the self-pipe the ``EventLoop`` reads (`bulletin_signal_pipe_route`);
    /// call before `newterm(3X)`.
    ///
    /// ncurses' `_nc_signal_handler` (lib_tstp.c) takes charge of SIGTSTP only if its action is
    /// `SIG_DFL` when `newterm` first calls it; then every `doupdate(3X)` sets SIGTSTP to
    /// `SIG_IGN` for the length of the update and puts the previous action back, and the kernel
    /// discards a Ctrl-Z that arrives in that window (about one in ten right after `fg`, whose
    /// full repaint is long, or while the spinner redraws). With a handler already installed,
    /// ncurses leaves SIGTSTP alone for good. A Ctrl-Z before the loop starts waits in the pipe.
    static func claimSuspendSignal() {
        _ = bulletin_signal_pipe_route(SIGTSTP)
    }

    /// The bytes that turn every xterm mouse-reporting mode off (DEC private modes 1000 button
    /// events, 1002 motion while pressed, 1003 all motion, 1006 the SGR encoding):
    /// `CSI ? 1000 l` and so on. ncurses asks for mode 1000 when terminfo has `kmous` (tmux,
    /// xterm); the others are turned off too, so whatever a terminal was left with is off. A
    /// terminal without a mouse ignores them (ECMA-48 private modes it does not know).
    static let mouseOffSequence: [UInt8] = Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l".utf8)

    /// Arms the crash handler (SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGSYS): it writes
    /// ``mouseOffSequence`` first, then the terminfo `rmkx`, `sgr0`, `cnorm` and `rmcup` strings
    /// of this terminal to stdout, restores the saved modes, discards unread input, then lets
    /// the signal's default action happen.
    static func armCrashRestore() {
        let capabilities = ["rmkx", "sgr0", "cnorm", "rmcup"]
        var bytes: [CChar] = mouseOffSequence.map { CChar(bitPattern: $0) }
        for name in capabilities {
            guard let value = name.withCString({ tigetstr($0) }),
                  Int(bitPattern: value) != -1 else { continue }
            var pointer = value
            while pointer.pointee != 0 {
                bytes.append(pointer.pointee)
                pointer += 1
            }
        }
        bulletin_safety_set_reset_sequence(1, bytes, bytes.count)
        bulletin_safety_arm()
    }

    /// Leaves full-screen mode for Ctrl-Z (`endwin(3X)`: cooked mode, echo, cursor, primary
    /// screen), turns the crash restore off until ``resumeAfterSuspend()``, and gives stderr
    /// back with what was written to it meanwhile (held again on resume).
    public func suspend() {
        guard !isRestored else { return }
        bulletin_safety_disarm()
        endwin()
        bulletin_stderr_release()
    }

    /// Returns to full-screen mode after `fg`: re-reads the size, re-enters full-screen mode
    /// with a blank screen (`werase(3X)`, `wrefresh(3X)`: ncurses restores the program's
    /// terminal modes in that update, which must reach the terminal itself, not the memory file
    /// of ``FrameCapture``), makes the next ``flush()`` clear and repaint the whole screen
    /// (`clearok(3X)`), so nothing the shell printed meanwhile stays visible, and turns keypad
    /// transmit mode back on (`keypad(3X)`). Callers also invalidate their last frame.
    public func resumeAfterSuspend() {
        guard !isRestored else { return }
        bulletin_safety_rearm()
        _ = bulletin_stderr_hold()
        refreshSize()
        werase(window)
        wrefresh(window)
        clearok(window, true)
        // endwin sent rmkx; without smkx again the terminal sends cursor keys in the other
        // form (ESC [ B instead of ESC O B), which would read as Esc followed by letters.
        keypad(window, false)
        keypad(window, true)
    }

    /// Whether this process's group is the terminal's foreground process group (`tcgetpgrp(3)`
    /// on stdin equals `getpgrp(2)`): only then may it draw. `true` when the terminal cannot say
    /// (`tcgetpgrp` fails), so an unknown answer never stops drawing for good.
    public var isInForeground: Bool {
        let owner = tcgetpgrp(0)
        return owner < 0 || owner == getpgrp()
    }

    /// After `SIGCONT` (``EventLoop/Event/resume``): re-enters full-screen mode
    /// (``resumeAfterSuspend()``, with the program's terminal modes put back first,
    /// `reset_prog_mode(3X)`, in case the shell changed them while the process was stopped) and
    /// returns `true` when the process is in the foreground. In the background (`kill -CONT` of
    /// a job the shell took the terminal from) it writes nothing and stops again as SIGTSTP's
    /// default action would (``stopForJobControl()``: the shell reports the job stopped), so
    /// it draws only after `fg`.
    /// - Returns: `false` when the process is still in the background after that (an orphaned
    ///   process group, where the kernel discards the stop) or the terminal is restored: draw
    ///   nothing and ask again later.
    public func resumeWhenForeground() -> Bool {
        guard !isRestored else { return false }
        if !isInForeground {
            Self.stopForJobControl()
            guard isInForeground else { return false }
        }
        reset_prog_mode()
        resumeAfterSuspend()
        return true
    }

    /// Stops the process as SIGTSTP's default action would, returning after SIGCONT.
    /// Call between ``suspend()`` and ``resumeAfterSuspend()``.
    public static func stopForJobControl() {
        bulletin_stop_for_job_control()
    }
}
