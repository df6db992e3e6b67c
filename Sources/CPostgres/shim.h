// Shim for Debian's libpq (libpq-dev, pkg-config `libpq`, libpq 15 here): the PostgreSQL client
// library. Only Sources/BulletinData/Postgres imports this module (one door, as SQLite's and
// libcurl's are).
#ifndef BULLETIN_CPOSTGRES_SHIM_H
#define BULLETIN_CPOSTGRES_SHIM_H

#include <libpq-fe.h>

#endif
