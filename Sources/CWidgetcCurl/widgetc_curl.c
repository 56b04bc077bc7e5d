#include "widgetc_curl.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's ABI as its documentation states it (curl/curl.h is not needed to build widgetc:
// libcurl-dev is not installed on a user's machine, libcurl4 is).
typedef void CURL;
struct curl_slist;
typedef int CURLcode;
enum {
    CURLE_OK = 0, CURLE_UNSUPPORTED_PROTOCOL = 1, CURLE_URL_MALFORMAT = 3, CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7, CURLE_WEIRD_SERVER_REPLY = 8, CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35, CURLE_TOO_MANY_REDIRECTS = 47, CURLE_GOT_NOTHING = 52,
    CURLE_SEND_ERROR = 55, CURLE_RECV_ERROR = 56, CURLE_SSL_CERTPROBLEM = 58, CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60, CURLE_BAD_CONTENT_ENCODING = 61, CURLE_SSL_CACERT_BADFILE = 77,
};
enum {
    CURLOPT_WRITEDATA = 10001, CURLOPT_URL = 10002, CURLOPT_ERRORBUFFER = 10010, CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_TIMEOUT = 13, CURLOPT_POSTFIELDS = 10015, CURLOPT_HTTPHEADER = 10023, CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_POST = 47, CURLOPT_FOLLOWLOCATION = 52, CURLOPT_MAXREDIRS = 68, CURLOPT_NOSIGNAL = 99,
    CURLOPT_ACCEPT_ENCODING = 10102, CURLOPT_POSTFIELDSIZE_LARGE = 30120, CURLOPT_PROTOCOLS = 181,
    CURLOPT_REDIR_PROTOCOLS = 182,
};
enum { CURLINFO_RESPONSE_CODE = 0x200002 };
enum { CURL_GLOBAL_ALL = 3, CURLPROTO_HTTP = 1, CURLPROTO_HTTPS = 2, CURL_ERROR_SIZE = 256 };

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int option, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int info, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t opened = PTHREAD_ONCE_INIT;
static const char *open_failure;
static char open_failure_words[512];

static void open_curl(void) {
    // libcurl.so.4 is the ABI FoundationNetworking links; the GnuTLS and NSS builds are the same ABI.
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl-nss.so.4"};
    void *handle = NULL;
    const char *first_error = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL && first_error == NULL) {
            const char *why = dlerror();
            snprintf(open_failure_words, sizeof open_failure_words, "%s", why ? why : "cannot be opened");
            first_error = open_failure_words;
        }
    }
    if (handle == NULL) {
        open_failure = first_error;
        return;
    }
#define FIND(field, symbol)                                                                                 \
    if ((*(void **)&curl.field = dlsym(handle, symbol)) == NULL) {                                          \
        snprintf(open_failure_words, sizeof open_failure_words, "libcurl has no %s", symbol);               \
        open_failure = open_failure_words;                                                                  \
        return;                                                                                             \
    }
    FIND(global_init, "curl_global_init")
    FIND(easy_init, "curl_easy_init")
    FIND(easy_setopt, "curl_easy_setopt")
    FIND(easy_perform, "curl_easy_perform")
    FIND(easy_getinfo, "curl_easy_getinfo")
    FIND(easy_cleanup, "curl_easy_cleanup")
    FIND(easy_strerror, "curl_easy_strerror")
    FIND(slist_append, "curl_slist_append")
    FIND(slist_free_all, "curl_slist_free_all")
#undef FIND
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) open_failure = "curl_global_init failed";
}

bool widgetc_curl_open(const char **reason) {
    pthread_once(&opened, open_curl);
    *reason = open_failure;
    return open_failure == NULL;
}

/// The body as it arrives.
struct buffer {
    uint8_t *bytes;
    size_t count, capacity;
    bool out_of_memory;
};

static size_t receive(char *data, size_t size, size_t count, void *context) {
    struct buffer *buffer = context;
    size_t n = size * count;
    if (buffer->count + n > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->count + n) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (grown == NULL) {
            buffer->out_of_memory = true;
            return 0;  // libcurl stops with CURLE_WRITE_ERROR
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, data, n);
    buffer->count += n;
    return n;
}

/// A libcurl error in the words a run shows (URLSession's on Linux map the same codes).
static int32_t failure_of(CURLcode code, const char **words) {
    switch (code) {
    case CURLE_COULDNT_CONNECT: return WIDGETC_CURL_REFUSED;
    case CURLE_OPERATION_TIMEDOUT: return WIDGETC_CURL_TIMED_OUT;
    case CURLE_SEND_ERROR: case CURLE_RECV_ERROR: return WIDGETC_CURL_NO_CONNECTION;
    case CURLE_TOO_MANY_REDIRECTS: *words = "too many redirects"; break;
    case CURLE_COULDNT_RESOLVE_HOST: *words = "cannot find the host"; break;
    case CURLE_SSL_CONNECT_ERROR: case CURLE_SSL_CERTPROBLEM: case CURLE_SSL_CIPHER:
    case CURLE_PEER_FAILED_VERIFICATION: case CURLE_SSL_CACERT_BADFILE:
        *words = "secure connection failed";
        break;
    case CURLE_WEIRD_SERVER_REPLY: case CURLE_GOT_NOTHING: case CURLE_BAD_CONTENT_ENCODING:
        *words = "bad server response";
        break;
    default: *words = NULL; break;
    }
    return WIDGETC_CURL_OTHER;
}

void widgetc_curl_perform(
    const char *url, const char *method, const char *const *header_fields, intptr_t header_field_count,
    const uint8_t *body, intptr_t body_count, bool has_body, int64_t timeout, void *context,
    widgetc_curl_answer_fn answer) {
    CURL *handle = curl.easy_init();
    if (handle == NULL) {
        answer(context, 0, NULL, 0, WIDGETC_CURL_OTHER, "request failed: curl_easy_init");
        return;
    }
    struct buffer received = {0};
    char error[CURL_ERROR_SIZE] = {0};
    struct curl_slist *headers = NULL;
    for (intptr_t i = 0; i + 1 < header_field_count; i += 2) {
        size_t length = strlen(header_fields[i]) + strlen(header_fields[i + 1]) + 3;
        char *line = malloc(length);
        if (line == NULL) continue;
        snprintf(line, length, "%s: %s", header_fields[i], header_fields[i + 1]);
        headers = curl.slist_append(headers, line);
        free(line);
    }
    // libcurl waits for "100 Continue" before larger bodies; URLSession sends them at once.
    headers = curl.slist_append(headers, "Expect:");
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, CURLOPT_MAXREDIRS, 16L);
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // The whole answer, as URLSessionTransport bounds it (not the wait between two packets).
    curl.easy_setopt(handle, CURLOPT_TIMEOUT, (long)timeout);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, receive);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &received);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    static const uint8_t empty = 0;
    if (strcmp(method, "POST") == 0) {
        // CURLOPT_POST (not a custom method): a 301-303 redirect then continues with GET, as URLSession does.
        curl.easy_setopt(handle, CURLOPT_POST, 1L);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, has_body && body ? body : &empty);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)(has_body ? body_count : 0));
    } else if (strcmp(method, "GET") != 0) {
        curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
        if (has_body) {
            curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body ? body : &empty);
            curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)body_count);
        }
    }
    CURLcode code = curl.easy_perform(handle);
    if (code == CURLE_OK) {
        long status = 0;
        curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
        answer(context, status, received.bytes, (intptr_t)received.count, WIDGETC_CURL_OK, NULL);
    } else if (received.out_of_memory) {
        answer(context, 0, NULL, 0, WIDGETC_CURL_OTHER, "request failed: out of memory for the body");
    } else {
        const char *words = NULL;
        int32_t failure = failure_of(code, &words);
        char other[CURL_ERROR_SIZE + 32];
        if (failure == WIDGETC_CURL_OTHER && words == NULL) {
            snprintf(other, sizeof other, "request failed: %s", error[0] ? error : curl.easy_strerror(code));
            words = other;
        }
        answer(context, 0, NULL, 0, failure, words);
    }
    curl.slist_free_all(headers);
    curl.easy_cleanup(handle);
    free(received.bytes);
}

#else
// Apple platforms link URLSession (Foundation's); this target is empty there.
#endif
