// Test-only helpers for posix_spawn that Swift cannot reach through Glibc:
// posix_spawn_file_actions_addclosefrom_np needs _GNU_SOURCE.
#ifndef BULLETIN_SPAWN_SUPPORT_H
#define BULLETIN_SPAWN_SUPPORT_H

#include <spawn.h>

/// Makes a spawned child start clean: every descriptor from 3 up closed
/// (posix_spawn_file_actions_addclosefrom_np), an empty signal mask and default signal
/// actions (POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF). Without this, a child spawned
/// from a libdispatch worker thread inherits its blocked signals, and a daemon such as the
/// tmux server keeps other tests' pipes open for ever. Returns 0 or an errno value.
int bulletin_spawn_start_clean(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes);

#endif
