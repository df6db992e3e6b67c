// Shim for Debian's libcurl (libcurl4-openssl-dev, pkg-config `libcurl`, 7.88 here).
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, which Swift cannot
// call; these typed wrappers stand in for them (one per argument type Bulletin uses).
// Only Sources/BulletinData/Networking imports this module (one door, like TermView's to ncurses).
#ifndef BULLETIN_CCURL_SHIM_H
#define BULLETIN_CCURL_SHIM_H

#include <curl/curl.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*bulletin_curl_data_callback)(char *data, size_t size, size_t count, void *user);

/// curl_easy_setopt for options taking a `long`.
static inline CURLcode bulletin_curl_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
/// curl_easy_setopt for options taking a pointer (strings are copied by libcurl, lists are not).
static inline CURLcode bulletin_curl_setopt_ptr(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}
/// curl_easy_setopt for options taking a `curl_off_t` (the *_LARGE ones).
static inline CURLcode bulletin_curl_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}
/// curl_easy_setopt for CURLOPT_WRITEFUNCTION / CURLOPT_HEADERFUNCTION.
static inline CURLcode bulletin_curl_setopt_callback(CURL *easy, CURLoption option, bulletin_curl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}
/// curl_easy_getinfo for `long` answers (CURLINFO_RESPONSE_CODE).
static inline long bulletin_curl_getinfo_long(CURL *easy, CURLINFO info) {
    long value = 0;
    curl_easy_getinfo(easy, info, &value);
    return value;
}
/// curl_multi_setopt for options taking a `long`.
static inline CURLMcode bulletin_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}
/// The result of a CURLMSG_DONE message (its `data` member is a union, which Swift does not read).
static inline CURLcode bulletin_curl_message_result(CURLMsg *message) { return message->data.result; }

/// Names the calling thread (at most 15 bytes show), so /proc/self/task/TID/comm tells the
/// transport thread apart. prctl is variadic; Foundation's Thread.name reaches the OS only when
/// set after the thread's start has returned, which the thread itself cannot know.
static inline void bulletin_name_this_thread(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, (unsigned long)name, 0UL, 0UL, 0UL);
#else
    (void)name;
#endif
}

#endif
