// NOT Apple API. What only WidgetKit itself can do, for the test driver that plays WidgetKit:
// make a request's context, read a policy's date, and place the app group containers.
// Generated code never uses these (see ../README.md).
import Foundation

extension TimelineProviderContext {
    public init(stubFamily family: WidgetFamily, isPreview: Bool = false) {
        self.family = family
        self.isPreview = isPreview
    }
}

extension TimelineReloadPolicy {
    /// The date of `.after(date)`; nil for `.atEnd` and `.never`.
    public var stubDate: Date? {
        if case .after(let date) = kind { date } else { nil }
    }
}

/// Where `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` finds each group:
/// `WIDGETC_STUB_CONTAINERS` holds `group=directory` pairs separated by `;`.
public enum StubContainers {
    public static let directories: [String: URL] = {
        var result: [String: URL] = [:]
        for pair in (ProcessInfo.processInfo.environment["WIDGETC_STUB_CONTAINERS"] ?? "").split(separator: ";") {
            guard let eq = pair.firstIndex(of: "=") else { continue }
            result[String(pair[..<eq])] = URL(fileURLWithPath: String(pair[pair.index(after: eq)...]), isDirectory: true)
        }
        return result
    }()
}

/// The kinds `WidgetCenter.shared.reloadTimelines(ofKind:)` was asked to reload, in order.
public enum StubWidgetCenter {
    static let center = WidgetCenter()
    nonisolated(unsafe) private static var kinds: [String] = []
    private static let lock = NSLock()

    static func record(_ kind: String) { lock.lock(); kinds.append(kind); lock.unlock() }

    public static var reloadedKinds: [String] { lock.lock(); defer { lock.unlock() }; return kinds }

    /// The kinds asked for since the last call (what one generated intent requested).
    public static func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        defer { kinds = [] }
        return kinds
    }
}
