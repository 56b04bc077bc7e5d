// WidgetKit pushes (iOS 26): the declarations the generated push handler uses (see ../README.md).
// Each declaration cites the page of Apple's documentation its signature comes from.
import Foundation
import SwiftUI

// https://developer.apple.com/documentation/widgetkit/widgetpushinfo
public struct WidgetPushInfo: Sendable {
    // https://developer.apple.com/documentation/widgetkit/widgetpushinfo/token
    public let token: Data
}

// https://developer.apple.com/documentation/widgetkit/widgetinfo
public struct WidgetInfo {
    // https://developer.apple.com/documentation/widgetkit/widgetinfo/kind
    public let kind: String
    // https://developer.apple.com/documentation/widgetkit/widgetinfo/family
    public let family: WidgetFamily
}

// https://developer.apple.com/documentation/widgetkit/widgetpushhandler
public protocol WidgetPushHandler {
    // https://developer.apple.com/documentation/widgetkit/widgetpushhandler/init()
    init()
    // https://developer.apple.com/documentation/widgetkit/widgetpushhandler/pushtokendidchange(_:widgets:)
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}

extension WidgetConfiguration {
    // https://developer.apple.com/documentation/swiftui/widgetconfiguration/pushhandler(_:)
    @MainActor @preconcurrency public func pushHandler(_ pushHandlerType: any WidgetPushHandler.Type) -> some WidgetConfiguration {
        ModifiedConfiguration<Self>()
    }
}
