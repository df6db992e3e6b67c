#define _GNU_SOURCE
#include "frame_capture.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

int bulletin_frame_buffer_create(void) {
#if defined(__linux__) && defined(MFD_CLOEXEC)
    int fd = memfd_create("bulletin-frame", MFD_CLOEXEC);
    if (fd >= 0) return fd;
#endif
    FILE *file = tmpfile();
    if (file == NULL) return -1;
    int copy = dup(fileno(file));
    fclose(file);
    if (copy >= 0) fcntl(copy, F_SETFD, FD_CLOEXEC);
    return copy;
}
