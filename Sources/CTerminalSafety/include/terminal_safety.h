// Async-signal-safe terminal restore for crash signals (SIGSEGV, SIGABRT, SIGILL, SIGBUS,
// SIGFPE, SIGTRAP, SIGSYS). TermView arms it after starting ncurses; the handler only calls
// write(2), tcsetattr(3), tcflush(3), sigaction(2) and raise(3), all async-signal-safe
// (signal-safety(7)).
#ifndef BULLETIN_TERMINAL_SAFETY_H
#define BULLETIN_TERMINAL_SAFETY_H

#include <stddef.h>

/// Saves the terminal modes of `fd` (tcgetattr(3)) to restore on a crash. Call before
/// ncurses changes them. Returns 0 on success, -1 when `fd` is not a terminal.
int bulletin_safety_save_modes(int fd);

/// Stores the bytes that take the terminal out of full-screen mode (mouse reporting off
/// first, then terminfo rmkx, sgr0, cnorm, rmcup), at most 255 bytes; longer input is cut.
/// Written to `fd` on a crash.
void bulletin_safety_set_reset_sequence(int fd, const char *bytes, size_t length);

/// Installs the crash handler (sigaction(2)) for SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE,
/// SIGTRAP and SIGSYS (a refused system call, or `kill -SYS`): it writes the reset sequence, restores the saved modes, discards input not yet
/// read (tcflush(3) TCIFLUSH: queued mouse reports would otherwise reach the shell), resets the
/// signal to SIG_DFL and re-raises it, so the default action (core dump, exit status) happens.
void bulletin_safety_arm(void);

/// Turns the crash handler's restore off (after a normal restore, or while suspended):
/// a later crash then only takes the default action.
void bulletin_safety_disarm(void);

/// Turns the restore back on after bulletin_safety_disarm (on resume from Ctrl-Z).
void bulletin_safety_rearm(void);

/// The first real-time signal an application may use (glibc's SIGRTMIN, a function of the C
/// library: it keeps the first two for its threads), which Swift cannot import as a macro.
int bulletin_realtime_signal_first(void);

/// The last real-time signal (SIGRTMAX, 64 on Linux).
int bulletin_realtime_signal_last(void);

/// Runs the restore now, as the handler would (for tests of the handler's effect).
void bulletin_safety_restore_now(void);

/// Stops the process for job control as if SIGTSTP had its default action, and returns
/// after SIGCONT (`fg`). Sets SIGTSTP to SIG_DFL, unblocks it in the calling thread,
/// raise(3)s it, then blocks it again and puts the previous action (the event loop's) back.
/// In an orphaned process group the kernel discards the stop and this returns at once.
void bulletin_stop_for_job_control(void);

/// Routes `signo` into a pipe (the self-pipe trick): a sigaction(2) handler writes the signal
/// number as one byte to a non-blocking pipe shared by all routed signals, and the signal is
/// unblocked in the calling thread. Returns the pipe's read end (the same for every call), or
/// -1 on failure (errno set).
/// The handler runs on whichever thread the kernel hands the signal to (a process-directed
/// signal goes to any thread that does not block it) and only calls write(2), saving errno,
/// so no signal is lost to a thread the event loop does not watch. The event loop routes every
/// signal it reports this way (SIGWINCH, SIGTSTP, SIGCONT and the terminating ones); SIGTSTP is
/// routed before newterm(3X), so that ncurses does not set it to SIG_IGN during each doupdate(3X).
int bulletin_signal_pipe_route(int signo);

/// Routes `signo` as bulletin_signal_pipe_route does, but writes its byte only when another
/// process sent it (kill(1)): for SIGPIPE and SIGXFSZ, which the kernel also raises at the
/// thread whose write to a closed pipe or socket, or past RLIMIT_FSIZE, failed, as if this
/// process had sent them (si_pid its own id). Those are dropped, so the write fails with EPIPE
/// or EFBIG and the app goes on, as with SIG_IGN. The handler calls only getpid(2) and write(2).
int bulletin_signal_pipe_route_sent(int signo);

/// Holds what is written to stderr (fd 2) while the screen is up: fd 2 becomes an anonymous
/// in-memory file (memfd_create(2)), so a library's message (libpq's "password file has group
/// or world access") or a child's never lands in the middle of the drawing. Returns 0, or -1
/// when it could not (stderr is then left as it was). Does nothing when already holding.
int bulletin_stderr_hold(void);

/// Gives stderr back (dup2(2) of the saved descriptor) and writes to it what was held, in
/// order. Async-signal-safe (dup2, pread, write, close): the crash handler calls it after the
/// terminal restore, so a crash's own message is printed under the shell's prompt. Does
/// nothing when not holding.
void bulletin_stderr_release(void);

#endif
