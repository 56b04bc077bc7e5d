// NOT Apple API. The test driver's clock: with WIDGETC_STUB_NOW=SECONDS, the wall clock
// (CLOCK_REALTIME, what Foundation's Date() reads) stands still at that instant, so the
// generated providers answer at a pinned date, not the day the test runs. Other clocks
// (monotonic, what Dispatch waits on) are the system's. Linked into the driver only.
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int clock_gettime(clockid_t clock, struct timespec *ts) {
    int result = (int)syscall(SYS_clock_gettime, clock, ts);
    const char *now = getenv("WIDGETC_STUB_NOW");
    if (result == 0 && clock == CLOCK_REALTIME && now != NULL) {
        ts->tv_sec = atol(now);
        ts->tv_nsec = 0;
    }
    return result;
}
