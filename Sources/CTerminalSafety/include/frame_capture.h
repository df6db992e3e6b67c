// An in-memory file that ncurses' output is pointed at while it updates the screen, so a whole
// frame can be read back and sent to the terminal in one write(2) (see TermView's
// NcursesBackend+Frame.swift). ncurses flushes its own output buffer, sized
// (2 + LINES) * (6 + COLS) bytes (lib_set_term.c), whenever it fills, and curs_set(3X) flushes
// on its own, so without this one frame leaves as many write(2) calls.
#ifndef BULLETIN_FRAME_CAPTURE_H
#define BULLETIN_FRAME_CAPTURE_H

/// Creates an anonymous in-memory file for one frame's bytes: memfd_create(2) with
/// MFD_CLOEXEC on Linux, tmpfile(3) elsewhere or when that fails. Returns its descriptor
/// (close-on-exec), or -1 with errno set.
int bulletin_frame_buffer_create(void);

#endif
