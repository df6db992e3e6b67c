#define _GNU_SOURCE
#include "spawn_support.h"
#include <signal.h>

int bulletin_spawn_start_clean(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes) {
    int result = posix_spawn_file_actions_addclosefrom_np(actions, 3);
    if (result != 0) return result;
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    if ((result = posix_spawnattr_setsigmask(attributes, &none)) != 0) return result;
    if ((result = posix_spawnattr_setsigdefault(attributes, &all)) != 0) return result;
    return posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}
