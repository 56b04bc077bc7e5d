// The UIKit declarations the app's generated side uses to set the dynamic Home Screen quick
// actions (App/<App>AppData.swift; see ../README.md). Each cites its page of Apple's documentation.
import Foundation

// https://developer.apple.com/documentation/uikit/uiapplication
// (a UIResponder subclass: the responder chain is left out, the generated code never uses it)
@MainActor open class UIApplication {
    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    public class var shared: UIApplication { StubApplication.shared }

    // https://developer.apple.com/documentation/uikit/uiapplication/shortcutitems
    open var shortcutItems: [UIApplicationShortcutItem]?

    init() {}
}

@MainActor enum StubApplication {
    static let shared = UIApplication()
}

// https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem
open class UIApplicationShortcutItem: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/type
    open var type: String
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/localizedtitle
    open var localizedTitle: String
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/localizedsubtitle
    open var localizedSubtitle: String?
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/icon
    open var icon: UIApplicationShortcutIcon?
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/userinfo
    open var userInfo: [String: any NSSecureCoding]?

    // https://developer.apple.com/documentation/uikit/uiapplicationshortcutitem/init(type:localizedtitle:localizedsubtitle:icon:userinfo:)
    public init(type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?, userInfo: [String: any NSSecureCoding]? = nil) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
    }
}

// https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon
open class UIApplicationShortcutIcon: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon/icontype
    public enum IconType: Int, @unchecked Sendable {
        case compose, play, pause, add, location, search, share
        case prohibit, contact, home, markLocation, favorite, love
        case cloud, invitation, confirmation, mail, message, date
        case time, capturePhoto, captureVideo, task, taskCompleted
        case alarm, bookmark, shuffle, audio, update
    }

    /// What the icon was made from, for the test driver (StubHooks.swift); UIKit keeps it to itself.
    let stubSource: String

    // https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon/init(type:)
    public convenience init(type: UIApplicationShortcutIcon.IconType) { self.init(stubSource: "type:\(type)") }

    // https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon/init(systemimagename:)
    public convenience init(systemImageName: String) { self.init(stubSource: "symbol:" + systemImageName) }

    // https://developer.apple.com/documentation/uikit/uiapplicationshortcuticon/init(templateimagename:)
    public convenience init(templateImageName: String) { self.init(stubSource: "file:" + templateImageName) }

    init(stubSource: String) { self.stubSource = stubSource }
}
