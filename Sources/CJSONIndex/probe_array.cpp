// ji_probe_array (json_index.h): where json-server's line for a collection is, found by
// sampling the file's records rather than reading it up to there.
//
// json-server writes a db.json with two spaces of indent: each top-level member's line is
// `\n  "NAME": [`, each record of its array starts on a line `\n    {` and ends on `\n    }`,
// and the record's members are the lines `\n      "KEY": …` between. A raw newline cannot
// be inside a JSON string, so every line start is outside strings: from any offset, the next
// `\n    {` starts a record of whatever collection holds that offset, and its keys tell which
// collection it is (a post has `userId` and `body`, a comment `postId`, a user `username`).
// Probes at evenly spaced offsets find one record of the collection; a binary search between
// it and the probe before narrows the array's start to a small window, searched for the
// member's line with ji_find_array. Each probe reads a few hundred bytes, so the cost does
// not grow with the file. A guess only: ji_index confirms it (or the caller scans instead).
#include "json_index.h"

#include <cstring>
#include <string>

namespace {

/// How many evenly spaced probes look for a first record of the collection.
constexpr size_t kProbes = 512;
/// How far a probe reads for one record (a record longer than this tells nothing).
constexpr size_t kProbeWindow = 64 * 1024;
/// The binary search stops when the start is known within this many bytes.
constexpr size_t kFinalWindow = 256 * 1024;

enum class Probe { other, match, unknown };

/// The first occurrence of `needle` in [from, to) of `data`, or `to`.
size_t find(const uint8_t *data, size_t from, size_t to, const char *needle, size_t k) {
    if (to < from + k) return to;
    const void *hit = memmem(data + from, to - from, needle, k);
    return hit ? static_cast<size_t>(static_cast<const uint8_t *>(hit) - data) : to;
}

/// Whether the record's key lines include `"key":` (`key` with its quotes).
bool has_key(const uint8_t *data, size_t from, size_t to, const std::string &line) {
    return find(data, from, to, line.data(), line.size()) < to;
}

/// Classifies the first record that starts at or after `at`.
Probe classify(const uint8_t *data, size_t length, size_t at, int collection) {
    static const char open[] = "\n    {\n";
    static const char close[] = "\n    }";
    size_t limit = at + kProbeWindow < length ? at + kProbeWindow : length;
    size_t start = find(data, at, limit, open, sizeof open - 1);
    if (start >= limit) return Probe::unknown;
    size_t end = find(data, start + 1, limit, close, sizeof close - 1);
    if (end >= limit) return Probe::unknown;
    auto key = [&](const char *name) { return has_key(data, start, end, std::string("\n      \"") + name + "\": "); };
    switch (collection) {
        case JI_USERS: return key("username") && !key("postId") ? Probe::match : Probe::other;
        case JI_POSTS: return key("userId") && key("body") && !key("postId") && !key("completed") ? Probe::match : Probe::other;
        default: return key("postId") && !key("userId") ? Probe::match : Probe::other;
    }
}

}  // namespace

extern "C" uint64_t ji_probe_array(const uint8_t *data, size_t length, const char *name, int collection, int from_end) {
    static const char head[] = "{\n  \"";
    if (length < 2 * kFinalWindow || memcmp(data, head, sizeof head - 1) != 0) return UINT64_MAX;
    // The first probe that lands in the collection's array (`hit`) and the one before it.
    size_t step = length / kProbes, hit = SIZE_MAX, before = 0;
    auto matches = [&](size_t i) { return classify(data, length, i * step, collection) == Probe::match; };
    if (!from_end) {
        for (size_t i = 1; i < kProbes; i++) {
            if (matches(i)) { hit = i * step; break; }
            before = i * step;
        }
    } else {
        // From the last probe back to one in the array, then back to its first probe.
        size_t i = kProbes - 1;
        while (i >= 1 && !matches(i)) i--;
        if (i == 0) return UINT64_MAX;
        while (i > 1 && matches(i - 1)) i--;
        hit = i * step;
        before = (i - 1) * step;
    }
    if (hit == SIZE_MAX) return UINT64_MAX;
    // The array's first record is after `low`'s next record and at or before `high`'s.
    size_t low = before, high = hit;
    while (high - low > kFinalWindow) {
        size_t middle = low + (high - low) / 2;
        if (classify(data, length, middle, collection) == Probe::match) high = middle;
        else low = middle;
    }
    size_t to = high + kProbeWindow < length ? high + kProbeWindow : length;
    uint64_t found = ji_find_array(data + low, to - low, name, 0);
    return found == UINT64_MAX ? UINT64_MAX : low + found;
}

#if defined(__x86_64__)
#include <cpuid.h>
#endif

extern "C" int ji_cpu_supported(void) {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    bool pclmul = c & (1u << 1), osxsave = c & (1u << 27), avx = c & (1u << 28);
    if (!pclmul || !osxsave || !avx) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;  // the OS saves the SSE and AVX registers
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    bool avx2 = b & (1u << 5), bmi1 = b & (1u << 3);
    if (!__get_cpuid(0x80000001, &a, &b, &c, &d)) return 0;
    bool lzcnt = c & (1u << 5);
    return avx2 && bmi1 && lzcnt;
#else
    return 0;
#endif
}
