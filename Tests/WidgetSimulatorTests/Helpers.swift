import Foundation
import WidgetSimulator
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// A UTC instant from civil fields.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Instant {
    Instant(seconds: CivilTime.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second))
}

let minute: Int64 = 60
let hour: Int64 = 3600
let day: Int64 = 86_400

/// A JSON object literal.
func object(_ value: JSONValue) -> JSONObject { value.object ?? JSONObject() }

/// A provider whose timeline is a closure of the request.
struct ClosureProvider: TimelineProvider {
    let make: (TimelineContext) -> Timeline

    init(_ make: @escaping (TimelineContext) -> Timeline) { self.make = make }

    func placeholder(in context: TimelineContext) -> TimelineEntry {
        TimelineEntry(date: context.date, content: object(["state": "placeholder", "preview": .bool(context.isPreview)]))
    }

    func snapshot(in context: TimelineContext) -> TimelineEntry {
        TimelineEntry(date: context.date, content: object(["state": "snapshot", "preview": .bool(context.isPreview)]))
    }

    func timeline(in context: TimelineContext) -> Timeline { make(context) }
}

/// Entries at T, T + step, … (count of them), with `policy`.
func steps(from t: Instant, every step: Int64, count: Int, policy: ReloadPolicy = .atEnd) -> Timeline {
    Timeline(
        entries: (0..<count).map { TimelineEntry(date: t + Int64($0) * step, content: object(["i": .int($0)])) },
        policy: policy)
}

/// Parses a container file's bytes as JSON.
func json(_ file: ContainerFile) -> JSONValue? {
    guard case .found(let bytes) = file else { return nil }
    return try? JSONReader.parse(bytes: bytes).json
}

extension Reload {
    var entryDates: [Instant] { timeline.entries.map(\.date) }
}
