import Foundation
import WidgetSupport
import WidgetTemplates

/// A `swift:` data source (docs/swift-hatch.md): on the device a type of the extension gives
/// its value at each reload; off the device (run, preview) its `fixture` in the container does.
package struct SwiftSource: Sendable {
    package var name: String
    /// The extension's type, as written (`StepsToday`, `Health.StepsToday`).
    package var type: String
    /// The arguments in the order written: numbers, booleans, or text that may be a template.
    package var arguments: JSONObject
    /// The container file read off the device; nil when the widget names none.
    package var fixture: String?
    /// How soon a reload whose value is missing asks again (nil: `FileSource.defaultRetry`).
    package var retry: Int64?

    package init(name: String, type: String, arguments: JSONObject, fixture: String?, retry: Int64?) {
        self.name = name
        self.type = type
        self.arguments = arguments
        self.fixture = fixture
        self.retry = retry
    }
}

/// The arguments a Swift source or effect receives, rendered for one reload or tap.
public struct SwiftArguments: Sendable, Equatable {
    /// Each argument by name.
    public let values: [String: WidgetValue]

    public init(_ values: [String: WidgetValue]) {
        self.values = values
    }

    public subscript(_ name: String) -> WidgetValue? { values[name] }
    /// An integer argument (a whole number written as text, as a template renders it, counts too).
    public func int(_ name: String) -> Int? { values[name].flatMap { $0.int ?? $0.string.flatMap { Int($0) } } }
    /// A number argument (or text that reads as one).
    public func double(_ name: String) -> Double? { values[name].flatMap { $0.double ?? $0.string.flatMap { Double($0) } } }
    public func bool(_ name: String) -> Bool? { values[name].flatMap { $0.bool ?? $0.string.flatMap { Bool($0) } } }
    /// Any argument as text (numbers as `widgetc run` prints them).
    public func string(_ name: String) -> String? { values[name]?.text }
}

/// A `swift` effect of an intent, its arguments rendered: the generated `perform` calls the
/// extension's type with them before the container effects (docs/swift-hatch.md).
public struct SwiftEffectCall: Sendable, Equatable {
    /// The extension's type, as written.
    public let type: String
    public let arguments: SwiftArguments

    public init(type: String, arguments: SwiftArguments) {
        self.type = type
        self.arguments = arguments
    }
}

/// Gives `swift:` data sources their values on the device: the generated `<Name>Plan` passes
/// one that calls the extension's types (docs/swift-hatch.md). Answers the value as JSON.
public protocol SwiftSourceLoader: Sendable {
    /// The JSON of the value of the type named `type` for `arguments` at the reload's `date`.
    func load(type: String, arguments: SwiftArguments, date: Date) async throws -> Data
}

/// A Swift source compiled for the provider: its arguments' templates parsed once.
struct CompiledSwiftSource: Sendable {
    let source: SwiftSource
    /// Each argument: a template (a text with a tag) or a fixed value.
    let arguments: [(name: String, value: Argument)]

    enum Argument: Sendable {
        case fixed(JSONValue)
        case template(Template)
    }

    /// `pointer`: where the plan holds the arguments (errors name it).
    init(_ source: SwiftSource, pointer: String) throws(PlanError) {
        self.source = source
        var arguments: [(name: String, value: Argument)] = []
        for (name, value) in source.arguments {
            if case .string(let text) = value, text.contains("{{") {
                do { arguments.append((name, .template(try Template(text)))) } catch {
                    throw PlanError(pointer: "\(pointer)/\(name)", message: "template '\(text)': \(error.message)")
                }
            } else {
                arguments.append((name, .fixed(value)))
            }
        }
        self.arguments = arguments
    }

    /// The arguments for one reload (a lone tag keeps its value's type).
    func render(_ scope: RequestScope) -> SwiftArguments {
        var values: [String: WidgetValue] = [:]
        for (name, argument) in arguments {
            switch argument {
            case .fixed(let value): values[name] = WidgetValue(value)
            case .template(let template): values[name] = WidgetValue(template.render(scope))
            }
        }
        return SwiftArguments(values)
    }
}

/// What a device's loader answered for each Swift source of a reload, by source name.
package typealias SwiftAnswers = [String: Result<[UInt8], SwiftLoadFailure>]

/// Why a Swift source has no value at a reload.
package struct SwiftLoadFailure: Error, Sendable {
    package let message: String
}

extension CompiledWidget {
    /// Every Swift source's value, asked of `loader` at once (the device's reload).
    func loadSwiftSources(_ context: TimelineContext, loader: any SwiftSourceLoader) async -> SwiftAnswers {
        guard !swiftSources.isEmpty else { return [:] }
        let scope = requestScope(context, data: .object(JSONObject()))
        let date = Date(context.date)
        let calls = swiftSources.map { ($0.source.name, $0.source.type, $0.render(scope)) }
        return await withTaskGroup(of: (String, Result<[UInt8], SwiftLoadFailure>).self) { group in
            for (name, type, arguments) in calls {
                group.addTask {
                    do {
                        return (name, .success([UInt8](try await loader.load(type: type, arguments: arguments, date: date))))
                    } catch {
                        return (name, .failure(SwiftLoadFailure(message: "\(error)")))
                    }
                }
            }
            var answers: SwiftAnswers = [:]
            for await (name, answer) in group { answers[name] = answer }
            return answers
        }
    }
}
