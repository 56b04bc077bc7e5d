import WidgetSupport
import WidgetTime

/// The spec's scalar forms (durations, instants, wall times, zones), checked
/// through WidgetTime. One place, so every check words its errors alike.
enum Scalars {
    /// Seconds of a duration such as `15m`, `1h30m`, `PT15M`, or the problem.
    static func duration(_ text: String) -> Result<Int64, ScalarProblem> {
        do {
            return .success(try DurationParser.parse(text))
        } catch {
            return .failure(ScalarProblem(message: error.message, offset: error.offset))
        }
    }

    /// An ISO 8601 instant with `Z` or an offset.
    static func instant(_ text: String) -> Result<Instant, ScalarProblem> {
        do {
            return .success(try InstantParser.parse(text).instant)
        } catch {
            return .failure(ScalarProblem(message: error.message, offset: error.offset))
        }
    }

    /// A relative instant such as `+2h`: its seconds.
    static func relativeInstant(_ text: String) -> Result<Int64, ScalarProblem> {
        do {
            return .success(try RelativeInstant.parse(text))
        } catch {
            return .failure(ScalarProblem(message: error.message, offset: error.offset))
        }
    }

    /// Whether an IANA time zone name is known to this machine's zone database.
    static func isKnownZone(_ name: String) -> Bool {
        ZoneRules.named(name) != nil  // cached per name: validate meets the same zones again and again
    }
}

/// Why a scalar does not parse, and where in its text.
struct ScalarProblem: Error {
    let message: String
    let offset: Int
}
