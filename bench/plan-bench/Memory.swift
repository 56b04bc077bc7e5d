// `plan-bench --memory`: what one timeline request costs in memory, as a widget extension pays
// it (the budget in docs/memory-budget.md). The process's peak resident set (getrusage's
// ru_maxrss) is read after the plan's load, then after one async timeline whose URL sources
// all answer with the bytes of `--body FILE` (no network), the container's files read as on a
// device. The difference is the request's own peak: the data read, parsed and rendered.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WidgetcRuntime

/// Answers every request with one body (the largest a source may get, for the budget).
struct FixedBody: AsyncDataFetcher {
    let body: [UInt8]
    func fetch(_ request: FetchRequest) async -> FetchResult { .response(status: 200, body: body) }
}

/// The peak resident set so far, in KiB (Linux and macOS report it in different units).
func peakResidentKiB() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
    #endif
}

func memoryBudget(plans: [String], container: URL?, body: [UInt8]) async throws {
    print("plan\tpeak after load KiB\tpeak after timeline KiB\ttimeline's own peak KiB\tentries\trequests")
    for file in plans {
        let plan = try WidgetPlan(data: Data(contentsOf: URL(fileURLWithPath: file)))
        let before = peakResidentKiB()
        let answer = await plan.timeline(
            at: Date(timeIntervalSince1970: 1_764_421_200), container: container, fetcher: FixedBody(body: body), responses: ResponseStore())
        let after = peakResidentKiB()
        let outcomes = answer.requests.map { "\($0.source) \($0.outcome.rawValue)\($0.error.map { " (\($0))" } ?? "")" }
        print("\((file as NSString).lastPathComponent)\t\(before)\t\(after)\t\(after - before)\t\(answer.entries.count)\t\(outcomes.joined(separator: ", "))")
        for warning in answer.warnings { print("  warning: \(warning)") }
    }
}
