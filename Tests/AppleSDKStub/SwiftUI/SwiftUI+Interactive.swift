// The SwiftUI controls an interactive widget's face uses (`button`, `toggle`; see ../README.md).
// Their App Intent initializers are in AppIntents/AppIntents+Interactive.swift: Apple declares them
// in the overlay SwiftUI and AppIntents load together (`_AppIntents_SwiftUI`), so a view that uses
// them imports both. Each declaration cites the page of Apple's documentation it comes from.
import Foundation

// https://developer.apple.com/documentation/swiftui/button
public struct Button<Label> where Label: View {
    // Not Apple API: how the AppIntents stub's initializers make one (the package only).
    package init() {}
}

extension Button: View {
    public var body: Never { return fatalError("stub") }
}

// https://developer.apple.com/documentation/swiftui/toggle
public struct Toggle<Label> where Label: View {
    // Not Apple API: how the AppIntents stub's initializers make one (the package only).
    package init() {}
}

extension Toggle: View {
    public var body: Never { return fatalError("stub") }
}
