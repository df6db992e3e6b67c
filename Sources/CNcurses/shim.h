// Shim for Debian's ncursesw (libncurses-dev). Swift sees the wide-character API
// (wget_wch, mvwaddnwstr, setcchar) and wcwidth only with these defines in place.
#ifndef BULLETIN_CNCURSES_SHIM_H
#define BULLETIN_CNCURSES_SHIM_H

#define _XOPEN_SOURCE 700
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// `stdscr` as a function: Swift 6 rejects reads of mutable C globals from isolated code.
static inline WINDOW *bulletin_stdscr(void) { return stdscr; }
/// `LINES`, `COLS` and `COLORS` as functions, for the same reason.
static inline int bulletin_lines(void) { return LINES; }
static inline int bulletin_cols(void) { return COLS; }
static inline int bulletin_colors(void) { return COLORS; }

#endif
