import Foundation
import WidgetSupport
import WidgetTime

// The render tree's JSON (docs/render-tree.md), in one place: what `widgetc run --view
// --format json` prints and what a renderer given JSON reads. Keys come in a fixed order and
// keys without a value are left out, so one entry always gives the same bytes.

extension RenderTree {
    package var json: JSONValue {
        var o = JSONObject()
        o["family"] = .string(family)
        if let background { o["background"] = background.json }
        o["root"] = root.json
        return .object(o)
    }

    package init(json: JSONValue) throws(RenderTreeError) {
        let o = try RenderTreeError.object(json, "the tree")
        family = try RenderTreeError.string(o["family"], "family")
        root = try RenderNode(json: o["root"] ?? .null)
        background = try o["background"].map { v throws(RenderTreeError) in try RenderFill(json: v) }
    }
}

/// A render tree's JSON that does not say what docs/render-tree.md says it should.
package struct RenderTreeError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String
    package var description: String { message }

    static func object(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> JSONObject {
        guard case .object(let o)? = v else { throw RenderTreeError(message: "\(what) is not an object") }
        return o
    }

    static func string(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> String {
        guard case .string(let s)? = v else { throw RenderTreeError(message: "\(what) is not a string") }
        return s
    }

    static func number(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> Double {
        guard let d = v?.number else { throw RenderTreeError(message: "\(what) is not a number") }
        return d
    }

    static func array(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> [JSONValue] {
        guard case .array(let a)? = v else { throw RenderTreeError(message: "\(what) is not a list") }
        return a
    }

    static func optionalString(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> String? {
        guard let v else { return nil }
        return try string(v, what)
    }

    static func optionalNumber(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> Double? {
        guard let v else { return nil }
        return try number(v, what)
    }

    static func date(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> Date {
        let text = try string(v, what)
        guard let parsed = try? InstantParser.parse(text) else { throw RenderTreeError(message: "\(what) '\(text)' is not an ISO 8601 instant") }
        return Date(parsed.instant)
    }

    static func bool(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> Bool {
        guard let v else { return false }
        guard case .bool(let b) = v else { throw RenderTreeError(message: "\(what) is not a boolean") }
        return b
    }
}

/// Instants in the tree: ISO 8601 in UTC (`2026-11-29T14:00:00+00:00`), as the run object writes them.
private func instantJSON(_ date: Date) -> JSONValue {
    .string(Instant(date).iso8601(offset: 0))
}

/// Numbers: integers when whole, so `4` stays `4` and not `4.0`.
private func numberJSON(_ d: Double) -> JSONValue {
    if d.isInfinite { return .string(d > 0 ? "infinity" : "-infinity") }
    if let i = Int(exactly: d) { return .int(i) }
    return .double(d)
}

private func dimension(_ v: JSONValue?, _ what: String) throws(RenderTreeError) -> Double? {
    if case .string("infinity")? = v { return .infinity }
    return try RenderTreeError.optionalNumber(v, what)
}

extension RenderNode {
    package var json: JSONValue {
        var o = JSONObject()
        o["id"] = .string(id)
        o["element"] = .string(element.name)
        switch element {
        case .vstack(let s), .hstack(let s), .zstack(let s):
            if let a = s.alignment { o["alignment"] = .string(a) }
            if let sp = s.spacing { o["spacing"] = numberJSON(sp) }
        case .group, .foreach, .divider:
            break
        case .text(let t):
            o["text"] = .string(t)
        case .date(let d):
            o["date"] = instantJSON(d.date)
            if let s = d.style { o["style"] = .string(s) }
            if let f = d.format { o["format"] = .string(f) }
            if let t = d.text { o["text"] = .string(t) }
        case .timer(let from, let to, let down):
            o["from"] = instantJSON(from)
            o["to"] = instantJSON(to)
            o["countsDown"] = .bool(down)
        case .symbol(let name):
            o["name"] = .string(name)
        case .image(let image):
            image.write(into: &o)
        case .gauge(let g):
            o["value"] = numberJSON(g.value)
            o["min"] = numberJSON(g.min)
            o["max"] = numberJSON(g.max)
            if let l = g.label { o["label"] = .string(l) }
            if let l = g.currentValueLabel { o["currentValueLabel"] = .string(l) }
            if let s = g.style { o["style"] = .string(s) }
        case .progress(let p):
            switch p.kind {
            case .value(let v, let total):
                o["value"] = numberJSON(v)
                o["total"] = numberJSON(total)
            case .interval(let from, let to, let down):
                o["from"] = instantJSON(from)
                o["to"] = instantJSON(to)
                o["countsDown"] = .bool(down)
            }
            if let l = p.label { o["label"] = .string(l) }
            if let s = p.style { o["style"] = .string(s) }
        case .spacer(let min):
            if let min { o["minLength"] = numberJSON(min) }
        case .button(let label, let call):
            o["label"] = .string(label)
            call.write(into: &o)
        case .toggle(let isOn, let label, let call):
            o["isOn"] = .bool(isOn)
            o["label"] = .string(label)
            call.write(into: &o)
        case .chart(let c):
            o["mark"] = .string(c.mark)
            if c.xType != .category { o["xType"] = .string(c.xType.rawValue) }
            if let r = c.yRange { o["yRange"] = .array([numberJSON(r.lowerBound), numberJSON(r.upperBound)]) }
            o["points"] = .array(c.points.map { p in
                let x: JSONValue
                switch p.xValue {
                case .category(let text): x = .string(text)
                case .number(let n): x = numberJSON(n)
                case .date(let d): x = instantJSON(d)
                }
                var point = JSONObject([("x", x), ("y", numberJSON(p.y))])
                if !p.series.isEmpty { point["series"] = .string(p.series) }
                if let color = p.color { point["color"] = color.json }
                return .object(point)
            })
        case .grid(let g):
            o["columns"] = .int(g.columns)
            if let sp = g.spacing { o["spacing"] = numberJSON(sp) }
        }
        options.write(into: &o)
        switch element {
        case .vstack, .hstack, .zstack, .group:
            o["children"] = .array(children.map(\.json))
            if !hidden.isEmpty { o["hidden"] = .array(hidden.map(JSONValue.string)) }
        case .foreach, .grid:
            o["items"] = .array(items.map(\.json))
        default:
            break
        }
        return .object(o)
    }

    package init(json: JSONValue) throws(RenderTreeError) {
        let o = try RenderTreeError.object(json, "a node")
        let id = try RenderTreeError.string(o["id"], "a node's id")
        let name = try RenderTreeError.string(o["element"], "node \(id)'s element")
        func at(_ key: String) -> String { "node \(id)'s \(key)" }
        func stack() throws(RenderTreeError) -> RenderStack {
            RenderStack(
                alignment: try RenderTreeError.optionalString(o["alignment"], at("alignment")),
                spacing: try RenderTreeError.optionalNumber(o["spacing"], at("spacing")))
        }
        let element: RenderElement
        switch name {
        case "vstack": element = .vstack(try stack())
        case "hstack": element = .hstack(try stack())
        case "zstack": element = .zstack(try stack())
        case "group": element = .group
        case "foreach": element = .foreach
        case "divider": element = .divider
        case "text": element = .text(try RenderTreeError.string(o["text"], at("text")))
        case "date":
            element = .date(
                RenderDate(
                    date: try RenderTreeError.date(o["date"], at("date")),
                    style: try RenderTreeError.optionalString(o["style"], at("style")),
                    format: try RenderTreeError.optionalString(o["format"], at("format")),
                    text: try RenderTreeError.optionalString(o["text"], at("text"))))
        case "timer":
            element = .timer(
                from: try RenderTreeError.date(o["from"], at("from")), to: try RenderTreeError.date(o["to"], at("to")),
                countsDown: try RenderTreeError.bool(o["countsDown"], at("countsDown")))
        case "symbol": element = .symbol(try RenderTreeError.string(o["name"], at("name")))
        case "image": element = .image(try RenderImage(object: o, at("image")))
        case "gauge":
            element = .gauge(
                RenderGauge(
                    value: try RenderTreeError.number(o["value"], at("value")),
                    min: try RenderTreeError.number(o["min"], at("min")), max: try RenderTreeError.number(o["max"], at("max")),
                    label: try RenderTreeError.optionalString(o["label"], at("label")),
                    currentValueLabel: try RenderTreeError.optionalString(o["currentValueLabel"], at("currentValueLabel")),
                    style: try RenderTreeError.optionalString(o["style"], at("style"))))
        case "progress":
            let kind: RenderProgress.Kind
            if o["from"] != nil {
                kind = .interval(
                    from: try RenderTreeError.date(o["from"], at("from")), to: try RenderTreeError.date(o["to"], at("to")),
                    countsDown: try RenderTreeError.bool(o["countsDown"], at("countsDown")))
            } else {
                kind = .value(try RenderTreeError.number(o["value"], at("value")), total: try RenderTreeError.number(o["total"], at("total")))
            }
            element = .progress(
                RenderProgress(
                    kind: kind, label: try RenderTreeError.optionalString(o["label"], at("label")),
                    style: try RenderTreeError.optionalString(o["style"], at("style"))))
        case "spacer": element = .spacer(minLength: try RenderTreeError.optionalNumber(o["minLength"], at("minLength")))
        case "button":
            element = .button(label: try RenderTreeError.string(o["label"], at("label")), call: try RenderIntentCall(object: o, at("intent")))
        case "toggle":
            element = .toggle(
                isOn: try RenderTreeError.bool(o["isOn"], at("isOn")), label: try RenderTreeError.string(o["label"], at("label")),
                call: try RenderIntentCall(object: o, at("intent")))
        case "chart":
            var xType = RenderChartXType.category
            if let t = o["xType"] {
                let text = try RenderTreeError.string(t, at("xType"))
                guard let known = RenderChartXType(rawValue: text) else { throw RenderTreeError(message: "\(at("xType")) '\(text)' is not category, number or date") }
                xType = known
            }
            var points: [RenderChartPoint] = []
            for (i, p) in (try RenderTreeError.array(o["points"], at("points"))).enumerated() {
                let point = try RenderTreeError.object(p, at("points"))
                let x: RenderChartX
                switch xType {
                case .category: x = .category(try RenderTreeError.string(point["x"], at("point's x")))
                case .number: x = .number(try RenderTreeError.number(point["x"], at("point's x")))
                case .date: x = .date(try RenderTreeError.date(point["x"], at("point's x")))
                }
                points.append(RenderChartPoint(
                    id: i, x: x, y: try RenderTreeError.number(point["y"], at("point's y")),
                    series: try RenderTreeError.optionalString(point["series"], at("point's series")) ?? "",
                    color: try point["color"].map { c throws(RenderTreeError) in try RenderColor(json: c, at("point's color")) }))
            }
            var yRange: ClosedRange<Double>?
            if let r = o["yRange"] {
                let pair = try RenderTreeError.array(r, at("yRange"))
                guard pair.count == 2 else { throw RenderTreeError(message: "\(at("yRange")) is not [min, max]") }
                let lo = try RenderTreeError.number(pair[0], at("yRange")), hi = try RenderTreeError.number(pair[1], at("yRange"))
                guard lo <= hi else { throw RenderTreeError(message: "\(at("yRange")) has its min above its max") }
                yRange = lo...hi
            }
            element = .chart(RenderChart(mark: try RenderTreeError.string(o["mark"], at("mark")), xType: xType, points: points, yRange: yRange))
        case "grid":
            let columns = try RenderTreeError.number(o["columns"], at("columns"))
            guard columns >= 1, columns <= 1_000 else { throw RenderTreeError(message: "\(at("columns")) is not a column count") }
            element = .grid(RenderGrid(columns: Int(columns), spacing: try RenderTreeError.optionalNumber(o["spacing"], at("spacing"))))
        default: throw RenderTreeError(message: "node \(id) has an unknown element '\(name)'")
        }
        var children: [RenderNode] = []
        if case .array(let list)? = o["children"] {
            for child in list { children.append(try RenderNode(json: child)) }
        }
        var items: [RenderNode] = []
        if case .array(let list)? = o["items"] {
            for item in list { items.append(try RenderNode(json: item)) }
        }
        var hidden: [String] = []
        if case .array(let list)? = o["hidden"] {
            for h in list { hidden.append(try RenderTreeError.string(h, at("hidden"))) }
        }
        self.init(id: id, element: element, children: children, items: items, hidden: hidden, options: try RenderOptions(object: o, id))
    }
}

extension RenderIntentCall {
    /// `"intent"` and `"with"` (an object, in the order written).
    func write(into o: inout JSONObject) {
        o["intent"] = .string(intent)
        o["with"] = .object(JSONObject(arguments.map { ($0.name, $0.value.json) }))
    }

    init(object o: JSONObject, _ what: String) throws(RenderTreeError) {
        intent = try RenderTreeError.string(o["intent"], what)
        let with = try RenderTreeError.object(o["with"] ?? .object(JSONObject()), "\(what)'s with")
        arguments = with.map { RenderArgument(name: $0.key, value: WidgetValue($0.value)) }
    }
}

extension RenderImage {
    func write(into o: inout JSONObject) {
        switch self {
        case .asset(let name): o["asset"] = .string(name)
        case .file(let path): o["file"] = .string(path)
        }
    }

    init(object o: JSONObject, _ what: String) throws(RenderTreeError) {
        if let asset = o["asset"] {
            self = .asset(try RenderTreeError.string(asset, "\(what)'s asset"))
        } else if let file = o["file"] {
            self = .file(try RenderTreeError.string(file, "\(what)'s file"))
        } else {
            throw RenderTreeError(message: "\(what) has neither 'asset' nor 'file'")
        }
    }
}

extension RenderColor {
    package var json: JSONValue {
        switch self {
        case .system(let name): ["system": .string(name)]
        case .rgb(let light, let dark): ["light": .string(light), "dark": .string(dark)]
        }
    }

    init(json: JSONValue, _ what: String) throws(RenderTreeError) {
        let o = try RenderTreeError.object(json, what)
        if let name = o["system"] {
            self = .system(try RenderTreeError.string(name, what))
        } else {
            self = .rgb(light: try RenderTreeError.string(o["light"], "\(what)'s light"), dark: try RenderTreeError.string(o["dark"], "\(what)'s dark"))
        }
    }
}

extension RenderFill {
    package var json: JSONValue {
        var o = JSONObject()
        switch self {
        case .color(let c):
            o["color"] = c.json
        case .gradient(let colors, let from, let to):
            o["gradient"] = .array(colors.map(\.json))
            if let from { o["from"] = .string(from) }
            if let to { o["to"] = .string(to) }
        case .image(let image):
            var i = JSONObject()
            image.write(into: &i)
            o["image"] = .object(i)
        }
        return .object(o)
    }

    init(json: JSONValue) throws(RenderTreeError) {
        let o = try RenderTreeError.object(json, "a background")
        if let c = o["color"] {
            self = .color(try RenderColor(json: c, "a background's color"))
        } else if case .array(let list)? = o["gradient"] {
            var colors: [RenderColor] = []
            for c in list { colors.append(try RenderColor(json: c, "a gradient's color")) }
            self = .gradient(
                colors: colors, from: try RenderTreeError.optionalString(o["from"], "a gradient's from"),
                to: try RenderTreeError.optionalString(o["to"], "a gradient's to"))
        } else if let i = o["image"] {
            self = .image(try RenderImage(object: try RenderTreeError.object(i, "a background's image"), "a background's image"))
        } else {
            throw RenderTreeError(message: "a background has none of 'color', 'gradient', 'image'")
        }
    }
}

extension RenderOptions {
    /// Writes the options that have a value, in the documented order.
    func write(into o: inout JSONObject) {
        switch font {
        case .style(let s)?: o["font"] = ["style": .string(s)]
        case .system(let size, let weight, let design)?:
            var f = JSONObject()
            f["size"] = numberJSON(size)
            if let weight { f["weight"] = .string(weight) }
            if let design { f["design"] = .string(design) }
            o["font"] = .object(f)
        case nil: break
        }
        if let weight { o["weight"] = .string(weight) }
        if let color { o["color"] = color.json }
        if let lineLimit { o["lineLimit"] = .int(lineLimit) }
        if let minimumScaleFactor { o["minimumScaleFactor"] = numberJSON(minimumScaleFactor) }
        if let textAlignment { o["textAlignment"] = .string(textAlignment) }
        if monospacedDigit { o["monospacedDigit"] = true }
        switch padding {
        case .all(let p)?: o["padding"] = numberJSON(p)
        case .edges(let top, let leading, let bottom, let trailing)?:
            o["padding"] = ["top": numberJSON(top), "leading": numberJSON(leading), "bottom": numberJSON(bottom), "trailing": numberJSON(trailing)]
        case nil: break
        }
        if let frame {
            var f = JSONObject()
            if let v = frame.width { f["width"] = numberJSON(v) }
            if let v = frame.height { f["height"] = numberJSON(v) }
            if let v = frame.minWidth { f["minWidth"] = numberJSON(v) }
            if let v = frame.minHeight { f["minHeight"] = numberJSON(v) }
            if let v = frame.maxWidth { f["maxWidth"] = numberJSON(v) }
            if let v = frame.maxHeight { f["maxHeight"] = numberJSON(v) }
            if let v = frame.alignment { f["alignment"] = .string(v) }
            o["frame"] = .object(f)
        }
        if let background { o["background"] = background.json }
        if let cornerRadius { o["cornerRadius"] = numberJSON(cornerRadius) }
        if let opacity { o["opacity"] = numberJSON(opacity) }
        if accentable { o["accentable"] = true }
        if privacySensitive { o["privacySensitive"] = true }
        if let link { o["link"] = .string(link) }
        if let accessibilityLabel { o["accessibilityLabel"] = .string(accessibilityLabel) }
    }

    init(object o: JSONObject, _ id: String) throws(RenderTreeError) {
        func at(_ key: String) -> String { "node \(id)'s \(key)" }
        self.init()
        if let f = o["font"] {
            let fo = try RenderTreeError.object(f, at("font"))
            if let s = fo["style"] {
                font = .style(try RenderTreeError.string(s, at("font style")))
            } else {
                font = .system(
                    size: try RenderTreeError.number(fo["size"], at("font size")),
                    weight: try RenderTreeError.optionalString(fo["weight"], at("font weight")),
                    design: try RenderTreeError.optionalString(fo["design"], at("font design")))
            }
        }
        weight = try RenderTreeError.optionalString(o["weight"], at("weight"))
        color = try o["color"].map { v throws(RenderTreeError) in try RenderColor(json: v, at("color")) }
        lineLimit = try RenderTreeError.optionalNumber(o["lineLimit"], at("lineLimit")).map { Int($0) }
        minimumScaleFactor = try RenderTreeError.optionalNumber(o["minimumScaleFactor"], at("minimumScaleFactor"))
        textAlignment = try RenderTreeError.optionalString(o["textAlignment"], at("textAlignment"))
        monospacedDigit = try RenderTreeError.bool(o["monospacedDigit"], at("monospacedDigit"))
        switch o["padding"] {
        case nil: break
        case .object(let p)?:
            padding = .edges(
                top: try RenderTreeError.number(p["top"], at("padding top")),
                leading: try RenderTreeError.number(p["leading"], at("padding leading")),
                bottom: try RenderTreeError.number(p["bottom"], at("padding bottom")),
                trailing: try RenderTreeError.number(p["trailing"], at("padding trailing")))
        case let p?: padding = .all(try RenderTreeError.number(p, at("padding")))
        }
        if let f = o["frame"] {
            let fo = try RenderTreeError.object(f, at("frame"))
            frame = RenderFrame(
                width: try dimension(fo["width"], at("frame width")), height: try dimension(fo["height"], at("frame height")),
                minWidth: try dimension(fo["minWidth"], at("frame minWidth")), minHeight: try dimension(fo["minHeight"], at("frame minHeight")),
                maxWidth: try dimension(fo["maxWidth"], at("frame maxWidth")), maxHeight: try dimension(fo["maxHeight"], at("frame maxHeight")),
                alignment: try RenderTreeError.optionalString(fo["alignment"], at("frame alignment")))
        }
        background = try o["background"].map { v throws(RenderTreeError) in try RenderFill(json: v) }
        cornerRadius = try RenderTreeError.optionalNumber(o["cornerRadius"], at("cornerRadius"))
        opacity = try RenderTreeError.optionalNumber(o["opacity"], at("opacity"))
        accentable = try RenderTreeError.bool(o["accentable"], at("accentable"))
        privacySensitive = try RenderTreeError.bool(o["privacySensitive"], at("privacySensitive"))
        link = try RenderTreeError.optionalString(o["link"], at("link"))
        accessibilityLabel = try RenderTreeError.optionalString(o["accessibilityLabel"], at("accessibilityLabel"))
    }
}
