import WidgetSupport

/// The values of a face that did not render while its trees were made (a run's reload, a
/// preview): a gauge whose value is not a number, a `date` whose value is not an instant, a
/// colour template that names no colour, a `format` that cannot read its value. Each is noted
/// once per element and value, so `run` can warn about it (`view-value`) instead of the tree
/// silently leaving the element out. An absent value (null, empty text) is not a failure: the
/// element is left out quietly, as an empty text shows nothing.
package final class ViewFailures: @unchecked Sendable {
    package struct Failure: Sendable, Equatable {
        /// The element's key: `gauge`, `date`, `text`…
        package let element: String
        /// The element's id in the tree (`v.0.2`).
        package let id: String
        /// Where the value is written: the plan's (and the definition's) path, `view/vstack/0/gauge`.
        package let path: [String]
        /// The value's JSON text, cut to 60 characters.
        package let value: String
        /// What the element needed: `a number`, `an instant`, `a colour`…
        package let wanted: String
        /// What became of it: `left out`, `shows as it is`.
        package let outcome: String

        package var message: String {
            "\(element) \(id): \(value) is not \(wanted); \(outcome)"
        }
    }

    private let lock = Locked<[Failure]>([])
    /// `{{x | format}}` in the face's texts.
    package let formats = FormatFailures()

    package init() {}

    func note(element: String, id: String, path: [String], value: JSONValue, wanted: String, outcome: String) {
        var shown = JSONWriter.string(value)
        if shown.count > 60 { shown = String(shown.prefix(59)) + "…" }
        let failure = Failure(element: element, id: id, path: path, value: shown, wanted: wanted, outcome: outcome)
        lock.withLock { list in
            if !list.contains(failure) { list.append(failure) }
        }
    }

    /// The failures noted so far, in the order met; and forgets them.
    package func take() -> [Failure] {
        lock.withLock { list in
            defer { list = [] }
            return list
        }
    }
}

/// What a value template of a view rendered.
enum ViewRead<T> {
    case value(T)
    /// Null or empty text: nothing to show, quietly.
    case absent
    /// A value of another kind, and the path of the member that rendered it.
    case wrong(JSONValue, at: [String])

    var value: T? {
        if case .value(let v) = self { return v }
        return nil
    }

    static func classify(_ rendered: JSONValue, at path: [String]) -> ViewRead<T> {
        rendered.isNull || rendered.string == "" ? .absent : .wrong(rendered, at: path)
    }
}
