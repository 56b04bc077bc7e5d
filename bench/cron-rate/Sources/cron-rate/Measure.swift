#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetTime

/// The instant type `CronExpression.fireTimes` takes, named without importing WidgetSupport.
typealias CronInstant = LocalClockIterator<CronSchedule>.Element

/// CPU seconds this process has used (one thread: the timed loop's own cost).
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// One expression's result.
struct Rate {
    var perPass = 0
    var passes = 0
    var instants = 0
    var seconds = 0.0
    /// The sum of the instants' seconds, so the loop's work cannot be optimized away.
    var checksum: Int64 = 0
    var first: [Int64] = []

    var perSecond: Double { seconds > 0 ? Double(instants) / seconds : 0 }
}

/// Generates every fire time of `cron` in `[from, until)` on `zone`, once untimed (to warm the
/// zone's table and collect the first `keep` instants), then repeatedly under the clock.
/// (`Instant` comes from WidgetSupport, which is not a product: values are passed through.)
func measure(_ cron: CronExpression, zone: ZoneRules, after: CronInstant, before: CronInstant, keep: Int,
             minInstants: Int, minSeconds: Double) -> Rate {
    var rate = Rate()
    for instant in cron.fireTimes(after: after, in: zone, before: before) {
        if rate.first.count < keep { rate.first.append(instant.seconds) }
        rate.perPass += 1
    }
    guard rate.perPass > 0 else { return rate }
    let began = cpuSeconds()
    repeat {
        var sum: Int64 = 0
        var count = 0
        for instant in cron.fireTimes(after: after, in: zone, before: before) {
            sum &+= instant.seconds
            count += 1
        }
        rate.checksum &+= sum
        rate.instants += count
        rate.passes += 1
        rate.seconds = cpuSeconds() - began
    } while rate.instants < minInstants || rate.seconds < minSeconds
    return rate
}
