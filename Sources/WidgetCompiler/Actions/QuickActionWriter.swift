import WidgetSupport
import WidgetcRuntimeCore

/// The two output shapes of `widgetc actions` (docs/quick-actions.md).
///
/// Info.plist: `{"UIApplicationShortcutItems": [item, …]}` where each item is a dict of
/// `UIApplicationShortcutItemType`, `…Title`, then when present `…Subtitle`, one of
/// `…IconSymbolName` / `…IconType` (`UIApplicationShortcutIconTypeCompose`, …) / `…IconFile`,
/// and `…UserInfo` (omitted when empty).
///
/// JSON: `{"static": [item, …], "dynamic": [item, …]}`, each item
/// `{"type", "title", "subtitle"?, "icon", "userInfo"}` where `subtitle` is present only
/// when the action has one, `icon` is `{"symbol": name}`, `{"type": lowerCamelName}`,
/// `{"file": name}` or `null`, and `userInfo` is an object (`{}` when empty). Pretty
/// printed: one item per line, each line compact JSON.
package enum QuickActionWriter {
    /// The XML property list whose root dict holds `UIApplicationShortcutItems`.
    package static func infoPlist(_ actions: [QuickAction]) -> String {
        var root = JSONObject()
        root["UIApplicationShortcutItems"] = .array(actions.map { .object($0.infoPlistItem) })
        return PropertyListXML.document(.object(root))
    }

    /// The `{"static": [...], "dynamic": [...]}` document, ending with a newline.
    package static func json(static staticActions: [QuickAction], dynamic: [QuickAction]) -> String {
        var w = JSONWriter()
        w.raw("{\n")
        for (name, actions) in [("static", staticActions), ("dynamic", dynamic)] {
            w.raw("  ")
            w.writeString(name)
            w.raw(": [")
            for (i, action) in actions.enumerated() {
                w.raw(i == 0 ? "\n    " : ",\n    ")
                w.write(.object(action.jsonItem))
            }
            w.raw(actions.isEmpty ? "]" : "\n  ]")
            w.raw(name == "static" ? ",\n" : "\n")
        }
        w.raw("}\n")
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

extension QuickAction {
    /// This action as an Info.plist `UIApplicationShortcutItems` entry.
    package var infoPlistItem: JSONObject {
        var item = JSONObject()
        item["UIApplicationShortcutItemType"] = .string(type)
        item["UIApplicationShortcutItemTitle"] = .string(title)
        if let subtitle { item["UIApplicationShortcutItemSubtitle"] = .string(subtitle) }
        switch icon {
        case .symbol(let name)?: item["UIApplicationShortcutItemIconSymbolName"] = .string(name)
        case .system(let type)?: item["UIApplicationShortcutItemIconType"] = .string(type.plistName)
        case .file(let name)?: item["UIApplicationShortcutItemIconFile"] = .string(name)
        case nil: break
        }
        if !userInfo.isEmpty { item["UIApplicationShortcutItemUserInfo"] = .object(userInfo) }
        return item
    }

    /// This action as an item of `widgetc actions --format json`.
    package var jsonItem: JSONObject {
        var item = JSONObject()
        item["type"] = .string(type)
        item["title"] = .string(title)
        if let subtitle { item["subtitle"] = .string(subtitle) }
        switch icon {
        case .symbol(let name)?: item["icon"] = ["symbol": .string(name)]
        case .system(let type)?: item["icon"] = ["type": .string(type.rawValue)]
        case .file(let name)?: item["icon"] = ["file": .string(name)]
        case nil: item["icon"] = .null
        }
        item["userInfo"] = .object(userInfo)
        return item
    }
}
