// The C interface between `widgetc` and `libWidgetcURLSession.so` (Sources/WidgetcURLSession):
// on Linux, widgetc opens the library with dlopen on its first live request and finds
// `widgetc_urlsession_perform` with dlsym. Plain C types only: the library and the executable
// share no Swift module, so that no Swift type exists twice in the process.
#ifndef WIDGETC_URLSESSION_H
#define WIDGETC_URLSESSION_H

#include <stdbool.h>
#include <stdint.h>

/// The name dlsym finds.
#define WIDGETC_URLSESSION_PERFORM "widgetc_urlsession_perform"

/// `failure` of an answer: 0 with an HTTP status and body; otherwise why there was none
/// (OTHER with the reason in words).
#define WIDGETC_URLSESSION_OK 0
#define WIDGETC_URLSESSION_REFUSED 1
#define WIDGETC_URLSESSION_TIMED_OUT 2
#define WIDGETC_URLSESSION_NO_CONNECTION 3
#define WIDGETC_URLSESSION_OTHER 4

/// Receives the outcome of one request, before `perform` returns; the pointers are valid
/// during the call only.
typedef void (*widgetc_urlsession_answer_fn)(
    void *_Nullable context, intptr_t status, const uint8_t *_Nullable body, intptr_t body_count,
    int32_t failure, const char *_Nullable words);

/// Performs one HTTP request and blocks until the whole answer is in or `timeout` seconds have
/// passed. `header_fields` holds names and values in turn (`header_field_count` of them in all).
typedef void (*widgetc_urlsession_perform_fn)(
    const char *_Nonnull url, const char *_Nonnull method,
    const char *_Nonnull const *_Nullable header_fields, intptr_t header_field_count,
    const uint8_t *_Nullable body, intptr_t body_count, bool has_body, int64_t timeout,
    void *_Nullable context, widgetc_urlsession_answer_fn _Nonnull answer);

#endif
