// A stub of the AppIntents declarations the generated widget extension uses (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import Foundation

#if !canImport(Darwin)
// Foundation's, missing from Linux's Foundation.
// https://developer.apple.com/documentation/foundation/localizedstringresource
public struct LocalizedStringResource: ExpressibleByStringLiteral, Sendable, Hashable, CustomStringConvertible {
    public let key: String
    public init(stringLiteral value: String) { key = value }
    public var description: String { key }
}
#endif

// https://developer.apple.com/documentation/appintents/appintent
public protocol AppIntent: Sendable {
    // https://developer.apple.com/documentation/appintents/appintent/title
    static var title: LocalizedStringResource { get }
    // https://developer.apple.com/documentation/appintents/appintent/description
    static var description: IntentDescription? { get }
    // https://developer.apple.com/documentation/appintents/appintent/init()
    init()
    // https://developer.apple.com/documentation/appintents/appintent/performresult
    associatedtype PerformResult: IntentResult
    // https://developer.apple.com/documentation/appintents/appintent/perform()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    // https://developer.apple.com/documentation/appintents/appintent/description (has a default value)
    public static var description: IntentDescription? { nil }
    // https://developer.apple.com/documentation/appintents/appintent/parameter
    public typealias Parameter<Value> = IntentParameter<Value>
}

// https://developer.apple.com/documentation/appintents/widgetconfigurationintent
public protocol WidgetConfigurationIntent: AppIntent {}

// https://developer.apple.com/documentation/appintents/intentdescription
public struct IntentDescription: Sendable {
    let text: LocalizedStringResource
    // https://developer.apple.com/documentation/appintents/intentdescription (init(_:categoryName:searchKeywords:resultValueName:);
    // the defaulted categoryName, searchKeywords and resultValueName are left out)
    public init(_ descriptionText: LocalizedStringResource) { text = descriptionText }
}

// https://developer.apple.com/documentation/appintents/intentparameter
@propertyWrapper public final class IntentParameter<Value>: @unchecked Sendable {
    private var value: Value?

    init(stubDefault: Value?) { value = stubDefault }

    // https://developer.apple.com/documentation/appintents/intentparameter/wrappedvalue
    public var wrappedValue: Value {
        get {
            guard let value else { fatalError("stub: the parameter has no value") }
            return value
        }
        set { value = newValue }
    }

    // https://developer.apple.com/documentation/appintents/intentparameter/inclusiverange-swift.typealias
    public typealias InclusiveRange<Bound> = (lowerBound: Bound, upperBound: Bound) where Bound: Comparable
}

// Apple constrains these with `Value.ValueType == Int` (and Double, String); the stub writes the concrete
// type, and leaves out the defaulted parameters the generated code never passes
// (controlStyle, requestValueDialog, inputConnectionBehavior, inputOptions).
extension IntentParameter where Value == Int {
    // https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:default:controlstyle:inclusiverange:requestvaluedialog:inputconnectionbehavior:)-2wjbq
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Int? = nil, inclusiveRange: InclusiveRange<Int>? = nil) {
        self.init(stubDefault: defaultValue)
    }
}

extension IntentParameter where Value == Double {
    // https://developer.apple.com/documentation/appintents/intentparameter-double
    // (init(title:description:default:controlStyle:inclusiveRange:requestValueDialog:inputConnectionBehavior:), Double)
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Double? = nil, inclusiveRange: InclusiveRange<Double>? = nil) {
        self.init(stubDefault: defaultValue)
    }
}

extension IntentParameter where Value == String {
    // https://developer.apple.com/documentation/appintents/intentparameter/init(title:description:default:inputoptions:requestvaluedialog:inputconnectionbehavior:)
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: String? = nil) {
        self.init(stubDefault: defaultValue)
    }
}

extension IntentParameter where Value == Bool {
    // https://developer.apple.com/documentation/appintents/intentparameter-bool
    // (init(title:description:default:requestValueDialog:inputConnectionBehavior:), Bool)
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Bool? = nil) {
        self.init(stubDefault: defaultValue)
    }
}

extension IntentParameter where Value: AppEnum {
    // https://developer.apple.com/documentation/appintents/intentparameter-appenum
    // (init(title:description:default:requestValueDialog:inputConnectionBehavior:), an AppEnum)
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil) {
        self.init(stubDefault: defaultValue)
    }
}

// https://developer.apple.com/documentation/appintents/appenum
// (AppEnum : AppValue, StaticDisplayRepresentable, RawRepresentable where RawValue : LosslessStringConvertible;
// the requirements the generated enums meet come from TypeDisplayRepresentable and CaseDisplayRepresentable)
public protocol AppEnum: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue: LosslessStringConvertible {
    // https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    // https://developer.apple.com/documentation/appintents/casedisplayrepresentable/casedisplayrepresentations
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

// https://developer.apple.com/documentation/appintents/typedisplayrepresentation
public struct TypeDisplayRepresentation: Sendable {
    let name: LocalizedStringResource
    // https://developer.apple.com/documentation/appintents/typedisplayrepresentation/init(name:numericformat:)
    // (the defaulted numericFormat is left out)
    public init(name: LocalizedStringResource) { self.name = name }
}

// https://developer.apple.com/documentation/appintents/displayrepresentation
public struct DisplayRepresentation: Sendable {
    let title: LocalizedStringResource
    // https://developer.apple.com/documentation/appintents/displayrepresentation/init(title:subtitle:image:)
    // (the defaulted subtitle and image are left out)
    public init(title: LocalizedStringResource) { self.title = title }
}
