import Foundation
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// A render tree written straight into the run's output: the bytes `json(tree.json, spaced:)`
/// gives (docs/render-tree.md: keys in the fixed order, keys without a value left out), without
/// building the JSON value first (a node's object cost a dozen allocations).
extension OutputBuffer {
    func renderTree(_ tree: RenderTree, spaced: Bool) {
        var o = ObjectWriter(self, spaced)
        o.key("family"); string(tree.family)
        if let background = tree.background { o.key("background"); fill(background, spaced) }
        o.key("root"); renderNode(tree.root, spaced: spaced)
        o.end()
    }

    func renderNode(_ node: RenderNode, spaced: Bool) {
        var o = ObjectWriter(self, spaced)
        o.key("id"); string(node.id)
        o.key("element"); string(node.element.name)
        switch node.element {
        case .vstack(let s), .hstack(let s), .zstack(let s):
            if let a = s.alignment { o.key("alignment"); string(a) }
            if let sp = s.spacing { o.key("spacing"); number(sp) }
        case .group, .foreach, .divider:
            break
        case .text(let t):
            o.key("text"); string(t)
        case .date(let d):
            o.key("date"); utcInstant(d.date)
            if let s = d.style { o.key("style"); string(s) }
            if let f = d.format { o.key("format"); string(f) }
            if let t = d.text { o.key("text"); string(t) }
        case .timer(let from, let to, let down):
            o.key("from"); utcInstant(from)
            o.key("to"); utcInstant(to)
            o.key("countsDown"); bool(down)
        case .symbol(let name):
            o.key("name"); string(name)
        case .image(let image):
            imageMembers(image, &o)
        case .gauge(let g):
            o.key("value"); number(g.value)
            o.key("min"); number(g.min)
            o.key("max"); number(g.max)
            if let l = g.label { o.key("label"); string(l) }
            if let l = g.currentValueLabel { o.key("currentValueLabel"); string(l) }
            if let s = g.style { o.key("style"); string(s) }
        case .progress(let p):
            switch p.kind {
            case .value(let v, let total):
                o.key("value"); number(v)
                o.key("total"); number(total)
            case .interval(let from, let to, let down):
                o.key("from"); utcInstant(from)
                o.key("to"); utcInstant(to)
                o.key("countsDown"); bool(down)
            }
            if let l = p.label { o.key("label"); string(l) }
            if let s = p.style { o.key("style"); string(s) }
        case .spacer(let min):
            if let min { o.key("minLength"); number(min) }
        case .button(let label, let call):
            o.key("label"); string(label)
            intentCall(call, &o)
        case .toggle(let isOn, let label, let call):
            o.key("isOn"); bool(isOn)
            o.key("label"); string(label)
            intentCall(call, &o)
        case .chart(let c):
            o.key("mark"); string(c.mark)
            if c.xType != .category { o.key("xType"); string(c.xType.rawValue) }
            if let r = c.yRange {
                o.key("yRange")
                byte(UInt8(ascii: "["))
                number(r.lowerBound)
                separator(spaced)
                number(r.upperBound)
                byte(UInt8(ascii: "]"))
            }
            o.key("points")
            byte(UInt8(ascii: "["))
            for (i, p) in c.points.enumerated() {
                if i > 0 { separator(spaced) }
                var point = ObjectWriter(self, spaced)
                point.key("x")
                switch p.xValue {
                case .category(let text): string(text)
                case .number(let n): number(n)
                case .date(let d): utcInstant(d)
                }
                point.key("y"); number(p.y)
                if !p.series.isEmpty { point.key("series"); string(p.series) }
                if let c = p.color { point.key("color"); color(c, spaced) }
                point.end()
            }
            byte(UInt8(ascii: "]"))
        case .grid(let g):
            o.key("columns"); number(Double(g.columns))
            if let sp = g.spacing { o.key("spacing"); number(sp) }
        }
        options(node.options, &o)
        switch node.element {
        case .vstack, .hstack, .zstack, .group:
            o.key("children"); nodes(node.children, spaced)
            if !node.hidden.isEmpty {
                o.key("hidden")
                byte(UInt8(ascii: "["))
                for (i, id) in node.hidden.enumerated() {
                    if i > 0 { separator(spaced) }
                    string(id)
                }
                byte(UInt8(ascii: "]"))
            }
        case .foreach, .grid:
            o.key("items"); nodes(node.items, spaced)
        default:
            break
        }
        o.end()
    }

    private func intentCall(_ call: RenderIntentCall, _ o: inout ObjectWriter) {
        o.key("intent"); string(call.intent)
        o.key("with"); object(JSONObject(call.arguments.map { ($0.name, $0.value.json) }), spaced: o.spaced)
    }

    private func nodes(_ list: [RenderNode], _ spaced: Bool) {
        byte(UInt8(ascii: "["))
        for (i, node) in list.enumerated() {
            if i > 0 { separator(spaced) }
            renderNode(node, spaced: spaced)
        }
        byte(UInt8(ascii: "]"))
    }

    private func options(_ options: RenderOptions, _ o: inout ObjectWriter) {
        let spaced = o.spaced
        switch options.font {
        case .style(let s)?:
            o.key("font")
            var f = ObjectWriter(self, spaced)
            f.key("style"); string(s)
            f.end()
        case .system(let size, let weight, let design)?:
            o.key("font")
            var f = ObjectWriter(self, spaced)
            f.key("size"); number(size)
            if let weight { f.key("weight"); string(weight) }
            if let design { f.key("design"); string(design) }
            f.end()
        case nil: break
        }
        if let weight = options.weight { o.key("weight"); string(weight) }
        if let color = options.color { o.key("color"); self.color(color, spaced) }
        if let lineLimit = options.lineLimit { o.key("lineLimit"); int(lineLimit) }
        if let m = options.minimumScaleFactor { o.key("minimumScaleFactor"); number(m) }
        if let t = options.textAlignment { o.key("textAlignment"); string(t) }
        if options.monospacedDigit { o.key("monospacedDigit"); bool(true) }
        switch options.padding {
        case .all(let p)?: o.key("padding"); number(p)
        case .edges(let top, let leading, let bottom, let trailing)?:
            o.key("padding")
            var p = ObjectWriter(self, spaced)
            p.key("top"); number(top)
            p.key("leading"); number(leading)
            p.key("bottom"); number(bottom)
            p.key("trailing"); number(trailing)
            p.end()
        case nil: break
        }
        if let frame = options.frame {
            o.key("frame")
            var f = ObjectWriter(self, spaced)
            if let v = frame.width { f.key("width"); number(v) }
            if let v = frame.height { f.key("height"); number(v) }
            if let v = frame.minWidth { f.key("minWidth"); number(v) }
            if let v = frame.minHeight { f.key("minHeight"); number(v) }
            if let v = frame.maxWidth { f.key("maxWidth"); number(v) }
            if let v = frame.maxHeight { f.key("maxHeight"); number(v) }
            if let v = frame.alignment { f.key("alignment"); string(v) }
            f.end()
        }
        if let background = options.background { o.key("background"); fill(background, spaced) }
        if let r = options.cornerRadius { o.key("cornerRadius"); number(r) }
        if let v = options.opacity { o.key("opacity"); number(v) }
        if options.accentable { o.key("accentable"); bool(true) }
        if options.privacySensitive { o.key("privacySensitive"); bool(true) }
        if let link = options.link { o.key("link"); string(link) }
        if let label = options.accessibilityLabel { o.key("accessibilityLabel"); string(label) }
    }

    private func color(_ c: RenderColor, _ spaced: Bool) {
        var o = ObjectWriter(self, spaced)
        switch c {
        case .system(let name):
            o.key("system"); string(name)
        case .rgb(let light, let dark):
            o.key("light"); string(light)
            o.key("dark"); string(dark)
        }
        o.end()
    }

    private func fill(_ fill: RenderFill, _ spaced: Bool) {
        var o = ObjectWriter(self, spaced)
        switch fill {
        case .color(let c):
            o.key("color"); color(c, spaced)
        case .gradient(let colors, let from, let to):
            o.key("gradient")
            byte(UInt8(ascii: "["))
            for (i, c) in colors.enumerated() {
                if i > 0 { separator(spaced) }
                color(c, spaced)
            }
            byte(UInt8(ascii: "]"))
            if let from { o.key("from"); string(from) }
            if let to { o.key("to"); string(to) }
        case .image(let image):
            o.key("image")
            var i = ObjectWriter(self, spaced)
            imageMembers(image, &i)
            i.end()
        }
        o.end()
    }

    private func imageMembers(_ image: RenderImage, _ o: inout ObjectWriter) {
        switch image {
        case .asset(let name): o.key("asset"); string(name)
        case .file(let path): o.key("file"); string(path)
        }
    }

    /// A number as the tree writes it: an integer when whole, `"infinity"` for an unbounded size.
    private func number(_ d: Double) {
        if d.isInfinite {
            d > 0 ? ascii("\"infinity\"") : ascii("\"-infinity\"")
        } else if let i = Int(exactly: d) {
            int(i)
        } else {
            double(d)
        }
    }

    private func bool(_ b: Bool) { b ? ascii("true") : ascii("false") }

    /// Instants in the tree are UTC whatever the run's zone (the run object's own are in its zone).
    private func utcInstant(_ date: Date) {
        string(Instant(date).iso8601(offset: 0))
    }
}

/// The punctuation of one JSON object being written: `{`, a separator before each key but the first, `}`.
private struct ObjectWriter {
    let out: OutputBuffer
    let spaced: Bool
    private var first = true

    init(_ out: OutputBuffer, _ spaced: Bool) {
        self.out = out
        self.spaced = spaced
        out.byte(UInt8(ascii: "{"))
    }

    mutating func key(_ name: StaticString) {
        if first { first = false } else { out.separator(spaced) }
        out.byte(UInt8(ascii: "\""))
        out.ascii(name)
        out.ascii(spaced ? "\": " : "\":")
    }

    func end() { out.byte(UInt8(ascii: "}")) }
}
