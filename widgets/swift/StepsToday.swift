// The step-goal example's Swift hatch (widgets/steps.yaml, docs/swift-hatch.md): a sample of the
// one type a team writes for it. Add it to the widget extension's target beside the generated
// files; the extension needs the HealthKit capability, and the app asks for read access to
// steps (a widget extension cannot show the permission sheet).
import Foundation
import HealthKit
import WidgetcRuntime

/// Today's steps, from the start of the reload's day to the reload's date: what `steps.json`
/// holds in `widgetc run` and `preview`.
struct StepsToday: WidgetcSwiftSource {
    struct Value: Codable {
        let steps: Int
        /// When the count was read; ISO 8601 in the JSON (the widget's `dates` reads it).
        let updated: Date
    }

    /// One store for the process: HealthKit's documentation asks for a single instance.
    static let store = HKHealthStore()

    func load(arguments: SwiftArguments, date: Date) async throws -> Value {
        let start = Calendar.current.startOfDay(for: date)
        let today = HKQuery.predicateForSamples(withStart: start, end: date)
        let query = HKStatisticsQueryDescriptor(
            predicate: HKSamplePredicate.quantitySample(type: HKQuantityType(.stepCount), predicate: today),
            options: .cumulativeSum)
        let sum = try await query.result(for: Self.store)?.sumQuantity()?.doubleValue(for: .count()) ?? 0
        return Value(steps: Int(sum), updated: date)
    }
}
