// The library an app links: everything of the runtime (`WidgetcRuntimeCore`), and URL data
// sources through URLSession. `widgetc` itself links only the core, and on Linux loads
// URLSession (FoundationNetworking) on its first live request (see WidgetcURLSession).
@_exported import WidgetcRuntimeCore
import Foundation

extension WidgetPlan {
    /// `timeline(at:family:parameters:container:fetcher:responses:deadline:)` with URL data
    /// sources requested through URLSession (`URLSessionFetcher.shared`) and remote images scaled with
    /// ImageIO (`ImageIOScaler`), as a widget extension does.
    public func timeline(
        at date: Date, family: String? = nil, parameters: [String: WidgetValue] = [:], container: URL? = nil,
        responses: ResponseStore? = nil, deadline: Duration = WidgetPlan.reloadDeadline, secrets: (any SecretSource)? = nil,
        swiftSources: (any SwiftSourceLoader)? = nil
    ) async -> WidgetTimeline {
        // Remote images are scaled to the family's pixels with ImageIO where there is ImageIO.
        #if canImport(ImageIO)
        let scaler: (any ImageScaler)? = ImageIOScaler()
        #else
        let scaler: (any ImageScaler)? = nil
        #endif
        return await timeline(
            at: date, family: family, parameters: parameters, container: container, fetcher: URLSessionFetcher.shared,
            responses: responses, deadline: deadline, secrets: secrets, swiftSources: swiftSources, imageScaler: scaler)
    }
}
