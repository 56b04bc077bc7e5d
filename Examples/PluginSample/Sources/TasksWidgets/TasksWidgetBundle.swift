// The extension's entry point: yours. The build-tool plugin generates TasksWidgets (every widget of
// app.yaml); list your Live Activities, Controls and hand-written widgets beside it.
import SwiftUI
import WidgetKit

@main
struct TasksWidgetBundle: WidgetBundle {
    var body: some Widget {
        TasksWidgets().body
    }
}
