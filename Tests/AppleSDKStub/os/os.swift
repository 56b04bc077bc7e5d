// The unified logging declarations the generated providers use (module `os`).

// https://developer.apple.com/documentation/os/logger
public struct Logger: @unchecked Sendable {
    // https://developer.apple.com/documentation/os/logger/init(subsystem:category:)
    public init(subsystem: String, category: String) {}

    // https://developer.apple.com/documentation/os/logger/warning(_:)
    public func warning(_ message: OSLogMessage) {}

    // https://developer.apple.com/documentation/os/logger/error(_:)
    public func error(_ message: OSLogMessage) {}
}

// https://developer.apple.com/documentation/os/oslogmessage
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    // https://developer.apple.com/documentation/os/oslogmessage/init(stringinterpolation:)
    public init(stringInterpolation: OSLogInterpolation) {}
    // https://developer.apple.com/documentation/os/oslogmessage/init(stringliteral:)
    public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/os/osloginterpolation
public struct OSLogInterpolation: StringInterpolationProtocol {
    // https://developer.apple.com/documentation/swift/stringinterpolationprotocol/init(literalcapacity:interpolationcount:)
    public init(literalCapacity: Int, interpolationCount: Int) {}
    // https://developer.apple.com/documentation/swift/stringinterpolationprotocol/appendliteral(_:)
    public mutating func appendLiteral(_ literal: String) {}
    // https://developer.apple.com/documentation/os/osloginterpolation/appendinterpolation(_:align:privacy:)-1bd9s
    // (`align:` has a default the generated code never passes: left out)
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto) {}
}

// https://developer.apple.com/documentation/os/oslogprivacy (its members are `static var … { get }`)
public struct OSLogPrivacy: Equatable {
    // https://developer.apple.com/documentation/os/oslogprivacy/auto
    public static var auto: OSLogPrivacy { OSLogPrivacy() }
    // https://developer.apple.com/documentation/os/oslogprivacy/public
    public static var `public`: OSLogPrivacy { OSLogPrivacy() }
}
