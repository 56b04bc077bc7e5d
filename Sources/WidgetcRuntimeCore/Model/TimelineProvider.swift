import WidgetSupport
import WidgetTime

/// What WidgetKit tells a provider about a request.
package struct TimelineContext {
    package let family: WidgetFamily
    /// True for the widget gallery's snapshot.
    package let isPreview: Bool
    /// The moment of the request (T): every timeline starts with an entry dated here.
    package let date: Instant
    /// The instance's intent parameter values.
    package let parameters: JSONObject
    /// The app group container as it is at `date` (scenario writes included).
    package let container: Container
    /// Performs URL data sources' requests (nil: none is answered, `no response in this run`).
    package let fetcher: (any DataFetcher)?
    /// Successful answers kept from earlier requests (`maxAge`, `stale`); nil keeps none.
    package let responses: ResponseStore?
    /// Receives what became of each URL source's request.
    package let requests: RequestLog?
    /// Where `secret.NAME` comes from before the container file `secrets/NAME`; nil: the file only.
    package var secrets: (any SecretSource)?
    /// The install's stable random number (docs/fleet.md): with a policy's jitter it fixes the
    /// install's offset. 0 off the device unless a run or the fleet chooses one.
    package var installSeed: UInt64 = 0
    /// A jitter in seconds that replaces the widget's own (`fleet --jitter`); nil keeps the widget's.
    package var jitter: Int64? = nil
    /// On the device, what the extension's types answered for the `swift:` sources; nil off the
    /// device, where their fixtures are read (docs/swift-hatch.md).
    package var swiftAnswers: SwiftAnswers?
    /// Where remote images are written (the container on the device, a run's private copy);
    /// nil writes none (`widgetc fetch`).
    package var images: (any ImageFiles)?
    /// On the device, what scales a remote image down to the family's pixels (ImageIO); nil off
    /// the device, where an image larger than the family is a warning (docs/data-sources.md).
    package var imageScaler: (any ImageScaler)?
    private let collector: WarningCollector
    /// Where this context's warnings go.
    package var warnings: WarningCollector { collector }

    package init(
        family: WidgetFamily, isPreview: Bool = false, date: Instant, parameters: JSONObject = JSONObject(),
        container: Container = Container(), warnings: WarningCollector = WarningCollector(),
        fetcher: (any DataFetcher)? = nil, responses: ResponseStore? = nil, requests: RequestLog? = nil
    ) {
        self.family = family
        self.isPreview = isPreview
        self.date = date
        self.parameters = parameters
        self.container = container
        self.collector = warnings
        self.fetcher = fetcher
        self.responses = responses
        self.requests = requests
    }

    func log(_ request: NetworkRequest) {
        requests?.append(request)
    }

    /// Reports a warning of this run (a missing data file, a missing data path),
    /// dated at the request.
    package func warn(code: String, message: String) {
        collector.report(RunWarning(code: code, message: message, at: date))
    }

    /// The same, for a problem written at one place of the definition (`place`, its path).
    package func warn(code: String, message: String, place: [String]) {
        collector.report(RunWarning(code: code, message: message, at: date, place: place))
    }
}

/// A widget's timeline provider, as WidgetKit's `TimelineProvider` but synchronous:
/// the runtime calls it and records what it returns.
package protocol TimelineProvider {
    /// Shown while the widget loads.
    func placeholder(in context: TimelineContext) -> TimelineEntry
    /// The widget gallery's preview.
    func snapshot(in context: TimelineContext) -> TimelineEntry
    /// Dated entries from `context.date` on, plus when to ask again.
    func timeline(in context: TimelineContext) -> Timeline
}
