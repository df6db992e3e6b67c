#define _GNU_SOURCE
#include "terminal_safety.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <sys/mman.h>

static struct termios saved_modes;
static volatile sig_atomic_t have_modes = 0;
static int modes_fd = 0;
static char reset_sequence[256];
static size_t reset_length = 0;
static int reset_fd = 1;
static volatile sig_atomic_t armed = 0;

static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGSYS };

int bulletin_safety_save_modes(int fd) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    modes_fd = fd;
    have_modes = 1;
    return 0;
}

void bulletin_safety_set_reset_sequence(int fd, const char *bytes, size_t length) {
    if (length > sizeof reset_sequence) length = sizeof reset_sequence;
    memcpy(reset_sequence, bytes, length);
    reset_length = length;
    reset_fd = fd;
}

void bulletin_safety_restore_now(void) {
    if (!armed) return;
    armed = 0;
    size_t written = 0;
    while (written < reset_length) {
        ssize_t n = write(reset_fd, reset_sequence + written, reset_length - written);
        if (n <= 0) break;
        written += (size_t)n;
    }
    if (have_modes) {
        tcsetattr(modes_fd, TCSANOW, &saved_modes);
        // Mouse reports (and keys) the app never read would reach the shell's prompt as text.
        tcflush(modes_fd, TCIFLUSH);
    }
}

static volatile int held_stderr = -1;
static volatile int saved_stderr = -1;

int bulletin_stderr_hold(void) {
    if (held_stderr >= 0) return 0;
    int file = memfd_create("bulletin-stderr", MFD_CLOEXEC);
    if (file < 0) return -1;
    int saved = fcntl(2, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) { close(file); return -1; }
    if (dup2(file, 2) < 0) { close(file); close(saved); return -1; }
    saved_stderr = saved;
    held_stderr = file;
    return 0;
}

void bulletin_stderr_release(void) {
    int file = held_stderr;
    if (file < 0) return;
    held_stderr = -1;
    dup2(saved_stderr, 2);
    close(saved_stderr);
    saved_stderr = -1;
    char buffer[4096];
    off_t offset = 0;
    ssize_t n;
    while ((n = pread(file, buffer, sizeof buffer, offset)) > 0) {
        ssize_t done = 0;
        while (done < n) {
            ssize_t w = write(2, buffer + done, (size_t)(n - done));
            if (w <= 0) break;
            done += w;
        }
        offset += n;
    }
    close(file);
}

static void crash_handler(int signo) {
    bulletin_safety_restore_now();
    bulletin_stderr_release();
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    // Pending until the handler returns (the signal is blocked while it runs); a hardware
    // fault instead repeats on return and now takes the default action.
    raise(signo);
}

void bulletin_safety_arm(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaction(crash_signals[i], &action, NULL);
    }
    armed = 1;
}

void bulletin_safety_disarm(void) { armed = 0; }

int bulletin_realtime_signal_first(void) { return SIGRTMIN; }

int bulletin_realtime_signal_last(void) { return SIGRTMAX; }

void bulletin_safety_rearm(void) { armed = 1; }

void bulletin_stop_for_job_control(void) {
    struct sigaction fallback, previous;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGTSTP, &fallback, &previous);
    sigset_t only, old_mask;
    sigemptyset(&only);
    sigaddset(&only, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &only, &old_mask);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
    sigaction(SIGTSTP, &previous, NULL);
}

static int signal_pipe[2] = { -1, -1 };

/// Per signal number: 1 when its byte is written only if another process sent it (SIGPIPE,
/// SIGXFSZ, which the kernel also raises at this process for its own failed write).
static volatile sig_atomic_t sent_only[65];

static void pipe_handler(int signo, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    // The kernel raises SIGPIPE and SIGXFSZ at the writing thread as if this process had sent
    // them (SI_USER, si_pid the process's own id); the write then fails with EPIPE or EFBIG.
    if (signo > 0 && signo < 65 && sent_only[signo] && info != NULL && info->si_pid == getpid()) {
        errno = saved;
        return;
    }
    unsigned char byte = (unsigned char)signo;
    ssize_t ignored = write(signal_pipe[1], &byte, 1);
    (void)ignored;
    errno = saved;
}

static int route(int signo, int only_when_sent) {
    if (signal_pipe[0] < 0 && pipe2(signal_pipe, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    if (signo > 0 && signo < 65) sent_only[signo] = only_when_sent;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = pipe_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_SIGINFO;
    if (sigaction(signo, &action, NULL) != 0) return -1;
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signo);
    pthread_sigmask(SIG_UNBLOCK, &only, NULL);
    return signal_pipe[0];
}

int bulletin_signal_pipe_route(int signo) { return route(signo, 0); }

int bulletin_signal_pipe_route_sent(int signo) { return route(signo, 1); }
