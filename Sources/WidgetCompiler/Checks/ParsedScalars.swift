import WidgetcRuntimeCore
import WidgetSupport
import WidgetTime

/// What the checks parsed on the way (durations, instants, relative instants, cron
/// expressions), by the node it was written in: lowering builds the plan from these
/// values and parses none of them again.
package struct ParsedScalars: Sendable {
    package enum Value: Sendable {
        case seconds(Int64)
        case instant(Instant)
        /// A relative instant (`+2h`): seconds after the request.
        case relative(Int64)
        case cron(CronExpression)
    }

    /// By node index in the definition's document.
    private var values: [Int32: Value] = [:]
    /// The lets, checked, in evaluation order.
    package var lets: [PlanLet] = []
    /// The relevance score, checked (`relevance.score`); nil when not declared or in error.
    package var relevance: PlanLet?

    package init() {}

    mutating func record(_ value: Value, for node: SourceNode) {
        values[node.index] = value
    }

    package func value(of node: SourceNode) -> Value? {
        values[node.index]
    }
}

extension CheckContext {
    /// Keeps a parsed value for lowering (only when this check's definition is lowered).
    mutating func record(_ value: ParsedScalars.Value, for node: SourceNode) {
        if keepsParsed { parsed.record(value, for: node) }
    }
}
