// ji_find_array (json_index.h): where json-server's line for a collection seems to be.
#include "json_index.h"

#include <immintrin.h>

#include <cstring>
#include <string>

extern "C" uint64_t ji_find_array(const uint8_t *data, size_t length, const char *name, int from_end) {
    std::string needle = std::string("\n  \"") + name + "\": [";
    size_t k = needle.size();
    if (length < k) return UINT64_MAX;
    // Wojciech Muła's SIMD substring search: 32 positions at a time whose first and last
    // bytes match, each candidate checked with memcmp.
    const __m256i first = _mm256_set1_epi8(needle[0]);
    const __m256i last = _mm256_set1_epi8(needle[k - 1]);
    auto candidates = [&](size_t i) {
        __m256i block_first = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i));
        __m256i block_last = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(data + i + k - 1));
        return static_cast<uint32_t>(_mm256_movemask_epi8(
            _mm256_and_si256(_mm256_cmpeq_epi8(first, block_first), _mm256_cmpeq_epi8(last, block_last))));
    };
    size_t blocks = (length - k + 1) / 32;  // whole blocks of 32 starting positions
    if (!from_end) {
        for (size_t b = 0; b < blocks; b++) {
            size_t i = b * 32;
            for (uint32_t mask = candidates(i); mask; mask &= mask - 1) {
                unsigned bit = __builtin_ctz(mask);
                if (memcmp(data + i + bit, needle.data(), k) == 0) return i + bit + k - 1;
            }
        }
        for (size_t i = blocks * 32; i + k <= length; i++) {
            if (memcmp(data + i, needle.data(), k) == 0) return i + k - 1;
        }
        return UINT64_MAX;
    }
    for (size_t i = length - k + 1; i-- > blocks * 32;) {
        if (memcmp(data + i, needle.data(), k) == 0) return i + k - 1;
    }
    for (size_t b = blocks; b-- > 0;) {
        size_t i = b * 32;
        for (uint32_t mask = candidates(i); mask; mask &= ~(1u << (31 - __builtin_clz(mask)))) {
            unsigned bit = 31 - __builtin_clz(mask);
            if (memcmp(data + i + bit, needle.data(), k) == 0) return i + bit + k - 1;
        }
    }
    return UINT64_MAX;
}
