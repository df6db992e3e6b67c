// CByteSearch: literal byte search for BulletinFeatures' filter index.
// glibc declares memmem(3) only under _GNU_SOURCE, which Swift's Glibc module is not built
// with, so this target compiles a one-line wrapper with it defined.
#ifndef BULLETIN_BYTE_SEARCH_H
#define BULLETIN_BYTE_SEARCH_H

#include <stddef.h>

/// memmem(3): the first occurrence of the `needle_length` bytes at `needle` in the
/// `haystack_length` bytes at `haystack`, or NULL. Bytes are compared as they are. On a CPU
/// with AVX2 a needle of two bytes or more is looked for 32 positions at a time (several
/// times glibc's speed on the filter's folded text); the answer is memmem's.
const void *bulletin_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
