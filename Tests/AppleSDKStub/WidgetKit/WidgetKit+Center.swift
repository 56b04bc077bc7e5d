// WidgetCenter, which the app's generated side calls after writing a container file
// (App/<App>AppData.swift). Each declaration cites its page of Apple's documentation.

// https://developer.apple.com/documentation/widgetkit/widgetcenter
public final class WidgetCenter: @unchecked Sendable {
    // https://developer.apple.com/documentation/widgetkit/widgetcenter/shared
    public static var shared: WidgetCenter { StubWidgetCenter.center }

    // https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)
    // (records the kind for the test driver: StubHooks.swift's StubWidgetCenter.reloadedKinds)
    public func reloadTimelines(ofKind kind: String) {
        StubWidgetCenter.record(kind)
    }

    init() {}
}
