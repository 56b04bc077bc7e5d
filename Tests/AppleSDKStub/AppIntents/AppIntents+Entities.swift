// The AppIntents declarations of an entity parameter (docs/entities.md): the generated
// `AppEntity`, its `EntityQuery`, and the optional `@Parameter` holding one (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import Foundation

#if !canImport(Darwin)
// Foundation's LocalizedStringResource is also ExpressibleByStringInterpolation ("\(title)"):
// https://developer.apple.com/documentation/foundation/localizedstringresource
extension LocalizedStringResource: ExpressibleByStringInterpolation {
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(stringLiteral: String(stringInterpolation: stringInterpolation)) }
}
#endif

// https://developer.apple.com/documentation/appintents/appentity
// (AppEntity : AppValue, DisplayRepresentable, Identifiable where Self.ID : EntityIdentifierConvertible, Sendable;
// the requirements the generated entities meet, with a String identifier)
public protocol AppEntity: Identifiable, Sendable where ID == String {
    associatedtype DefaultQuery: EntityQuery
    // https://developer.apple.com/documentation/appintents/appentity/defaultquery
    static var defaultQuery: DefaultQuery { get }
    // https://developer.apple.com/documentation/appintents/typedisplayrepresentable/typedisplayrepresentation
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    // https://developer.apple.com/documentation/appintents/instancedisplayrepresentable/displayrepresentation
    var displayRepresentation: DisplayRepresentation { get }
}

// https://developer.apple.com/documentation/appintents/entityquery
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    // https://developer.apple.com/documentation/appintents/entityquery/init()
    init()
    // https://developer.apple.com/documentation/appintents/entityquery/entities(for:)
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    // https://developer.apple.com/documentation/appintents/entityquery/suggestedentities()
    func suggestedEntities() async throws -> [Entity]
    // https://developer.apple.com/documentation/appintents/entityquery/defaultresult()
    func defaultResult() async -> Entity?
}

extension DisplayRepresentation {
    // https://developer.apple.com/documentation/appintents/displayrepresentation/init(title:subtitle:image:)
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource?, image: DisplayRepresentation.Image?) {
        self.init(title: title)
    }

    // https://developer.apple.com/documentation/appintents/displayrepresentation/image
    public struct Image: Sendable {
        let systemName: String
        // https://developer.apple.com/documentation/appintents/displayrepresentation/image/init(systemname:istemplate:)
        // (the defaulted isTemplate is left out)
        public init(systemName: String) { self.systemName = systemName }
    }
}

// https://developer.apple.com/documentation/appintents/intentparameter-app-entity
// (init(title:description:default:requestValueDialog:requestDisambiguationDialog:inputConnectionBehavior:); Apple
// states the entity through Value.UnwrappedType, the stub writes Value == Entity?, and leaves out the defaulted
// dialogs and inputConnectionBehavior)
extension IntentParameter {
    public convenience init<Entity: AppEntity>(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Entity? = nil) where Value == Entity? {
        self.init(stubDefault: .some(defaultValue))
    }

    // The same for a list of entities (`multiple`): Value == [Entity]?.
    public convenience init<Entity: AppEntity>(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Entity]? = nil) where Value == [Entity]? {
        self.init(stubDefault: .some(defaultValue))
    }
}
