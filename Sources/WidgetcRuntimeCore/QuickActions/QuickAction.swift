import WidgetSupport

/// One Home Screen quick action, as `UIApplicationShortcutItem` holds it.
package struct QuickAction: Sendable, Hashable {
    /// The string the app switches on (`UIApplicationShortcutItemType`).
    package var type: String
    /// `UIApplicationShortcutItemTitle`.
    package var title: String
    /// `UIApplicationShortcutItemSubtitle`; nil when there is none.
    package var subtitle: String?
    /// The icon; nil when there is none.
    package var icon: QuickActionIcon?
    /// `UIApplicationShortcutItemUserInfo`: property-list values only (no null); empty when none.
    package var userInfo: JSONObject

    package init(type: String, title: String, subtitle: String? = nil, icon: QuickActionIcon? = nil, userInfo: JSONObject = JSONObject()) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
    }

    package static func == (a: QuickAction, b: QuickAction) -> Bool {
        a.type == b.type && a.title == b.title && a.subtitle == b.subtitle && a.icon == b.icon
            && JSONValue.object(a.userInfo) == JSONValue.object(b.userInfo)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(title)
    }
}

/// A quick action's icon: exactly one of an SF Symbol, a system icon type, or an asset-catalog image.
package enum QuickActionIcon: Sendable, Hashable {
    /// `UIApplicationShortcutItemIconSymbolName`, such as `square.and.pencil`.
    case symbol(String)
    /// `UIApplicationShortcutItemIconType`.
    case system(QuickActionIconType)
    /// `UIApplicationShortcutItemIconFile`: an image name in the asset catalog.
    case file(String)
}

/// `UIApplicationShortcutIcon.IconType`, named in lowerCamel case as manifests write it.
package enum QuickActionIconType: String, Sendable, Hashable, CaseIterable {
    case compose, play, pause, add, location, search, share
    case prohibit, contact, home, markLocation, favorite, love
    case cloud, invitation, confirmation, mail, message, date
    case time, capturePhoto, captureVideo, task, taskCompleted
    case alarm, bookmark, shuffle, audio, update

    /// The Info.plist value: `UIApplicationShortcutIconType` and the capitalised name,
    /// such as `UIApplicationShortcutIconTypeMarkLocation`.
    package var plistName: String {
        "UIApplicationShortcutIconType" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
}
