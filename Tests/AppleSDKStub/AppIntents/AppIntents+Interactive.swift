// The AppIntents declarations an interactive widget's generated intents use: their results, the
// intent that opens the app at a URL, and the SwiftUI controls that run an intent (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import Foundation
import SwiftUI

// https://developer.apple.com/documentation/appintents/intentresult
public protocol IntentResult: Sendable {}

// https://developer.apple.com/documentation/appintents/opensintent
public protocol OpensIntent: IntentResult {}

// https://developer.apple.com/documentation/appintents/intentresultcontainer
// (Apple constrains Value: _IntentValue and OpensAppIntent: AppIntent, which Never meets there; the stub
// leaves the constraints out rather than make Never an AppIntent. Conforms To: OpensIntent.)
public struct IntentResultContainer<Value, OpensAppIntent, Snippet, Dialog>: OpensIntent {
    init() {}
}

extension IntentResult {
    // https://developer.apple.com/documentation/appintents/intentresult/result()
    public static func result() -> Self where Self == IntentResultContainer<Never, Never, Never, Never> { .init() }

    // https://developer.apple.com/documentation/appintents/intentresult/result(opensintent:)-6l7s5
    public static func result<OpensAppIntent>(opensIntent: OpensAppIntent) -> Self
    where Self == IntentResultContainer<Never, OpensAppIntent, Never, Never>, OpensAppIntent: AppIntent { .init() }
}

extension WidgetConfigurationIntent {
    // https://developer.apple.com/documentation/appintents/appintent/perform()
    // A widget's configuration intent declares no perform() (Apple's configurable widgets show
    // none): the requirement has a default there.
    public func perform() async throws -> some IntentResult { IntentResultContainer<Never, Never, Never, Never>() }
}

// https://developer.apple.com/documentation/appintents/openurlintent (iOS 18, macOS 15)
public struct OpenURLIntent: AppIntent {
    // https://developer.apple.com/documentation/appintents/appintent/title
    public static let title: LocalizedStringResource = "Open URL"
    let url: URL?

    // https://developer.apple.com/documentation/appintents/appintent/init()
    public init() { url = nil }

    // https://developer.apple.com/documentation/appintents/openurlintent/init(_:)
    public init(_ url: URL) { self.url = url }

    // https://developer.apple.com/documentation/appintents/appintent/perform()
    public func perform() async throws -> some IntentResult { IntentResultContainer<Never, Never, Never, Never>() }
}

extension Button {
    // https://developer.apple.com/documentation/swiftui/button/init(intent:label:)
    public nonisolated init<I>(intent: I, @ViewBuilder label: () -> Label) where I: AppIntent { self.init() }
}

extension Toggle {
    // https://developer.apple.com/documentation/swiftui/toggle/init(ison:intent:label:)
    public nonisolated init<I>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) where I: AppIntent { self.init() }
}
