import Foundation
import WidgetSupport
import WidgetTime

/// The property list where iOS keeps a `UserDefaults` suite of the app group:
/// `Library/Preferences/SUITE.plist` in the container, XML or binary. Read and written with
/// Foundation's `PropertyListSerialization`, the platform's own reader (docs/data-sources.md).
package enum Preferences {
    /// Why a suite's file cannot be read or written.
    package struct Problem: Error {
        package let reason: String
    }

    /// The suite's file, relative to the container.
    package static func path(suite: String) -> String { "Library/Preferences/\(suite).plist" }

    /// The top-level dictionary as JSON: dates as their instant's ISO 8601 text in `zone`, data as base64.
    /// A file that is not a property list, or whose root is not a dictionary, is the reason why.
    package static func read(_ bytes: [UInt8], zone: ZoneRules) -> Result<JSONObject, Preferences.Problem> {
        switch dictionary(bytes) {
        case .failure(let reason): return .failure(reason)
        case .success(let (dictionary, _)):
            var object = JSONObject()
            for key in dictionary.keys.sorted() { object[key] = json(dictionary[key]!, zone: zone) }
            return .success(object)
        }
    }

    /// The file after the app sets and removes keys: binary stays binary; a new file is XML.
    package static func updating(_ bytes: [UInt8]?, set: JSONObject, remove: [String]) -> Result<[UInt8], Preferences.Problem> {
        var dictionary: [String: Any] = [:]
        var format = PropertyListSerialization.PropertyListFormat.xml
        if let bytes {
            switch self.dictionary(bytes) {
            case .failure(let reason): return .failure(reason)
            case .success(let (d, f)):
                dictionary = d
                format = f
            }
        }
        for key in remove { dictionary.removeValue(forKey: key) }
        // A null is no value: the key is removed, as `set(nil, forKey:)` does.
        for (key, value) in set { dictionary[key] = value.isNull ? nil : plistValue(value) }
        do {
            return .success(Array(try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0)))
        } catch {
            return .failure(Problem(reason: reason(error)))
        }
    }

    private static func dictionary(_ bytes: [UInt8]) -> Result<([String: Any], PropertyListSerialization.PropertyListFormat), Problem> {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        } catch {
            return .failure(Problem(reason: "not a property list (\(reason(error)))"))
        }
        guard let dictionary = value as? [String: Any] else { return .failure(Problem(reason: "a property list whose root is not a dictionary")) }
        return .success((dictionary, format))
    }

    /// The parser's own words (`Value missing for key inside <dict> at line 1`).
    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo["NSDebugDescription"] as? String) ?? ns.localizedDescription
    }

    private static func json(_ value: Any, zone: ZoneRules) -> JSONValue {
        switch value {
        case let s as String: return .string(s)
        case let d as Date:
            return .string(zone.iso8601(Instant(seconds: Int64(d.timeIntervalSince1970.rounded(.down)))))
        case let d as Data: return .string(d.base64EncodedString())
        case let a as [Any]: return .array(a.map { json($0, zone: zone) })
        case let o as [String: Any]:
            var object = JSONObject()
            for key in o.keys.sorted() { object[key] = json(o[key]!, zone: zone) }
            return .object(object)
        default:
            if isBoolean(value), let b = value as? Bool { return .bool(b) }
            guard let n = value as? NSNumber else { return .null }
            let type = String(cString: n.objCType)
            if type == "d" || type == "f" { return .double(n.doubleValue) }
            return .int(n.intValue)
        }
    }

    /// Whether a plist number is `<true/>`/`<false/>` (an NSNumber 1 also casts to Bool).
    private static func isBoolean(_ value: Any) -> Bool {
        #if canImport(Darwin)
        guard let n = value as? NSNumber else { return false }
        return CFGetTypeID(n) == CFBooleanGetTypeID()
        #else
        return type(of: value) == Bool.self
        #endif
    }

    /// A JSON value as the app would store it: objects are dictionaries (a null inside one is an empty string).
    private static func plistValue(_ value: JSONValue) -> Any {
        switch value {
        case .null: return ""
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d
        case .string(let s): return s
        case .array(let a): return a.map(plistValue)
        case .object(let o):
            var d: [String: Any] = [:]
            for (k, v) in o { d[k] = plistValue(v) }
            return d
        }
    }
}
