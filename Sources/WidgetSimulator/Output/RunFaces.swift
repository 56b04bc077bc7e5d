import WidgetSupport
import WidgetcRuntimeCore

/// What `run --view` adds to each entry: its render tree (docs/render-tree.md), for the run's
/// family and parameters, computed by the runtime as the extension computes it.
package final class RunFaces {
    let widget: CompiledWidget
    let family: WidgetFamily
    let parameters: JSONObject

    package init(widget: CompiledWidget, family: WidgetFamily, parameters: JSONObject) {
        self.widget = widget
        self.family = family
        self.parameters = widget.parametersWithDefaults(parameters)
    }

    /// Entry `i`'s tree as JSON; nil when the family has no view.
    func tree(_ table: EntryTable, _ i: Int) -> JSONValue? {
        guard let view = widget.view else { return nil }
        let tree = view.tree(
            content: table.content(at: i), date: table.dates[i], index: i, family: family, parameters: parameters,
            zone: widget.zone, locale: widget.locale)
        return tree?.json
    }
}
