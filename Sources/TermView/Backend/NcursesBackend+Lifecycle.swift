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

    /// Arms the crash handler (SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP): it writes
    /// the terminfo `rmcup`, `cnorm`, `sgr0` and `rmkx` strings of this terminal to stdout,
    /// restores the saved modes, then lets the signal's default action happen.
    static func armCrashRestore() {
        let capabilities = ["rmkx", "sgr0", "cnorm", "rmcup"]
        var bytes: [CChar] = []
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
    /// screen) and turns the crash restore off until ``resumeAfterSuspend()``.
    public func suspend() {
        guard !isRestored else { return }
        bulletin_safety_disarm()
        endwin()
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
        refreshSize()
        werase(window)
        wrefresh(window)
        clearok(window, true)
        // endwin sent rmkx; without smkx again the terminal sends cursor keys in the other
        // form (ESC [ B instead of ESC O B), which would read as Esc followed by letters.
        keypad(window, false)
        keypad(window, true)
    }

    /// Stops the process as SIGTSTP's default action would, returning after SIGCONT.
    /// Call between ``suspend()`` and ``resumeAfterSuspend()``.
    public static func stopForJobControl() {
        bulletin_stop_for_job_control()
    }
}
