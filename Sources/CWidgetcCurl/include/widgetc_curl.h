// `widgetc run --network live` and `widgetc fetch` on Linux: one HTTP request through libcurl,
// opened with dlopen on the first live request. FoundationNetworking (URLSession on Linux) is
// libcurl plus about 30 libraries that a linked executable loads at every start (6.4 MB and
// 22 M instructions); libcurl alone, opened on use, keeps `widgetc` one self-contained file.
// libcurl is the library FoundationNetworking itself requires, so it is there wherever URLSession is.
#ifndef WIDGETC_CURL_H
#define WIDGETC_CURL_H

#include <stdbool.h>
#include <stdint.h>

/// `failure` of an answer: 0 with an HTTP status and body; otherwise why there was none
/// (OTHER with the reason in words).
#define WIDGETC_CURL_OK 0
#define WIDGETC_CURL_REFUSED 1
#define WIDGETC_CURL_TIMED_OUT 2
#define WIDGETC_CURL_NO_CONNECTION 3
#define WIDGETC_CURL_OTHER 4

/// Receives the outcome of one request, before `widgetc_curl_perform` returns; the pointers are
/// valid during the call only.
typedef void (*widgetc_curl_answer_fn)(
    void *_Nullable context, intptr_t status, const uint8_t *_Nullable body, intptr_t body_count,
    int32_t failure, const char *_Nullable words);

/// Opens libcurl (once per process). False when it cannot be opened, with the reason in
/// `reason` (static storage).
bool widgetc_curl_open(const char *_Nullable *_Nonnull reason);

/// Performs one HTTP request and blocks until the whole answer is in or `timeout` seconds have
/// passed; `widgetc_curl_open` must have succeeded. `header_fields` holds names and values in
/// turn (`header_field_count` of them in all). Redirects are followed (at most 16, as URLSession
/// follows them), compressed bodies are decoded, nothing is cached.
void widgetc_curl_perform(
    const char *_Nonnull url, const char *_Nonnull method,
    const char *_Nonnull const *_Nullable header_fields, intptr_t header_field_count,
    const uint8_t *_Nullable body, intptr_t body_count, bool has_body, int64_t timeout,
    void *_Nullable context, widgetc_curl_answer_fn _Nonnull answer);

#endif
