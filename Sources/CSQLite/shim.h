// Shim for Debian's SQLite (libsqlite3-dev, pkg-config `sqlite3`, 3.40 here, FTS5 built in).
// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot spell; the wrappers
// below pass it, so SQLite copies the bytes it is given before the call returns.
// Only Sources/BulletinData/SQLite imports this module (one door, like Networking's to libcurl).
#ifndef BULLETIN_CSQLITE_SHIM_H
#define BULLETIN_CSQLITE_SHIM_H

#include <sqlite3.h>

/// sqlite3_bind_text with SQLITE_TRANSIENT: SQLite copies the `length` bytes of `text`.
static inline int bulletin_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// sqlite3_bind_blob with SQLITE_TRANSIENT.
static inline int bulletin_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int length) {
    return sqlite3_bind_blob(statement, index, bytes, length, SQLITE_TRANSIENT);
}

#endif
