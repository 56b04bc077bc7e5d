#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads for a compilation's phase 1: `WIDGETC_JOBS` when it is a positive number (1 examines
/// the files one at a time on the calling thread), else one per online processor.
enum Jobs {
    static func count() -> Int {
        if let text = getenv("WIDGETC_JOBS").map({ String(cString: $0) }), let n = Int(text), n > 0 { return n }
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
