// See include/byte_search.h.
#define _GNU_SOURCE
#include <string.h>
#include <stdint.h>
#include "byte_search.h"

#if defined(__x86_64__)
#include <immintrin.h>

/// Wojciech Muła's SIMD substring search: 32 starting positions at a time whose first and
/// last bytes match the needle's, each candidate then checked with memcmp.
__attribute__((target("avx2")))
static const void *memmem_avx2(const uint8_t *haystack, size_t length, const uint8_t *needle, size_t k) {
    const __m256i first = _mm256_set1_epi8((char)needle[0]);
    const __m256i last = _mm256_set1_epi8((char)needle[k - 1]);
    size_t i = 0;
    for (; i + k - 1 + 32 <= length; i += 32) {
        __m256i block_first = _mm256_loadu_si256((const __m256i *)(haystack + i));
        __m256i block_last = _mm256_loadu_si256((const __m256i *)(haystack + i + k - 1));
        uint32_t mask = (uint32_t)_mm256_movemask_epi8(
            _mm256_and_si256(_mm256_cmpeq_epi8(first, block_first), _mm256_cmpeq_epi8(last, block_last)));
        for (; mask; mask &= mask - 1) {
            unsigned bit = (unsigned)__builtin_ctz(mask);
            if (memcmp(haystack + i + bit + 1, needle + 1, k - 2) == 0) return haystack + i + bit;
        }
    }
    // The last starting positions, fewer than 32.
    const void *rest = i + k <= length ? memmem(haystack + i, length - i, needle, k) : NULL;
    return rest;
}
#endif

const void *bulletin_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && needle_length >= 2 && haystack_length >= needle_length) {
        return memmem_avx2(haystack, haystack_length, needle, needle_length);
    }
#endif
    return memmem(haystack, haystack_length, needle, needle_length);
}
