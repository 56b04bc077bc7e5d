import WidgetSupport
import WidgetTemplates

/// An entity parameter's options (`type: entity`, docs/entities.md): the records of a list in
/// the widget's data, each shown by its templates over `record`. On the device they are an
/// `AppEntity` and its `EntityQuery`; `param.NAME` is the chosen record (a list of them with
/// `multiple`).
package struct EntityOptions: Sendable {
    /// `options.from` as written (`data.cities`, `data.app.cities`, `let.cities`); for options
    /// through the Swift hatch, `swift: TYPE` (how warnings name them).
    package var from: String
    /// Its components: `data` or `let`, then the names; empty for options through the hatch.
    package var path: [String]
    /// `options: { swift: TYPE, args, fixture }` (docs/swift-hatch.md): the list is the value of an
    /// extension's type on the device, its fixture off it. Its `name` is `EntityOptions.sourceName`.
    package var swift: SwiftSource?
    package var id: Template
    package var title: Template
    package var subtitle: Template?
    /// An SF Symbol's name.
    package var image: Template?
    package var defaultChoice: DefaultChoice
    /// `multiple: { max: N }`; nil: one entity.
    package var multipleMax: Int?

    /// `default`: the first option, none, or the option with this id.
    package enum DefaultChoice: Sendable, Equatable {
        case first, none
        case id(String)

        /// As the plan and the YAML write it: `first`, `none` (null in a plan) or the id.
        package init(written: String?) {
            switch written {
            case nil, "none"?: self = .none
            case "first"?: self = .first
            case let id?: self = .id(id)
            }
        }

        package var json: JSONValue {
            switch self {
            case .first: .string("first")
            case .none: .null
            case .id(let id): .object(JSONObject([("id", .string(id))]))
            }
        }
    }

    package init(
        from: String, path: [String], id: Template, title: Template, subtitle: Template?, image: Template?, defaultChoice: DefaultChoice,
        multipleMax: Int?, swift: SwiftSource? = nil
    ) {
        self.swift = swift
        self.from = from
        self.path = path
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.defaultChoice = defaultChoice
        self.multipleMax = multipleMax
    }

    /// One option as the edit sheet shows it.
    package struct Option: Sendable, Equatable {
        package let id: String
        package let title: String
        package let subtitle: String?
        package let image: String?
        /// The record `param.NAME` becomes when it is chosen.
        package let record: JSONValue
    }

    /// The source (`data`) or let (`let`) the options are read from, and the name in it.
    package var root: (kind: String, name: String)? {
        path.count >= 2 ? (path[0], path[1]) : nil
    }

    /// The name a reload reads the options of parameter `parameter` through the hatch under: not an
    /// identifier, so no data source of the widget can have it (nor a template name it).
    package static func sourceName(_ parameter: String) -> String { "param.\(parameter)" }

    /// What the list is, for warnings: `options.from data.cities`, `options (swift: CityQuery)`.
    package var listLabel: String { swift == nil ? "options.from \(from)" : "options (\(from))" }

    /// The options of the list at `from` in these values (`data` and the lets so far), or of
    /// `own`, what the hatch's type (or fixture) gave; nil when there is no list there. Records
    /// without an id (it renders empty) are skipped; an id met again keeps its first record, as an
    /// `EntityQuery` answers one entity per identifier.
    package func options(data: JSONValue, lets: JSONValue, own: JSONValue? = nil) -> [Option]? {
        let list = swift != nil ? own : (path.first == "let" ? lets : data).lookup(path: path, from: 1)
        guard case .array(let items)? = list else { return nil }
        var options: [Option] = []
        var seen = Set<String>()
        for record in items {
            let scope = RecordScope(record: record)
            let id = self.id.renderString(scope)
            guard !id.isEmpty, seen.insert(id).inserted else { continue }
            let subtitle = self.subtitle.map { $0.renderString(scope) }
            let image = self.image.map { $0.renderString(scope) }
            options.append(Option(
                id: id, title: title.renderString(scope), subtitle: subtitle?.isEmpty == false ? subtitle : nil,
                image: image?.isEmpty == false ? image : nil, record: record))
        }
        return options
    }

    /// What the default gives among `options`: nil when it gives nothing (`none`, an empty list,
    /// an id that is not among them).
    package func defaultOption(_ options: [Option]) -> Option? {
        switch defaultChoice {
        case .first: options.first
        case .none: nil
        case .id(let id): options.first { $0.id == id }
        }
    }

    /// `param.NAME` for the instance's choice (an id, a list of ids with `multiple`; nil: the user
    /// chose nothing), as on the device: a chosen id no longer among the options resolves to
    /// nothing and the default stands in (`entity-gone`, a warning). nil: no entity at all
    /// (one entity, and no default): the placeholder shows.
    package func resolve(
        parameter name: String, choice: JSONValue?, options: [Option], warn: (_ code: String, _ message: String) -> Void
    ) -> JSONValue? {
        let fallback = defaultOption(options)
        func described(_ option: Option?) -> String {
            guard let option else {
                return multipleMax == nil ? "no entity and the default gives none; showing the placeholder" : "no entity and the default gives none"
            }
            return "using the default, '\(option.id)' (\(defaultText))"
        }
        let chosen: [String]
        switch choice {
        case .string(let id)?: chosen = [id]
        case .array(let items)?: chosen = items.compactMap(\.string)
        default: chosen = []
        }
        var records: [JSONValue] = []
        var gone: [String] = []
        for id in chosen {
            if let option = options.first(where: { $0.id == id }) { records.append(option.record) } else { gone.append(id) }
        }
        if let max = multipleMax, records.count > max { records.removeLast(records.count - max) }
        if !gone.isEmpty {
            let ids = gone.map { "'\($0)'" }.joined(separator: ", ")
            let rest = records.isEmpty ? described(fallback) : "keeping the \(records.count) still there"
            warn("entity-gone", "parameter '\(name)': \(gone.count == 1 ? "id" : "ids") \(ids) \(gone.count == 1 ? "is" : "are") no longer among its options (\(from), \(options.count) records); \(rest)")
        } else if chosen.isEmpty, fallback == nil, multipleMax == nil {
            warn("entity-none", "parameter '\(name)': nothing is chosen and its default (\(defaultText)) gives no record of \(from) (\(options.count) records); showing the placeholder")
        }
        if multipleMax != nil {
            if records.isEmpty, let fallback { records = [fallback.record] }
            return .array(records)
        }
        return records.first ?? fallback?.record
    }

    private var defaultText: String {
        switch defaultChoice {
        case .first: "first"
        case .none: "none"
        case .id(let id): "'\(id)'"
        }
    }
}

/// What an option's templates see: `record`.
struct RecordScope: TemplateScope {
    let record: JSONValue

    func lookup(_ name: String) -> JSONValue? {
        name == "record" ? record : nil
    }
}
