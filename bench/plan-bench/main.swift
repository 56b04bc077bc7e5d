// What a widget extension pays per request: load a plan (`WidgetPlan(data:)`) and
// answer one timeline, measured for each plan given, in process.
//
// usage: plan-bench [--runs N] [--container DIR] PLAN.plan.json ...
//        plan-bench --memory [--container DIR] [--body FILE] PLAN.plan.json ...
// Prints, per plan, the median and the slowest of N runs of load + one timeline
// (and the timeline alone on a loaded plan), in microseconds; with --memory, one timeline's
// peak memory (bench/plan-bench/Memory.swift).
import Foundation
import WidgetcRuntime

var runs = 200
var container: URL? = nil
var files: [String] = []
var memory = false
var body: [UInt8] = Array(#"{"data": null}"#.utf8)
var args = CommandLine.arguments.dropFirst()
while let arg = args.popFirst() {
    switch arg {
    case "--runs": runs = Int(args.popFirst() ?? "") ?? runs
    case "--memory": memory = true
    case "--body": body = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: args.popFirst() ?? ""))) ?? Data())
    case "--container": container = args.popFirst().map { URL(fileURLWithPath: $0) }
    default: files.append(arg)
    }
}
guard !files.isEmpty else {
    FileHandle.standardError.write("usage: plan-bench [--runs N] [--container DIR] PLAN.plan.json ...\n".data(using: .utf8)!)
    exit(2)
}

if memory {
    try await memoryBudget(plans: files, container: container, body: body)
    exit(0)
}

func microseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
}

let clock = ContinuousClock()
let at = Date(timeIntervalSince1970: 1_764_421_200)  // 2026-11-29T13:00:00Z
print("plan\tload+timeline median µs\tmax µs\ttimeline alone median µs\tentries")
var worst = 0.0
for file in files {
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    var both: [Double] = []
    var alone: [Double] = []
    var entries = 0
    for _ in 0..<runs {
        var plan: WidgetPlan? = nil
        let t = clock.measure {
            plan = try? WidgetPlan(data: data)
            entries = plan?.timeline(at: at, container: container, fetcher: NoNetwork()).entries.count ?? -1
        }
        both.append(microseconds(t))
        if let plan {
            alone.append(microseconds(clock.measure { _ = plan.timeline(at: at, container: container, fetcher: NoNetwork()) }))
        }
    }
    both.sort()
    alone.sort()
    let median = both[both.count / 2]
    worst = max(worst, median)
    let name = (file as NSString).lastPathComponent
    print("\(name)\t\(String(format: "%.0f", median))\t\(String(format: "%.0f", both.last!))\t\(String(format: "%.0f", alone.isEmpty ? -1 : alone[alone.count / 2]))\t\(entries)")
}
print("slowest median: \(String(format: "%.0f", worst)) µs (target: under 1000 µs)")
