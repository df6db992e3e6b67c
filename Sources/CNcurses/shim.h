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

/// Attribute bits. `A_BOLD` and friends are cast expressions, which Swift does not import.
static inline attr_t bulletin_attr_normal(void) { return A_NORMAL; }
static inline attr_t bulletin_attr_reverse(void) { return A_REVERSE; }
static inline attr_t bulletin_attr_bold(void) { return A_BOLD; }
static inline attr_t bulletin_attr_dim(void) { return A_DIM; }
static inline attr_t bulletin_attr_underline(void) { return A_UNDERLINE; }

/// Mouse masks for mousemask(3X) and getmouse(3X); macros Swift does not import.
static inline mmask_t bulletin_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t bulletin_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t bulletin_button5_pressed(void) { return BUTTON5_PRESSED; }

/// The terminfo "to status line" string (`tsl`, its column parameter 0) for setting the
/// window title, or NULL when the terminal has none. `tiparm` is variadic, so Swift cannot
/// call it directly. The result lives in ncurses' static buffer: copy it at once.
static inline const char *bulletin_title_start(void) {
    char *tsl = tigetstr("tsl");
    if (tsl == NULL || tsl == (char *)-1) return NULL;
    return tiparm(tsl, 0);
}
/// The terminfo "from status line" string (`fsl`) that ends a title, or NULL.
static inline const char *bulletin_title_end(void) {
    char *fsl = tigetstr("fsl");
    if (fsl == NULL || fsl == (char *)-1) return NULL;
    return fsl;
}

/// The terminfo extended string `Sync` (synchronized output, DEC private mode 2026, as tmux
/// and kitty define it: `\E[?2026%?%p1%{1}%-%tl%eh%;`) expanded with `phase` 1 (begin an
/// update: `CSI ? 2026 h`) or 2 (end it: `CSI ? 2026 l`); NULL when the terminal does not
/// advertise it. The result lives in ncurses' static buffer: copy it at once.
static inline const char *bulletin_sync_string(int phase) {
    char *sync = tigetstr("Sync");
    if (sync == NULL || sync == (char *)-1) return NULL;
    return tiparm(sync, phase);
}

/// Draws one cell at (`y`, `x`): `count` scalars (a base character and its combining marks;
/// at most CCHARW_MAX are kept) in `attributes` and colour `pair`, with setcchar(3X) and
/// mvwadd_wch(3X). A base character the C library cannot print (wcwidth(3) < 0) becomes U+FFFD;
/// when the cell is `width` 2 but wcwidth says otherwise (flags, VS16 sequences), a space fills
/// the other half. In C so that a frame's cells are drawn without a heap allocation each.
static inline void bulletin_put_cell(WINDOW *window, int y, int x, const wchar_t *scalars, int count,
                                     attr_t attributes, short pair, int width) {
    wchar_t text[CCHARW_MAX + 1];
    int length = count < CCHARW_MAX ? count : CCHARW_MAX;
    /* Printable ASCII is one column: skip wcwidth for the cells most frames are made of. */
    int base = length <= 0 ? -1 : (scalars[0] >= 0x20 && scalars[0] < 0x7F) ? 1 : wcwidth(scalars[0]);
    if (base < 0) {
        text[0] = 0xFFFD;
        length = 1;
    } else {
        for (int i = 0; i < length; i++) text[i] = scalars[i];
    }
    text[length] = 0;
    cchar_t character;
    setcchar(&character, text, attributes, pair, NULL);
    mvwadd_wch(window, y, x, &character);
    if (width == 2 && base != 2) {
        wchar_t space[2] = {32, 0};
        setcchar(&character, space, attributes, pair, NULL);
        mvwadd_wch(window, y, x + 1, &character);
    }
}

/// A terminfo string capability (`sc`, `rc`, …) as terminfo holds it, or NULL when the
/// terminal has none. The result lives in ncurses' terminal data: copy it.
static inline const char *bulletin_string_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/// The terminfo `cuf` string (cursor `columns` to the right) expanded, or NULL when the
/// terminal has none. The result lives in ncurses' static buffer: copy it at once.
static inline const char *bulletin_cursor_forward(int columns) {
    char *cuf = tigetstr("cuf");
    if (cuf == NULL || cuf == (char *)-1) return NULL;
    return tiparm(cuf, columns);
}

/// Draws one cell at (`y`, `x`) holding `placeholder` (a character ncurses measures as the
/// cell's width) followed by `marker` (a private-use scalar standing for a grapheme cluster
/// that ncurses cannot carry whole; TermView swaps both for the cluster's bytes in the
/// captured frame, see NcursesBackend+Clusters.swift). The marker is stored past setcchar(3X),
/// which keeps only non-spacing characters after the first; ncurses writes every character
/// of a cell when it sends it.
static inline void bulletin_put_marked_cell(WINDOW *window, int y, int x, wchar_t placeholder, wchar_t marker,
                                            attr_t attributes, short pair) {
    wchar_t text[2] = { placeholder, 0 };
    cchar_t character;
    setcchar(&character, text, attributes, pair, NULL);
    character.chars[1] = marker;
    mvwadd_wch(window, y, x, &character);
}

#endif
