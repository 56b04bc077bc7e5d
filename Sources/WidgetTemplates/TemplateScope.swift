import WidgetSupport

/// The root of a template's context stack: what the outermost names resolve against.
///
/// Only `lookup(_:)` is required. A runtime can answer names without building
/// one big object per entry, and may also answer whole dotted paths at once
/// through `lookup(path:)` (for example `entry.time` without an `entry` object).
package protocol TemplateScope {
    /// The value of a first dotted component (`param` in `param.city`), nil when absent.
    func lookup(_ name: String) -> JSONValue?
    /// The value of a whole dotted path, nil when any step is absent.
    /// The default looks up the first component and walks the rest.
    func lookup(path: [String]) -> JSONValue?
    /// What `{{.}}` means at the root; nil (the default) renders it empty.
    var implicitValue: JSONValue? { get }
    /// `{{name | format}}`: the value as `reference.format` shows it, or nil when this scope
    /// has no formats or the value is not one the format takes; the value is then inserted
    /// as it is. The runtime's scopes format as a face does (`ValueFormat`); the default, nil.
    func format(_ value: JSONValue, _ reference: TemplateReference) -> String?
    /// The most items one section over a list enters (the rest are not rendered); nil (the
    /// default): all, within `Template.maxSectionItems` for the whole render.
    var sectionItemLimit: Int? { get }
}

extension TemplateScope {
    package func lookup(path: [String]) -> JSONValue? {
        guard let first = path.first, let value = lookup(first) else { return nil }
        return TemplateRenderer.descend(value, path, from: 1)
    }

    package var implicitValue: JSONValue? { nil }

    package func format(_ value: JSONValue, _ reference: TemplateReference) -> String? { nil }
    package var sectionItemLimit: Int? { nil }
}

/// A JSON value as a scope: names are members of an object; `{{.}}` is the value itself.
extension JSONValue: TemplateScope {
    package func lookup(_ name: String) -> JSONValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }

    package func lookup(path: [String]) -> JSONValue? {
        TemplateRenderer.descend(self, path, from: 0)
    }

    /// Resolves `path[start...]` inside this value, as templates do: object
    /// members, and array elements by canonical decimal index (`list.0`).
    /// A scope holding `param` answers `param.city` with `param.lookup(path: path, from: 1)`.
    package func lookup(path: [String], from start: Int) -> JSONValue? {
        guard start >= 0, start <= path.count else { return nil }
        return TemplateRenderer.descend(self, path, from: start)
    }

    package var implicitValue: JSONValue? { self }
}
