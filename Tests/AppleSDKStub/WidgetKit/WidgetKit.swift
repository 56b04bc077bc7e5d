// A stub of the WidgetKit declarations the generated widget extension uses (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import AppIntents
import Foundation
import SwiftUI

// https://developer.apple.com/documentation/widgetkit/widgetfamily
// (more cases on newer systems: a switch over it needs a default)
public enum WidgetFamily: Sendable, Hashable {
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/systemsmall
    case systemSmall
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/systemmedium
    case systemMedium
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/systemlarge
    case systemLarge
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/systemextralarge
    case systemExtraLarge
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/accessorycircular
    case accessoryCircular
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryrectangular
    case accessoryRectangular
    // https://developer.apple.com/documentation/widgetkit/widgetfamily/accessoryinline
    case accessoryInline
}

// https://developer.apple.com/documentation/widgetkit/timelineentry
public protocol TimelineEntry {
    // https://developer.apple.com/documentation/widgetkit/timelineentry/date
    var date: Date { get }
    // https://developer.apple.com/documentation/widgetkit/timelineentry/relevance
    var relevance: TimelineEntryRelevance? { get }
}

// https://developer.apple.com/documentation/widgetkit/timelineentry/relevance
// (a requirement with a default: an entry that declares none has no relevance)
extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

// https://developer.apple.com/documentation/widgetkit/timelineentryrelevance
public struct TimelineEntryRelevance: Sendable {
    // https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/score
    public var score: Float
    // https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/duration
    public var duration: TimeInterval
    // https://developer.apple.com/documentation/widgetkit/timelineentryrelevance/init(score:duration:)
    public init(score: Float, duration: TimeInterval = 0.0) {
        self.score = score
        self.duration = duration
    }
}

// https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy (Conforms To: Equatable)
public struct TimelineReloadPolicy: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case atEnd, after(Date), never }
    let kind: Kind
    // https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/atend
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    // https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/never
    public static let never = TimelineReloadPolicy(kind: .never)
    // https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy/after(_:)
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(kind: .after(date)) }
}

// https://developer.apple.com/documentation/widgetkit/timeline
public struct Timeline<EntryType> where EntryType: TimelineEntry {
    // https://developer.apple.com/documentation/widgetkit/timeline/entries
    public let entries: [EntryType]
    // https://developer.apple.com/documentation/widgetkit/timeline/policy
    public let policy: TimelineReloadPolicy
    // https://developer.apple.com/documentation/widgetkit/timeline/init(entries:policy:)
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

// https://developer.apple.com/documentation/widgetkit/timelineprovidercontext
// (WidgetKit makes these; the stub's way to make one is in StubHooks.swift)
public struct TimelineProviderContext {
    // https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/family
    public let family: WidgetFamily
    // https://developer.apple.com/documentation/widgetkit/timelineprovidercontext/ispreview
    public let isPreview: Bool
}

// https://developer.apple.com/documentation/widgetkit/timelineprovider
public protocol TimelineProvider {
    // https://developer.apple.com/documentation/widgetkit/timelineprovider/entry
    associatedtype Entry: TimelineEntry
    // https://developer.apple.com/documentation/widgetkit/timelineprovider/context
    typealias Context = TimelineProviderContext
    // https://developer.apple.com/documentation/widgetkit/timelineprovider/placeholder(in:)
    func placeholder(in context: Self.Context) -> Self.Entry
    // https://developer.apple.com/documentation/widgetkit/timelineprovider/getsnapshot(in:completion:)
    @preconcurrency func getSnapshot(in context: Self.Context, completion: @escaping @Sendable (Self.Entry) -> Void)
    // https://developer.apple.com/documentation/widgetkit/timelineprovider/gettimeline(in:completion:)
    @preconcurrency func getTimeline(in context: Self.Context, completion: @escaping @Sendable (Timeline<Self.Entry>) -> Void)
}

// https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider
public protocol AppIntentTimelineProvider {
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/entry
    associatedtype Entry: TimelineEntry
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/intent
    associatedtype Intent: WidgetConfigurationIntent
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/context
    typealias Context = TimelineProviderContext
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/placeholder(in:)
    func placeholder(in context: Self.Context) -> Self.Entry
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/snapshot(for:in:)
    func snapshot(for configuration: Self.Intent, in context: Self.Context) async -> Self.Entry
    // https://developer.apple.com/documentation/widgetkit/appintenttimelineprovider/timeline(for:in:)
    func timeline(for configuration: Self.Intent, in context: Self.Context) async -> Timeline<Self.Entry>
}

// https://developer.apple.com/documentation/widgetkit/staticconfiguration
@MainActor @preconcurrency public struct StaticConfiguration<Content>: WidgetConfiguration where Content: View {
    // https://developer.apple.com/documentation/widgetkit/staticconfiguration/init(kind:provider:content:)
    @MainActor @preconcurrency public init<Provider>(kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) where Provider: TimelineProvider {}
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/widgetkit/appintentconfiguration
@MainActor @preconcurrency public struct AppIntentConfiguration<Intent, Content>: WidgetConfiguration where Intent: WidgetConfigurationIntent, Content: View {
    // https://developer.apple.com/documentation/widgetkit/appintentconfiguration/init(kind:intent:provider:content:)
    @MainActor @preconcurrency public init<Provider>(kind: String, intent: Intent.Type = Intent.self, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content) where Intent == Provider.Intent, Provider: AppIntentTimelineProvider {}
    public var body: Never { return fatalError("stub") }
}

struct ModifiedConfiguration<Base: WidgetConfiguration>: WidgetConfiguration {
    var body: Never { return fatalError("stub") }
}

extension WidgetConfiguration {
    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/configurationdisplayname(_:)-2c3zv
    @MainActor @preconcurrency public func configurationDisplayName<S>(_ displayName: S) -> some WidgetConfiguration where S: StringProtocol {
        ModifiedConfiguration<Self>()
    }

    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/description(_:)-2bfr
    @MainActor @preconcurrency public func description<S>(_ description: S) -> some WidgetConfiguration where S: StringProtocol {
        ModifiedConfiguration<Self>()
    }

    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/supportedfamilies(_:)
    @MainActor @preconcurrency public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        ModifiedConfiguration<Self>()
    }
}

extension EnvironmentValues {
    // https://developer.apple.com/documentation/swiftui/environmentvalues/widgetfamily
    public var widgetFamily: WidgetFamily { .systemSmall }
}

extension ContainerBackgroundPlacement {
    // https://developer.apple.com/documentation/swiftui/containerbackgroundplacement/widget
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

struct URLModifiedView<Content: View>: View {
    var body: Never { return fatalError("stub") }
}

extension View {
    // https://developer.apple.com/documentation/swiftui/view/widgeturl(_:)
    @MainActor @preconcurrency public func widgetURL(_ url: URL?) -> some View {
        URLModifiedView<Self>()
    }
}

#if !canImport(Darwin)
// Foundation's, missing from Linux's Foundation: here the test driver says where each app group's container is.
extension FileManager {
    // https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        StubContainers.directories[groupIdentifier]
    }
}
#endif
