import WidgetSupport

/// The finished SwiftUI view of a widget that declares its face (`view`, `familyView`,
/// `background`; docs/generated-swift.md, "Views"). The structure comes from the plan's view
/// as written; every value the face shows (texts, dates, symbol names, gauge values, links,
/// which `if` holds, a `foreach`'s items) is read from the entry's render tree by node id, so
/// this view evaluates nothing the runtime did not already decide and draws what the preview draws.
struct SwiftViewWriter {
    let widget: WidgetModel
    let base: String
    /// Set while writing: the view compares with the colour scheme (a light/dark colour).
    private var usesColorScheme = false
    private var usesUIKit = false
    /// Set while writing: a colour is a template, read from the tree and made a `Color` by `color(_:)`.
    private var usesRenderedColor = false
    /// Set while writing: a button or toggle runs an intent (SwiftUI's initializers for them come
    /// with AppIntents).
    private var usesIntents = false
    /// Set while writing: a `chart` draws with Swift Charts.
    private var usesCharts = false
    /// Each declared intent's `AppIntent` type, by intent name.
    private let intentTypes: [String: String]

    init(widget: WidgetModel, base: String) {
        self.widget = widget
        self.base = base
        intentTypes = SwiftGenerator.actionIntentTypes(widget, base: base)
    }

    /// The view's root for a family and its node id: `familyView.FAMILY` (`f.FAMILY`), else `view` (`v`).
    func root(for family: String) -> (node: JSONValue, id: String)? {
        if let own = widget.familyView[family] { return (own, "f." + family) }
        if let view = widget.view { return (view, "v") }
        return nil
    }

    mutating func file() -> String {
        // One property per view as written: `view` (shared by the families without their own)
        // and each `familyView.FAMILY`; the switch picks the family's.
        var faces: [(property: String, families: [String], id: String, code: [String])] = []
        for family in widget.families {
            guard let (node, id) = root(for: family) else { continue }
            if let i = faces.firstIndex(where: { $0.id == id }) {
                faces[i].families.append(family)
            } else {
                faces.append((id == "v" ? "sharedFace" : family + "Face", [family], id, []))
            }
        }
        for i in faces.indices {
            let node = root(for: faces[i].families[0])!.node
            let code = element(node, id: faces[i].id, families: faces[i].families, reader: "tree", depth: 0)
            faces[i].code = code.isEmpty ? ["EmptyView()"] : code
        }
        var background: [String]? = nil
        if let declared = widget.background { background = fill(declared, indent: "            ") }

        var s = SwiftGenerator.generatedHeader(widget.source)
        s += "//\n// The widget's face, from its `view`: one branch per family, each element as its SwiftUI\n"
        s += "// counterpart. Every value is read from the entry's render tree by node id (`v.0` is the\n"
        s += "// view's first child): the runtime rendered the templates, this view decides nothing.\n"
        s += "// To write the view yourself, say `view: custom` in the YAML.\n\n"
        if usesIntents { s += "import AppIntents\n" }
        if usesCharts { s += "import Charts\n" }
        s += "import SwiftUI\n"
        if usesUIKit { s += "import UIKit\n" }
        s += "import WidgetKit\nimport WidgetcRuntime\n\n"
        s += "struct \(base)View: View {\n"
        s += "    @Environment(\\.widgetFamily) var family\n"
        if usesColorScheme { s += "    @Environment(\\.colorScheme) var colorScheme\n" }
        s += "    let entry: \(base)Entry\n\n"
        s += "    /// The entry's render tree (docs/render-tree.md); empty when the plan could not be loaded.\n"
        s += "    var tree: RenderTree { entry.content.view ?? .empty }\n\n"
        s += "    var body: some View {\n"
        s += "        face\n"
        s += "            .widgetURL(entry.url)\n"
        if let background {
            s += "            .containerBackground(for: .widget) {\n"
            s += background.map { "    " + $0 }.joined(separator: "\n") + "\n"
            s += "            }\n"
        } else {
            s += "            .containerBackground(.background, for: .widget)\n"
        }
        s += "    }\n\n"
        s += "    @ViewBuilder var face: some View {\n"
        s += "        switch family {\n"
        for face in faces {
            s += "        case " + face.families.map { "." + $0 }.joined(separator: ", ") + ":\n"
            s += "            \(face.property)\n"
        }
        s += "        default:\n            EmptyView()\n"
        s += "        }\n    }\n"
        for face in faces {
            s += "\n    /// " + (face.id == "v" ? "`view`" : "`familyView.\(face.families[0])`") + ", for "
            s += face.families.joined(separator: ", ") + ".\n"
            s += "    @ViewBuilder var \(face.property): some View {\n"
            for line in face.code { s += "        " + line + "\n" }
            s += "    }\n"
        }
        if usesRenderedColor { s += Self.colorHelper }
        s += "}\n"
        return s
    }

    // MARK: Elements

    static let elementKeys = ["vstack", "hstack", "zstack", "group", "foreach", "text", "date", "timer", "symbol", "image", "gauge", "progress", "spacer", "divider", "button", "toggle", "chart", "grid"]

    /// The element key of a node as written (`text: "…"`), or a normalized node's `element`.
    static func elementName(_ node: JSONValue) -> String? {
        if let name = node["element"]?.string { return name }
        return elementKeys.first { node[$0] != nil }
    }

    /// The children of a stack or group as written (`vstack: [...]`) or normalized (`children`).
    static func children(_ node: JSONValue, _ name: String) -> [JSONValue] {
        node[name]?.array ?? node["children"]?.array ?? []
    }

    /// Of `families` (those drawing this view), the ones a node shows in (its `families` option).
    static func shown(_ node: JSONValue, in families: [String]) -> [String] {
        guard let only = node["families"]?.array else { return families }
        return families.filter { f in only.contains { $0.string == f } }
    }

    /// One element and its modifiers, as lines (indented relative to the first).
    mutating func element(_ node: JSONValue, id: String, families: [String], reader: String, depth: Int) -> [String] {
        let showing = Self.shown(node, in: families)
        guard let name = Self.elementName(node), !showing.isEmpty else { return [] }
        let family = showing
        let at = SwiftGenerator.literal(id)
        var lines: [String] = []
        // The element's own modifiers (a gauge's style), before the options'.
        var own: [String] = []
        switch name {
        case "vstack", "hstack", "zstack":
            var arguments: [String] = []
            if let alignment = node["alignment"]?.string { arguments.append("alignment: ." + alignment) }
            if name != "zstack", let spacing = node["spacing"]?.number { arguments.append("spacing: " + Self.number(spacing)) }
            let type = ["vstack": "VStack", "hstack": "HStack", "zstack": "ZStack"][name]!
            lines.append(type + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + " {")
            lines += block(Self.children(node, name), parent: id, family: family, reader: reader, depth: depth)
            lines.append("}")
        case "group":
            lines.append("Group {")
            lines += block(Self.children(node, name), parent: id, family: family, reader: reader, depth: depth)
            lines.append("}")
        case "foreach":
            let item = depth == 0 ? "item" : "item\(depth + 1)"
            lines.append("ForEach(\(reader).items(\(at))) { \(item) in")
            lines += itemBody(node["item"], id: id, family: family, reader: item, depth: depth, indent: "    ")
            lines.append("}")
        case "chart":
            // One mark per point; the points, the series and the y domain are the tree's.
            usesCharts = true
            let mark = ["line": "LineMark", "bar": "BarMark", "area": "AreaMark", "point": "PointMark"][node["mark"]?.string ?? ""] ?? "LineMark"
            let point = depth == 0 ? "point" : "point\(depth + 1)"
            // x is a String (categories), a Double or a Date: Swift Charts' categorical, quantitative or temporal axis.
            let x = ["number": "xNumber", "date": "xDate"][node["xType"]?.string ?? ""] ?? "x"
            lines.append("Chart(\(reader).points(\(at))) { \(point) in")
            lines.append("    \(mark)(x: .value(\"x\", \(point).\(x)), y: .value(\"y\", \(point).y))")
            if node["series"] != nil { lines.append("        .foregroundStyle(by: .value(\"series\", \(point).series))") }
            // `color` is the marks' (foregroundStyle on each mark), not the whole chart view's.
            if let written = node["color"] {
                if Self.hasTemplate(written) {
                    usesRenderedColor = true
                    usesColorScheme = true
                    lines.append("        .foregroundStyle(color(\(point).color))")
                } else if let c = color(written, shapeStyle: true) {
                    lines.append("        .foregroundStyle(\(c))")
                }
            }
            lines.append("}")
            if node["yRange"] != nil { own.append(".chartYScale(domain: \(reader).yRange(\(at)))") }
        case "grid":
            let row = depth == 0 ? "row" : "row\(depth + 1)", cell = depth == 0 ? "cell" : "cell\(depth + 1)"
            let spacing = node["spacing"]?.number.map { s in "(horizontalSpacing: \(Self.number(s)), verticalSpacing: \(Self.number(s)))" } ?? ""
            lines.append("Grid\(spacing) {")
            lines.append("    ForEach(\(reader).rows(\(at))) { \(row) in")
            lines.append("        GridRow {")
            lines.append("            ForEach(\(row).items) { \(cell) in")
            lines += itemBody(node["item"], id: id, family: family, reader: cell, depth: depth, indent: "                ")
            lines.append("            }")
            lines.append("        }")
            lines.append("    }")
            lines.append("}")
        case "text":
            lines.append("Text(\(reader).text(\(at)))")
        case "date":
            if let style = node["style"]?.string, node["format"] == nil {
                lines.append("Text(\(reader).date(\(at)), style: .\(style))")
            } else {
                // Formatted by the runtime (`format`): the text is in the tree.
                lines.append("Text(\(reader).text(\(at)))")
            }
        case "timer":
            lines.append("Text(timerInterval: \(reader).timerInterval(\(at)), countsDown: \(reader).countsDown(\(at)))")
        case "symbol":
            lines.append("Image(systemName: \(reader).symbol(\(at)))")
        case "image":
            if Self.isFile(node) {
                usesUIKit = true
                lines.append("Image(uiImage: UIImage(contentsOfFile: \(reader).file(\(at), in: \(base)Plan.container)) ?? UIImage())")
            } else {
                lines.append("Image(\(reader).asset(\(at)))")
            }
            own.append(".resizable()")
            own.append(node["contentMode"]?.string == "fit" ? ".scaledToFit()" : ".scaledToFill()")
        case "gauge":
            let hasLabel = node["label"] != nil, hasCurrent = node["currentValueLabel"] != nil
            lines.append("Gauge(value: \(reader).value(\(at)), in: \(reader).range(\(at))) {")
            lines.append(hasLabel ? "    Text(\(reader).label(\(at)))" : "    EmptyView()")
            if hasCurrent {
                lines.append("} currentValueLabel: {")
                lines.append("    Text(\(reader).currentValueLabel(\(at)))")
            }
            lines.append("}")
            if let style = node["style"]?.string { own.append(".gaugeStyle(.\(style))") }
        case "progress":
            let label = node["label"] != nil
            if node["progress"]?["from"] != nil || node["progress"]?["to"] != nil || node["from"] != nil {
                lines.append("ProgressView(timerInterval: \(reader).timerInterval(\(at)), countsDown: \(reader).countsDown(\(at)))" + (label ? " {" : ""))
            } else {
                lines.append("ProgressView(value: \(reader).value(\(at)), total: \(reader).total(\(at)))" + (label ? " {" : ""))
            }
            if label {
                lines.append("    Text(\(reader).label(\(at)))")
                lines.append("}")
            }
            if let style = node["style"]?.string { own.append(".progressViewStyle(.\(style))") }
        case "spacer":
            let min = node["minLength"]?.number ?? node["spacer"]?["minLength"]?.number ?? node["spacer"]?.number
            lines.append(min.map { "Spacer(minLength: \(Self.number($0)))" } ?? "Spacer()")
        case "divider":
            lines.append("Divider()")
        case "button", "toggle":
            // The intent with the arguments the entry's tree holds for this node; WidgetKit runs it.
            guard let intentName = node["intent"]?.string, let type = intentTypes[intentName] else { return [] }
            usesIntents = true
            let intent = "\(type)(\(reader), \(at))"
            lines.append(name == "button" ? "Button(intent: \(intent)) {" : "Toggle(isOn: \(reader).isOn(\(at)), intent: \(intent)) {")
            lines.append("    Text(\(reader).label(\(at)))")
            lines.append("}")
        default:
            return []
        }
        // Modifiers under the element: indented below a one-line element, level with a closing brace.
        let step = lines.count == 1 ? "    " : ""
        lines += (own + modifiers(node, id: id, at: at, reader: reader, element: name)).map { step + $0 }
        if node["link"] != nil {
            lines = ["Link(destination: \(reader).link(\(at))) {"] + lines.map { "    " + $0 } + ["}"]
        }
        // `families`: decided here, per family; `if`: decided by the runtime, per entry.
        var conditions: [String] = []
        if showing.count < families.count {
            conditions.append(showing.count == 1 ? "family == .\(showing[0])" : "[" + showing.map { "." + $0 }.joined(separator: ", ") + "].contains(family)")
        }
        if node["if"] != nil { conditions.append("\(reader).shows(\(at))") }
        if !conditions.isEmpty {
            lines = ["if " + conditions.joined(separator: ", ") + " {"] + lines.map { "    " + $0 } + ["}"]
        }
        return lines
    }

    /// A `foreach`'s or `grid`'s item template inside its loop, at `indent`: `EmptyView()` when there is
    /// none or it draws nothing, since a `ForEach` closure must return a view.
    mutating func itemBody(_ template: JSONValue?, id: String, family: [String], reader: String, depth: Int, indent: String) -> [String] {
        let inner = template.map { element($0, id: id + ".item", families: family, reader: reader, depth: depth + 1) } ?? []
        return (inner.isEmpty ? ["EmptyView()"] : inner).map { indent + $0 }
    }

    mutating func block(_ children: [JSONValue], parent: String, family: [String], reader: String, depth: Int) -> [String] {
        var lines: [String] = []
        for (i, child) in children.enumerated() {
            lines += element(child, id: parent + ".\(i)", families: family, reader: reader, depth: depth).map { "    " + $0 }
        }
        return lines.isEmpty ? ["    EmptyView()"] : lines
    }

    static func isFile(_ node: JSONValue) -> Bool {
        node["file"] != nil || node["image"]?["file"] != nil
    }

    // MARK: Modifiers

    /// The options, in the order both renderers apply them: text style, colour, then padding,
    /// frame, background, corner radius, opacity, then the widget-specific ones.
    mutating func modifiers(_ node: JSONValue, id: String, at: String, reader: String, element: String) -> [String] {
        var m: [String] = []
        if let font = node["font"], let f = Self.font(font, size: "\(reader).fontSize(\(at))") { m.append(".font(\(f))") }
        if let weight = node["weight"]?.string { m.append(".fontWeight(.\(weight))") }
        if let written = node["color"], element != "chart" {
            if written.string?.contains("{{") == true {
                usesRenderedColor = true
                usesColorScheme = true
                m.append(".foregroundStyle(color(\(reader).color(\(at))))")
            } else if let c = color(written, shapeStyle: true) {
                m.append(".foregroundStyle(\(c))")
            }
        }
        if node["monospacedDigit"]?.bool == true { m.append(".monospacedDigit()") }
        if let lines = node["lineLimit"]?.number { m.append(".lineLimit(\(Int(lines)))") }
        if let factor = node["minimumScaleFactor"]?.number { m.append(".minimumScaleFactor(\(Self.number(factor)))") }
        if let align = node["textAlignment"]?.string { m.append(".multilineTextAlignment(.\(align))") }
        if let padding = node["padding"] {
            if Self.hasTemplate(padding) {
                // Rendered per entry: each edge is read from the tree.
                let edge = { (k: String) in "\(k): \(reader).padding(\(at), \\.\(k))" }
                m.append(".padding(EdgeInsets(\(["top", "leading", "bottom", "trailing"].map(edge).joined(separator: ", "))))")
            } else if let all = padding.number {
                m.append(".padding(\(Self.number(all)))")
            } else if padding.bool == true {
                m.append(".padding()")
            } else if padding.object != nil {
                let edge = { (k: String) in Self.number(padding[k]?.number ?? 0) }
                m.append(".padding(EdgeInsets(top: \(edge("top")), leading: \(edge("leading")), bottom: \(edge("bottom")), trailing: \(edge("trailing"))))")
            }
        }
        if let frame = node["frame"] { m += Self.frames(frame, read: { "\(reader).frame(\(at), \\.\($0))" }) }
        if let background = node["background"] {
            let fillLines = fill(background, indent: "", reader: reader, at: id)
            if fillLines.count == 1 {
                m.append(".background(\(fillLines[0]))")
            } else {
                m.append(".background {")
                m += fillLines.map { "    " + $0 }
                m.append("}")
            }
        }
        if let radius = node["cornerRadius"]?.number { m.append(".clipShape(RoundedRectangle(cornerRadius: \(Self.number(radius))))") }
        if let opacity = node["opacity"]?.number { m.append(".opacity(\(Self.number(opacity)))") }
        if node["accentable"]?.bool == true { m.append(".widgetAccentable()") }
        if node["privacySensitive"]?.bool == true { m.append(".privacySensitive()") }
        if node["accessibilityLabel"] != nil { m.append(".accessibilityLabel(\(reader).accessibilityLabel(\(at)))") }
        return m
    }

    static let textStyles: Set<String> = ["largeTitle", "title", "title2", "title3", "headline", "subheadline", "body", "callout", "footnote", "caption", "caption2"]

    /// Whether some string in a value is a template (a size rendered per entry).
    static func hasTemplate(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let s): s.contains("{{")
        case .object(let o): o.contains { hasTemplate($0.value) }
        default: false
        }
    }

    /// `.headline`, or `.system(size: 34, weight: .bold, design: .rounded)`; a size written as a
    /// template is `size`, the tree's read.
    static func font(_ font: JSONValue, size read: String) -> String? {
        if let style = font.string ?? font["style"]?.string { return textStyles.contains(style) ? "." + style : nil }
        let size: String
        if let points = font["size"]?.number {
            size = number(points)
        } else if font["size"]?.string?.contains("{{") == true {
            size = read
        } else {
            return nil
        }
        var arguments = ["size: " + size]
        if let weight = font["weight"]?.string { arguments.append("weight: ." + weight) }
        if let design = font["design"]?.string { arguments.append("design: ." + design) }
        return ".system(" + arguments.joined(separator: ", ") + ")"
    }

    /// A fixed frame, then a flexible one, as SwiftUI takes them; a size written as a template
    /// is `read(key)`, the tree's read.
    static func frames(_ frame: JSONValue, read: (String) -> String) -> [String] {
        var fixed: [String] = [], flexible: [String] = []
        func size(_ key: String) -> String? {
            guard let v = frame[key] else { return nil }
            if v.string == "infinity" { return ".infinity" }
            if v.string?.contains("{{") == true { return read(key) }
            return v.number.map { $0.isInfinite ? ".infinity" : number($0) }
        }
        for key in ["width", "height"] { if let v = size(key) { fixed.append(key + ": " + v) } }
        for key in ["minWidth", "maxWidth", "minHeight", "maxHeight"] { if let v = size(key) { flexible.append(key + ": " + v) } }
        let alignment = frame["alignment"]?.string.map { "alignment: ." + $0 }
        var out: [String] = []
        if !fixed.isEmpty { out.append(".frame(" + (fixed + (flexible.isEmpty ? [alignment].compactMap { $0 } : [])).joined(separator: ", ") + ")") }
        if !flexible.isEmpty { out.append(".frame(" + (flexible + [alignment].compactMap { $0 }).joined(separator: ", ") + ")") }
        if fixed.isEmpty, flexible.isEmpty, let alignment { out.append(".frame(" + alignment + ")") }
        return out
    }

    // MARK: Colours and fills

    /// Turns a colour the runtime rendered from a template into SwiftUI's (written only when used).
    static let colorHelper = """

            /// A colour the runtime rendered from a template: a system colour by name, or sRGB
            /// (`#RRGGBB[AA]`) for the light and dark appearance.
            func color(_ rendered: RenderColor?) -> Color {
                switch rendered {
                case .system(let name)?:
                    let named: [String: Color] = [
                        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal,
                        "cyan": .cyan, "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
                        "gray": .gray, "black": .black, "white": .white, "clear": .clear, "primary": .primary,
                        "secondary": .secondary, "accentColor": .accentColor,
                    ]
                    return named[name] ?? .primary
                case .rgb(let light, let dark)?:
                    let digits = Array((colorScheme == .dark ? dark : light).dropFirst())
                    let channel = { (i: Int) -> Double in
                        i * 2 + 2 <= digits.count ? Double(Int(String(digits[(i * 2)..<(i * 2 + 2)]), radix: 16) ?? 0) / 255 : 1
                    }
                    return Color(red: channel(0), green: channel(1), blue: channel(2), opacity: channel(3))
                case nil:
                    return .primary
                }
            }

        """

    static let systemColors: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown", "gray", "black", "white", "clear",
    ]

    /// A colour as Swift: `.yellow`, `.secondary`, `Color(red:green:blue:)`, or a light/dark pair.
    /// `shapeStyle` is true where a `ShapeStyle` is taken (`foregroundStyle`), so `.yellow` resolves.
    mutating func color(_ value: JSONValue, shapeStyle: Bool) -> String? {
        if let name = value.string ?? value["system"]?.string {
            if name.hasPrefix("#") { return Self.rgb(name) }
            if Self.systemColors.contains(name) { return shapeStyle ? "." + name : "Color." + name }
            if name == "primary" || name == "secondary" { return shapeStyle ? "." + name : "Color." + name }
            if name == "accentColor" { return "Color.accentColor" }
            return nil
        }
        if let light = value["light"]?.string, let dark = value["dark"]?.string {
            if light == dark { return Self.rgb(light) }
            usesColorScheme = true
            return "colorScheme == .dark ? \(Self.rgb(dark)) : \(Self.rgb(light))"
        }
        return nil
    }

    /// `#RRGGBB[AA]` as `Color(red: 0.118, green: 0.227, blue: 0.541)`.
    static func rgb(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return "Color.gray" }
        func channel(_ i: Int) -> String {
            let v = Int(String(digits[(i * 2)..<(i * 2 + 2)]), radix: 16) ?? 0
            return number((Double(v) / 255 * 1000).rounded() / 1000)
        }
        let opacity = digits.count == 8 ? ", opacity: " + channel(3) : ""
        return "Color(red: \(channel(0)), green: \(channel(1)), blue: \(channel(2))\(opacity))"
    }

    static let unitPoints: Set<String> = ["top", "bottom", "leading", "trailing", "center", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]

    /// A background (the widget's or an element's): a colour, a gradient, or an image, as view lines.
    mutating func fill(_ value: JSONValue, indent: String, reader: String = "tree", at: String? = nil) -> [String] {
        if let colors = value["gradient"]?.array {
            let list = colors.compactMap { color($0, shapeStyle: false) }
            let from = value["from"]?.string.flatMap { Self.unitPoints.contains($0) ? $0 : nil } ?? "top"
            let to = value["to"]?.string.flatMap { Self.unitPoints.contains($0) ? $0 : nil } ?? "bottom"
            return [indent + "LinearGradient(colors: [\(list.joined(separator: ", "))], startPoint: .\(from), endPoint: .\(to))"]
        }
        if let image = value["image"] {
            // The image's name may be a template: read from the tree (the widget's background, or the node's).
            let of = at.map { SwiftGenerator.literal($0) } ?? ""
            let source: String
            if Self.isFile(image) {
                usesUIKit = true
                source = "Image(uiImage: UIImage(contentsOfFile: \(reader).backgroundFile(\(of.isEmpty ? "" : of + ", ")in: \(base)Plan.container)) ?? UIImage())"
            } else {
                source = "Image(\(reader).backgroundAsset(\(of)))"
            }
            return [indent + source, indent + "    .resizable()", indent + "    .scaledToFill()"]
        }
        if let c = value["color"] { return [indent + (color(c, shapeStyle: false) ?? "Color.clear")] }
        return [indent + (color(value, shapeStyle: false) ?? "Color.clear")]
    }

    /// A number as Swift source: `12`, `0.5`.
    static func number(_ d: Double) -> String {
        if let i = Int(exactly: d) { return String(i) }
        return "\(d)"
    }
}
