#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSupport
import WidgetTime
import WidgetcRuntimeCore

/// Draws one entry's render tree (docs/render-tree.md) as the device would show it, in HTML and
/// CSS: the preview page's second renderer of the tree, beside the generated SwiftUI. It decides
/// nothing the runtime decided (texts, conditions, lists are in the tree); it only lays out,
/// in the family's point size, for one appearance (docs/preview.md, "Faces").
package struct FaceRenderer {
    /// The renderings WidgetKit gives a widget.
    package enum Appearance: String, CaseIterable, Sendable {
        /// Full colour, light and dark (the Home Screen; StandBy and the watch for accessory families).
        case light, dark
        /// The Lock Screen's monochrome rendering of accessory families (`.vibrant`).
        case vibrant
        /// The tinted rendering (`.accented`): `accentable` content takes the tint, the rest is desaturated.
        case accented
    }

    package let family: WidgetFamily
    package let width: Double
    package let height: Double
    package let dates: FaceDates
    /// Where `image` files are read from (embedded as data URLs); nil draws them as placeholders.
    package let container: Container?
    /// The accented rendering's tint (`#RRGGBB`).
    package let tint: String

    package init(family: WidgetFamily, width: Double, height: Double, dates: FaceDates, container: Container?, tint: String) {
        self.family = family
        self.width = width
        self.height = height
        self.dates = dates
        self.container = container
        self.tint = tint
    }

    /// The content margins WidgetKit gives the view (none for the Lock Screen's shapes).
    var margin: Double { family.rawValue.hasPrefix("accessory") ? 0 : 16 }

    /// The face of one entry: `tree` is the entry's render tree, `now` the entry's date.
    package func face(_ tree: JSONValue, now: Instant, appearance: Appearance, url: String?) -> String {
        var s = "<div class=\"face view \(family.rawValue) \(appearance.rawValue)\" style=\"width:\(Self.number(width))px;height:\(Self.number(height))px"
        if appearance == .light || appearance == .dark, let background = tree["background"] {
            s += ";background:" + PreviewPage.escape(backgroundCSS(background, appearance: appearance))
        } else if appearance == .accented, !family.rawValue.hasPrefix("accessory") {
            s += ";background:" + Self.mix(tint, "#1C1C1E", 0.22)
        }
        s += "\""
        if let (lang, rtl) = Self.language(dates.locale) {
            s += " lang=\"" + PreviewPage.escape(lang) + "\""
            if rtl { s += " dir=\"rtl\"" }
        }
        if let url { s += " title=\"" + PreviewPage.escape(url) + "\"" }
        s += "><div class=\"content\" style=\"inset:\(Self.number(margin))px\">"
        if let root = tree["root"] {
            var context = Context(appearance: appearance, now: now, accented: false)
            s += node(root, parent: .vertical, &context)
        }
        s += "</div></div>"
        return s
    }

    // MARK: Nodes

    enum Axis { case vertical, horizontal, layered }

    struct Context {
        let appearance: Appearance
        let now: Instant
        /// Inside an `accentable` element (it takes the tint in the accented rendering).
        var accented: Bool
    }

    /// Whether a node takes the space it is offered along each axis (a spacer, an infinite
    /// frame, a resizable image, or a stack holding one).
    static func expands(_ node: JSONValue, in axis: Axis) -> (horizontal: Bool, vertical: Bool) {
        var h = false, v = false
        let frame = node["frame"]
        if frame?["maxWidth"]?.string == "infinity" { h = true }
        if frame?["maxHeight"]?.string == "infinity" { v = true }
        switch node["element"]?.string ?? "" {
        case "spacer":
            if axis == .horizontal { h = true } else if axis == .vertical { v = true }
        case "image", "chart":
            if frame?["width"] == nil { h = true }
            if frame?["height"] == nil { v = true }
        case "toggle":
            // A switch-style Toggle takes the width it is offered: its label leading, the switch trailing.
            h = true
        case "vstack", "hstack", "zstack", "group", "foreach":
            let element = node["element"]?.string
            let inner: Axis = element == "hstack" ? .horizontal : element == "zstack" ? .layered : element == "vstack" ? .vertical : axis
            for child in node["children"]?.array ?? node["items"]?.array ?? [] {
                let e = expands(child, in: inner)
                h = h || e.horizontal
                v = v || e.vertical
            }
        default: break
        }
        if frame?["width"]?.number != nil { h = false }
        if frame?["height"]?.number != nil { v = false }
        return (h, v)
    }

    /// How a child sits in its parent's layout: grows along the parent's axis, stretches across it.
    static func placement(_ node: JSONValue, parent: Axis) -> String {
        let (h, v) = expands(node, in: parent)
        switch parent {
        case .vertical: return (v ? "flex:1 1 0;" : "flex:0 1 auto;") + (h ? "align-self:stretch;" : "")
        case .horizontal: return (h ? "flex:1 1 0;" : "flex:0 1 auto;") + (v ? "align-self:stretch;" : "")
        case .layered: return (h ? "justify-self:stretch;" : "") + (v ? "align-self:stretch;" : "")
        }
    }

    /// A button's or toggle's intent and arguments in words: `markDone(index: 2)`.
    static func call(_ n: JSONValue) -> String {
        let arguments = (n["with"]?.object ?? JSONObject()).map { "\($0.key): \(JSONWriter.string($0.value))" }
        return (n["intent"]?.string ?? "") + "(" + arguments.joined(separator: ", ") + ")"
    }

    func node(_ n: JSONValue, parent: Axis, _ context: inout Context) -> String {
        let element = n["element"]?.string ?? ""
        var inner = context
        if n["accentable"]?.bool == true { inner.accented = true }
        // The element itself, with what is drawn inside its padding.
        var css = ""
        var body = ""
        var tag = "div"
        var cls = element
        var attributes = ""
        switch element {
        case "vstack", "hstack":
            let axis: Axis = element == "vstack" ? .vertical : .horizontal
            css += "gap:\(Self.number(n["spacing"]?.number ?? 8))px;"
            css += "align-items:" + Self.flexAlignment(n["alignment"]?.string, vertical: element == "hstack") + ";"
            for child in n["children"]?.array ?? [] { body += node(child, parent: axis, &inner) }
        case "zstack":
            let (h, v) = Self.gridAlignment(n["alignment"]?.string)
            css += "justify-items:\(h);align-items:\(v);"
            for child in n["children"]?.array ?? [] { body += node(child, parent: .layered, &inner) }
        case "group":
            for child in n["children"]?.array ?? [] { body += node(child, parent: parent, &inner) }
        case "foreach":
            for item in n["items"]?.array ?? [] { body += node(item, parent: parent, &inner) }
        case "text":
            tag = "span"
            body = PreviewPage.escape(n["text"]?.string ?? "")
        case "date":
            tag = "time"
            let date = n["date"]?.string.flatMap { try? InstantParser.parse($0).instant }
            if let date {
                attributes += " datetime=\"" + PreviewPage.escape(n["date"]?.string ?? "") + "\""
                body = PreviewPage.escape(dates.text(date, style: n["style"]?.string ?? "date", now: context.now))
            }
            if ["timer", "relative", "offset"].contains(n["style"]?.string ?? "") { css += "font-variant-numeric:tabular-nums;" }
        case "timer":
            tag = "time"
            if let from = instant(n["from"]), let to = instant(n["to"]) {
                body = dates.interval(from: from, to: to, countsDown: n["countsDown"]?.bool ?? true, now: context.now)
            }
            css += "font-variant-numeric:tabular-nums;"
        case "symbol":
            tag = "span"
            let name = n["name"]?.string ?? ""
            attributes += " role=\"img\" title=\"" + PreviewPage.escape(name) + "\""
            body = "<span class=\"sname\">" + PreviewPage.escape(name) + "</span>"
        case "image":
            body = image(n, context.appearance, &attributes)
        case "gauge":
            body = gauge(n, inner)
            cls += " " + (n["style"]?.string ?? "automatic")
        case "progress":
            body = progress(n, inner)
        case "spacer":
            let length = Self.number(n["minLength"]?.number ?? 8)
            css += parent == .horizontal ? "min-width:\(length)px;" : "min-height:\(length)px;"
        case "button":
            // A bordered capsule with its label; the intent it runs is its title (no script: it does nothing).
            tag = "span"
            attributes += " role=\"button\" title=\"" + PreviewPage.escape(Self.call(n)) + "\""
            css += "display:inline-block;padding:4px 10px;border-radius:999px;text-align:center;"
            css += "background:" + Self.controlFill(context.appearance) + ";"
            body = PreviewPage.escape(n["label"]?.string ?? "")
        case "toggle":
            // The label, then a switch drawn on or off as the entry has it.
            let on = n["isOn"]?.bool == true
            attributes += " role=\"switch\" aria-checked=\"\(on)\" title=\"" + PreviewPage.escape(Self.call(n)) + "\""
            // The switch at UIKit's size, 51 by 31 points with a 27-point knob: what the face must make room for.
            css += "display:flex;align-items:center;gap:6px;"
            let track = on ? onTrack(inner) : Self.controlFill(context.appearance)
            body = "<span style=\"flex:1 1 auto\">" + PreviewPage.escape(n["label"]?.string ?? "") + "</span>"
            body += "<span style=\"flex:none;width:51px;height:31px;border-radius:16px;background:\(track);position:relative\">"
            body += "<span style=\"position:absolute;top:2px;\(on ? "right" : "left"):2px;width:27px;height:27px;border-radius:14px;background:#fff\"></span></span>"
        case "chart":
            body = chart(n, inner)
        case "grid":
            // SwiftUI's Grid: rows of `columns` cells, each as wide as its column's widest.
            let columns = max(Int(n["columns"]?.number ?? 1), 1)
            let gap = Self.number(n["spacing"]?.number ?? 8)
            css += "display:grid;grid-template-columns:repeat(\(columns),auto);gap:\(gap)px;justify-content:center;align-items:center;"
            for item in n["items"]?.array ?? [] { body += node(item, parent: .layered, &inner) }
        case "divider":
            css += parent == .horizontal ? "width:1px;align-self:stretch;" : "height:1px;align-self:stretch;"
            css += "background:" + (context.appearance == .light ? "rgba(60,60,67,.29)" : "rgba(255,255,255,.2)") + ";"
        default:
            return ""
        }
        // `group` and `foreach` are not views of their own: their children join the parent's layout.
        if element == "group" || element == "foreach" { return "<div class=\"\(element)\" style=\"display:contents\">" + body + "</div>" }
        css += textStyle(n, inner)
        if let padding = n["padding"] { css += Self.paddingCSS(padding) }
        // The modifiers after padding: frame, background, corner radius, opacity (SwiftUI's order).
        var outer = ""
        let frame = n["frame"]
        if let background = n["background"] { outer += "background:" + backgroundCSS(background, appearance: context.appearance) + ";" }
        if let radius = n["cornerRadius"]?.number { outer += "border-radius:\(Self.number(radius))px;overflow:hidden;" }
        if let opacity = n["opacity"]?.number { outer += "opacity:\(Self.number(opacity));" }
        var extra = attributes
        if let label = n["accessibilityLabel"]?.string { extra += " aria-label=\"" + PreviewPage.escape(label) + "\"" }
        if let link = n["link"]?.string { extra += " data-link=\"" + PreviewPage.escape(link) + "\"" + (attributes.contains("title=") ? "" : " title=\"" + PreviewPage.escape(link) + "\"") }
        if n["privacySensitive"]?.bool == true { cls += " private" }
        if inner.accented { cls += " accentable" }
        // A symbol keeps its size, as an `Image` does; the rest shrink as text wraps.
        var place = element == "symbol" && parent != .layered ? "flex:none;" : Self.placement(n, parent: parent)
        // A control is as tall as it is on the device: a stack that has no room overflows (and the
        // face cuts it), as SwiftUI's does, rather than squeezing the switch or the capsule.
        if element == "toggle" || element == "button", parent == .vertical { place += "flex-shrink:0;" }
        if let frame {
            // A frame is a box of its own, aligning the element inside it.
            var box = place + "display:flex;"
            if let w = frame["width"]?.number { box += "width:\(Self.number(w))px;" }
            if let h = frame["height"]?.number { box += "height:\(Self.number(h))px;" }
            if let w = frame["maxWidth"]?.number { box += "max-width:\(Self.number(w))px;" }
            if let h = frame["maxHeight"]?.number { box += "max-height:\(Self.number(h))px;" }
            if let w = frame["minWidth"]?.number { box += "min-width:\(Self.number(w))px;" }
            if let h = frame["minHeight"]?.number { box += "min-height:\(Self.number(h))px;" }
            let (jh, av) = Self.gridAlignment(frame["alignment"]?.string)
            box += "justify-content:\(Self.flexEnd(jh));align-items:\(Self.flexEnd(av));" + outer
            let (h, v) = Self.expands(n, in: .horizontal)
            let fill = (element == "image" || h ? "flex:1 1 0;align-self:stretch;" : "") + (v || element == "image" ? "align-self:stretch;" : "")
            return "<div class=\"frame\" style=\"" + PreviewPage.escape(box) + "\"\(extra)><\(tag) class=\"n \(cls)\" style=\""
                + PreviewPage.escape(fill + css) + "\">" + body + "</\(tag)></div>"
        }
        // Styles are escaped as any attribute (font names are quoted in CSS).
        return "<\(tag) class=\"n \(cls)\" style=\"" + PreviewPage.escape(place + css + outer) + "\"\(extra)>" + body + "</\(tag)>"
    }

    /// A button's capsule and an off toggle's track: the system's fill grey, or on the Lock
    /// Screen's monochrome renderings a translucent white (no hue survives there).
    static func controlFill(_ appearance: Appearance) -> String {
        switch appearance {
        case .light: "rgba(120,120,128,.16)"
        case .dark: "rgba(120,120,128,.32)"
        case .vibrant, .accented: "rgba(255,255,255,.2)"
        }
    }

    /// An on toggle's track: the system green in full colour (its dark variant in dark), a
    /// brighter white where only luminance is kept, the tint when it is accentable and accented.
    func onTrack(_ context: Context) -> String {
        switch context.appearance {
        case .light: Self.systemColors["green"]!.light
        case .dark: Self.systemColors["green"]!.dark
        case .vibrant: "rgba(255,255,255,.6)"
        case .accented: context.accented ? tint : "rgba(255,255,255,.6)"
        }
    }

    func instant(_ v: JSONValue?) -> Instant? { v?.string.flatMap { try? InstantParser.parse($0).instant } }

    // MARK: Text style

    /// SwiftUI's text styles at the default Dynamic Type size (Large): point size and weight.
    static let textStyles: [String: (size: Double, weight: Int)] = [
        "largeTitle": (34, 400), "title": (28, 400), "title2": (22, 400), "title3": (20, 400), "headline": (17, 600),
        "body": (17, 400), "callout": (16, 400), "subheadline": (15, 400), "footnote": (13, 400), "caption": (12, 400),
        "caption2": (11, 400),
    ]
    static let weights: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800, "black": 900,
    ]
    static let designs: [String: String] = [
        "rounded": "ui-rounded,\"SF Pro Rounded\",system-ui,sans-serif", "serif": "ui-serif,\"New York\",Georgia,serif",
        "monospaced": "ui-monospace,Menlo,\"DejaVu Sans Mono\",monospace",
    ]

    func textStyle(_ n: JSONValue, _ context: Context) -> String {
        var css = ""
        if let font = n["font"] {
            let style = font.string ?? font["style"]?.string
            if let style, let known = Self.textStyles[style] {
                css += "font-size:\(Self.number(known.size))px;font-weight:\(known.weight);"
            }
            if let size = font["size"]?.number { css += "font-size:\(Self.number(size))px;" }
            if let weight = font["weight"]?.string.flatMap({ Self.weights[$0] }) { css += "font-weight:\(weight);" }
            if let design = font["design"]?.string.flatMap({ Self.designs[$0] }) { css += "font-family:\(design);" }
        }
        if let weight = n["weight"]?.string.flatMap({ Self.weights[$0] }) { css += "font-weight:\(weight);" }
        if n["monospacedDigit"]?.bool == true { css += "font-variant-numeric:tabular-nums;" }
        if let align = n["textAlignment"]?.string {
            css += "text-align:" + (align == "center" ? "center" : align == "trailing" ? "end" : "start") + ";"
        }
        if let lines = n["lineLimit"]?.number {
            css += lines <= 1
                ? "white-space:nowrap;overflow:hidden;text-overflow:ellipsis;"
                : "display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:\(Int(lines));overflow:hidden;"
        }
        // A chart's colour is its marks' (chart(_:_:)); its axes keep the text's.
        let colored = n["element"]?.string != "chart"
        switch context.appearance {
        case .light, .dark:
            if colored, let color = n["color"], let c = colorCSS(color, context.appearance) { css += "color:\(c);" }
        case .vibrant:
            // The Lock Screen keeps only luminance: a secondary colour stays dimmer.
            if let name = n["color"]?["system"]?.string, ["secondary", "gray"].contains(name) { css += "color:rgba(255,255,255,.6);" }
        case .accented:
            if context.accented, n["accentable"]?.bool == true { css += "color:\(tint);" }
        }
        return css
    }

    // MARK: Colours

    /// SwiftUI's system colours, light and dark (Apple's Human Interface Guidelines, Color,
    /// "Specifications": <https://developer.apple.com/design/human-interface-guidelines/color#Specifications>).
    static let systemColors: [String: (light: String, dark: String)] = [
        "red": ("#FF3B30", "#FF453A"), "orange": ("#FF9500", "#FF9F0A"), "yellow": ("#FFCC00", "#FFD60A"),
        "green": ("#34C759", "#30D158"), "mint": ("#00C7BE", "#63E6E2"), "teal": ("#30B0C7", "#40C8E0"),
        "cyan": ("#32ADE6", "#64D2FF"), "blue": ("#007AFF", "#0A84FF"), "indigo": ("#5856D6", "#5E5CE6"),
        "purple": ("#AF52DE", "#BF5AF2"), "pink": ("#FF2D55", "#FF375F"), "brown": ("#A2845E", "#AC8E68"),
        "gray": ("#8E8E93", "#8E8E93"), "black": ("#000000", "#000000"), "white": ("#FFFFFF", "#FFFFFF"),
        "primary": ("#000000", "#FFFFFF"), "secondary": ("rgba(60,60,67,.6)", "rgba(235,235,245,.6)"),
        "accentColor": ("#007AFF", "#0A84FF"), "clear": ("transparent", "transparent"),
    ]

    /// A colour of the tree (`{"system": "yellow"}`, `{"light": "#…", "dark": "#…"}`, or a bare
    /// name or hex) in the appearance.
    func colorCSS(_ value: JSONValue, _ appearance: Appearance) -> String? {
        let dark = appearance != .light
        if let name = value.string ?? value["system"]?.string {
            if name.hasPrefix("#") { return Self.hex(name) }
            return Self.systemColors[name].map { dark ? $0.dark : $0.light }
        }
        if let pick = (dark ? value["dark"] : value["light"])?.string ?? value["light"]?.string {
            return pick.hasPrefix("#") ? Self.hex(pick) : Self.systemColors[pick].map { dark ? $0.dark : $0.light }
        }
        return nil
    }

    /// `#RRGGBB` (or `#RRGGBBAA`) when it is one, else a neutral grey: a page never carries CSS from data.
    static func hex(_ text: String) -> String {
        let digits = text.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return "#8E8E93" }
        return text
    }

    /// A widget's or an element's background: a colour, `{color}`, `{gradient: [colours]}`, or an image.
    func backgroundCSS(_ value: JSONValue, appearance: Appearance) -> String {
        if appearance == .vibrant { return "rgba(255,255,255,.18)" }
        if appearance == .accented { return "rgba(255,255,255,.12)" }
        if let colors = value["gradient"]?.array {
            let stops = colors.compactMap { colorCSS($0, appearance) }
            if stops.count >= 2 { return "linear-gradient(" + stops.joined(separator: ",") + ")" }
            if let only = stops.first { return only }
        }
        if let color = value["color"], let c = colorCSS(color, appearance) { return c }
        if let image = value["image"] {
            if let uri = dataURI(image["file"]?.string) { return "center/cover no-repeat url(" + uri + ")" }
            return Self.placeholderPattern
        }
        return colorCSS(value, appearance) ?? "transparent"
    }

    static let placeholderPattern = "repeating-linear-gradient(45deg,rgba(142,142,147,.28) 0 6px,rgba(142,142,147,.14) 6px 12px)"

    /// `a` mixed into `b` by `share` (both `#RRGGBB`).
    static func mix(_ a: String, _ b: String, _ share: Double) -> String {
        func rgb(_ h: String) -> [Int] {
            let d = Array(h.dropFirst())
            guard d.count >= 6 else { return [142, 142, 147] }
            return (0..<3).map { Int(String(d[($0 * 2)..<($0 * 2 + 2)]), radix: 16) ?? 0 }
        }
        let x = rgb(a), y = rgb(b)
        let m = (0..<3).map { Int((Double(x[$0]) * share + Double(y[$0]) * (1 - share)).rounded()) }
        return "rgb(\(m[0]),\(m[1]),\(m[2]))"
    }

    // MARK: Images, gauges, progress

    /// An asset as a neutral placeholder with its name; a container file embedded (a data URL).
    func image(_ n: JSONValue, _ appearance: Appearance, _ attributes: inout String) -> String {
        let mode = n["contentMode"]?.string == "fit" ? "contain" : "cover"
        if let file = n["file"]?.string {
            if let uri = dataURI(file) {
                let filter = appearance == .vibrant || appearance == .accented ? "filter:grayscale(1);" : ""
                return "<img alt=\"\" src=\"\(uri)\" style=\"object-fit:\(mode);\(filter)\"/>"
            }
            attributes += " role=\"img\" title=\"" + PreviewPage.escape("missing: " + file) + "\""
            return "<span class=\"iname\">" + PreviewPage.escape(file) + "</span>"
        }
        let name = n["asset"]?.string ?? ""
        attributes += " role=\"img\" title=\"" + PreviewPage.escape(name) + "\""
        // A box too small for its name keeps it in the title only.
        if let w = n["frame"]?["width"]?.number, w < 40 { return "" }
        return "<span class=\"iname\">" + PreviewPage.escape(name) + "</span>"
    }

    /// A container file as a `data:` URL, when it is an image (PNG, JPEG, GIF or WebP by its bytes).
    func dataURI(_ path: String?) -> String? {
        guard let path, let container, case .found(let bytes) = container.read(path) else { return nil }
        let type: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            type = "image/png"
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            type = "image/jpeg"
        } else if bytes.starts(with: Array("GIF8".utf8)) {
            type = "image/gif"
        } else if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            type = "image/webp"
        } else {
            return nil
        }
        return "data:\(type);base64," + Self.base64(bytes)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(table[b0 >> 2])
            out.append(table[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(i + 1 < bytes.count ? table[((b1 & 15) << 2) | (b2 >> 6)] : UInt8(ascii: "="))
            out.append(i + 2 < bytes.count ? table[b2 & 63] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The gauge's fill colour: its `color`, the tint when accented, else the accent colour.
    func fill(_ n: JSONValue, _ context: Context) -> String {
        switch context.appearance {
        case .vibrant: return "#FFFFFF"
        case .accented: return context.accented ? tint : "rgba(255,255,255,.85)"
        case .light, .dark: return n["color"].flatMap { colorCSS($0, context.appearance) } ?? (context.appearance == .light ? "#007AFF" : "#0A84FF")
        }
    }

    // MARK: Charts

    /// Swift Charts' colours for series, in order of appearance (the system colours it cycles).
    static let seriesColors = ["blue", "green", "orange", "purple", "red", "cyan", "yellow", "pink", "teal", "brown"]

    /// A `chart` as inline SVG: the plot in a box that stretches (x categories in bands, y from
    /// its domain; bars and areas of several series stacked, as Swift Charts stacks them), the y
    /// axis's bounds at the trailing edge and some x labels below (docs/preview.md, "Charts").
    func chart(_ n: JSONValue, _ context: Context) -> String {
        // On a number or date axis each point has its place on a line; categories are bands.
        let xType = n["xType"]?.string ?? "category"
        let points: [(x: String, at: Double, y: Double, series: String, color: JSONValue?)] = (n["points"]?.array ?? []).compactMap { p in
            guard let y = p["y"]?.number, y.isFinite else { return nil }
            switch xType {
            case "number":
                guard let v = p["x"]?.number, v.isFinite else { return nil }
                return (Self.number(v), v, y, p["series"]?.string ?? "", p["color"])
            case "date":
                guard let t = instant(p["x"]) else { return nil }
                return (p["x"]?.string ?? "", Double(t.seconds), y, p["series"]?.string ?? "", p["color"])
            default:
                return (p["x"]?.string ?? "", 0, y, p["series"]?.string ?? "", p["color"])
            }
        }
        let mark = n["mark"]?.string ?? "line"
        let continuous = xType == "number" || xType == "date"
        var categories: [String] = [], seriesNames: [String] = []
        for p in points {
            if !categories.contains(p.x) { categories.append(p.x) }
            if !seriesNames.contains(p.series) { seriesNames.append(p.series) }
        }
        // A number axis includes zero, as Swift Charts' number scales do; a date axis spans the data.
        var xLow = points.map(\.at).min() ?? 0, xHigh = points.map(\.at).max() ?? 1
        if xType == "number" { (xLow, xHigh) = (min(xLow, 0), max(xHigh, 0)) }
        if xHigh <= xLow { (xLow, xHigh) = (xLow - 1, xHigh + 1) }
        // Bars on a line are as wide as 60% of the closest two places (at most a band of the plot).
        let places = Set(points.map(\.at)).sorted()
        let gap = zip(places, places.dropFirst()).map { $1 - $0 }.min().map { $0 / (xHigh - xLow) } ?? 1
        // Bars and areas of several series stack: each point sits on those before it at its x.
        let stacks = (mark == "bar" || mark == "area") && seriesNames.count > 1
        var base = [Double](repeating: 0, count: points.count)
        var running: [String: Double] = [:]
        for (i, p) in points.enumerated() where stacks {
            base[i] = running[p.x] ?? 0
            running[p.x] = base[i] + p.y
        }
        // Swift Charts' number scales include zero unless a domain is given.
        var low = 0.0, high = 0.0
        for (i, p) in points.enumerated() {
            low = min(low, base[i] + min(p.y, 0))
            high = max(high, base[i] + max(p.y, 0))
        }
        if let range = n["yRange"]?.array, range.count == 2, let a = range[0].number, let b = range[1].number, a < b {
            (low, high) = (a, b)
        }
        if high <= low { high = low + 1 }
        let (w, h) = (100.0, 60.0)
        // Bars keep half a bar's room at the ends of a line, so the first and last are whole.
        let inset = continuous && mark == "bar" ? min(gap, 1) * w * 0.3 : 0
        let band = continuous ? min(gap, 1) * (w - 2 * inset) : w / Double(max(categories.count, 1))
        func x(_ i: Int) -> Double {
            if continuous { return inset + (points[i].at - xLow) / (xHigh - xLow) * (w - 2 * inset) }
            return (Double(categories.firstIndex(of: points[i].x) ?? 0) + 0.5) * band
        }
        func y(_ value: Double) -> Double { h - (min(max(value, low), high) - low) / (high - low) * h }
        func color(_ series: String) -> String {
            if context.appearance == .vibrant { return "#FFFFFF" }
            if context.appearance == .accented { return context.accented ? tint : "rgba(255,255,255,.85)" }
            if seriesNames.count > 1, let i = seriesNames.firstIndex(of: series) {
                let name = Self.seriesColors[i % Self.seriesColors.count]
                return Self.systemColors[name].map { context.appearance == .dark ? $0.dark : $0.light } ?? "#8E8E93"
            }
            return fill(n, context)
        }
        // A mark's own colour (a `color` template over each element) in full-colour renderings.
        func color(_ i: Int) -> String {
            guard let own = points[i].color, context.appearance == .light || context.appearance == .dark else { return color(points[i].series) }
            return colorCSS(own, context.appearance) ?? color(points[i].series)
        }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 60\" preserveAspectRatio=\"none\" class=\"plot\">"
        // The grid lines at the domain's bounds and middle, as the chart's y axis draws them.
        for line in [0.0, h / 2, h] {
            svg += "<line x1=\"0\" y1=\"\(Self.number(line))\" x2=\"100\" y2=\"\(Self.number(line))\" stroke=\"currentColor\" stroke-opacity=\".2\" vector-effect=\"non-scaling-stroke\"/>"
        }
        for series in seriesNames {
            let indices = points.indices.filter { points[$0].series == series }
            // A line or an area is one path: its first mark's colour colours it.
            let c = indices.first.map(color) ?? color(series)
            switch mark {
            case "bar":
                let width = band * 0.6
                for i in indices {
                    let top = y(base[i] + points[i].y), bottom = y(base[i])
                    svg += "<rect x=\"\(Self.number(x(i) - width / 2))\" y=\"\(Self.number(min(top, bottom)))\" width=\"\(Self.number(width))\" height=\"\(Self.number(abs(bottom - top)))\" fill=\"\(color(i))\"/>"
                }
            case "point":
                // A zero-length round-capped stroke stays a round dot however the plot is stretched.
                for i in indices {
                    svg += "<path d=\"M\(Self.number(x(i))) \(Self.number(y(points[i].y)))h0\" stroke=\"\(color(i))\" stroke-width=\"6\" stroke-linecap=\"round\" vector-effect=\"non-scaling-stroke\"/>"
                }
            default:  // line, area
                let line = indices.enumerated().map { k, i in (k == 0 ? "M" : "L") + Self.number(x(i)) + " " + Self.number(y(base[i] + points[i].y)) }.joined()
                guard !line.isEmpty else { continue }
                if mark == "area" {
                    let floor = indices.reversed().map { i in "L" + Self.number(x(i)) + " " + Self.number(y(base[i])) }.joined()
                    svg += "<path d=\"\(line)\(floor)Z\" fill=\"\(c)\" fill-opacity=\".5\"/>"
                }
                svg += "<path d=\"\(line)\" fill=\"none\" stroke=\"\(c)\" stroke-width=\"2\" stroke-linejoin=\"round\" vector-effect=\"non-scaling-stroke\"/>"
            }
        }
        svg += "</svg>"
        // The y axis's bounds at the trailing edge; at most six x labels, evenly picked.
        var s = "<span class=\"cplot\">" + svg + "<span class=\"yaxis\"><span>" + Self.number(high) + "</span><span>" + Self.number(low) + "</span></span></span>"
        if continuous {
            // Five labels along the line: the ends and three between, where they fall on the plot.
            s += "<span class=\"xaxis line\">"
            for k in 0...4 {
                let value = xLow + (xHigh - xLow) * Double(k) / 4
                let label = xType == "date" ? dates.axisLabel(Instant(seconds: Int64(value.rounded())), span: Int64(xHigh - xLow)) : Self.axisNumber(value, span: xHigh - xLow)
                s += "<span style=\"left:\(Self.number((inset + Double(k) / 4 * (w - 2 * inset)).rounded()))%\">" + PreviewPage.escape(label) + "</span>"
            }
            s += "</span>"
        } else {
            let step = max(1, Int((Double(categories.count) / 6).rounded(.up)))
            s += "<span class=\"xaxis\">"
            for (i, category) in categories.enumerated() {
                s += "<span>" + (i % step == 0 ? PreviewPage.escape(category) : "") + "</span>"
            }
            s += "</span>"
        }
        if seriesNames.count > 1 {
            s += "<span class=\"legend\">"
            for series in seriesNames { s += "<span><i style=\"background:\(color(series))\"></i>" + PreviewPage.escape(series) + "</span>" }
            s += "</span>"
        }
        return s
    }

    func gauge(_ n: JSONValue, _ context: Context) -> String {
        let low = n["min"]?.number ?? 0, high = n["max"]?.number ?? 1
        let value = n["value"]?.number ?? low
        let fraction = high > low ? min(max((value - low) / (high - low), 0), 1) : 0
        let color = fill(n, context)
        let label = n["label"]?.string, current = n["currentValueLabel"]?.string
        let style = n["style"]?.string ?? "automatic"
        if style.hasPrefix("accessoryCircular") {
            let side = family == .accessoryCircular ? min(width, height) : 58
            var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\" width=\"\(Self.number(side))\" height=\"\(Self.number(side))\">"
            if style == "accessoryCircularCapacity" {
                // A closed ring, filled clockwise from the top.
                let length = 2 * Double.pi * 42
                s += "<circle cx=\"50\" cy=\"50\" r=\"42\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\".3\" stroke-width=\"9\"/>"
                s += "<circle cx=\"50\" cy=\"50\" r=\"42\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"9\" stroke-linecap=\"round\" transform=\"rotate(-90 50 50)\" stroke-dasharray=\"\(Self.number(length * fraction)) \(Self.number(length))\"/>"
                s += "<text x=\"50\" y=\"50\" class=\"gv\" fill=\"currentColor\">" + PreviewPage.escape(current ?? label ?? "") + "</text>"
            } else {
                // An open arc (240°, the gap at the bottom) with a marker at the value.
                let length = 2 * Double.pi * 40 * 240 / 360
                s += "<circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\".35\" stroke-width=\"7\" stroke-linecap=\"round\" transform=\"rotate(150 50 50)\" stroke-dasharray=\"\(Self.number(length)) 1000\"/>"
                let angle = (150 + 240 * fraction) * Double.pi / 180
                s += "<circle cx=\"\(Self.number(50 + 40 * cos(angle)))\" cy=\"\(Self.number(50 + 40 * sin(angle)))\" r=\"6\" fill=\"\(color)\" stroke=\"currentColor\" stroke-width=\"2\"/>"
                s += "<text x=\"50\" y=\"50\" class=\"gv\" fill=\"currentColor\">" + PreviewPage.escape(current ?? "") + "</text>"
                if let label { s += "<text x=\"50\" y=\"88\" class=\"gl\" fill=\"currentColor\">" + PreviewPage.escape(label) + "</text>" }
            }
            return s + "</svg>"
        }
        // Linear: the label and current value above a bar.
        var s = ""
        if label != nil || current != nil {
            s += "<span class=\"glabels\"><span>" + PreviewPage.escape(label ?? "") + "</span><span>" + PreviewPage.escape(current ?? "") + "</span></span>"
        }
        s += "<span class=\"bar\" style=\"background:\(color)33\"><span style=\"width:\(Self.number(fraction * 100))%;background:\(color)\"></span></span>"
        return s
    }

    func progress(_ n: JSONValue, _ context: Context) -> String {
        let fraction: Double
        if let from = instant(n["from"]), let to = instant(n["to"]) {
            fraction = FaceDates.fraction(from: from, to: to, countsDown: n["countsDown"]?.bool ?? true, now: context.now)
        } else {
            let total = n["total"]?.number ?? 1
            fraction = total > 0 ? min(max((n["value"]?.number ?? 0) / total, 0), 1) : 0
        }
        let color = fill(n, context)
        var s = ""
        if let label = n["label"]?.string { s += "<span class=\"glabels\"><span>" + PreviewPage.escape(label) + "</span></span>" }
        s += "<span class=\"bar\" style=\"background:\(color)33\"><span style=\"width:\(Self.number(fraction * 100))%;background:\(color)\"></span></span>"
        return s
    }

    // MARK: Layout helpers

    /// A stack's alignment as flexbox `align-items` (leading and trailing follow the writing direction).
    static func flexAlignment(_ name: String?, vertical: Bool) -> String {
        switch name ?? "center" {
        case "leading", "top": "flex-start"
        case "trailing", "bottom": "flex-end"
        case "firstTextBaseline": "baseline"
        case "lastTextBaseline": "last baseline"
        default: "center"
        }
    }

    /// A `zstack`'s or a frame's alignment (`topLeading`…) as grid (horizontal, vertical) values.
    static func gridAlignment(_ name: String?) -> (String, String) {
        let n = (name ?? "center").lowercased()
        let h = n.hasSuffix("leading") ? "start" : n.hasSuffix("trailing") ? "end" : "center"
        let v = n.hasPrefix("top") ? "start" : n.hasPrefix("bottom") ? "end" : "center"
        return (h, v)
    }

    static func flexEnd(_ grid: String) -> String { grid == "start" ? "flex-start" : grid == "end" ? "flex-end" : "center" }

    /// `padding`: a number for every edge, `true` for the system's 16, or the edges by name.
    static func paddingCSS(_ value: JSONValue) -> String {
        if let all = value.number { return "padding:\(number(all))px;" }
        if value.bool == true { return "padding:16px;" }
        var css = ""
        let edges: [(String, String)] = [("top", "top"), ("bottom", "bottom"), ("leading", "inline-start"), ("trailing", "inline-end")]
        for (key, side) in edges {
            if let n = value[key]?.number { css += "padding-\(side):\(number(n))px;" }
        }
        for (key, sides) in [("horizontal", ["inline-start", "inline-end"]), ("vertical", ["top", "bottom"])] {
            if let n = value[key]?.number { for side in sides { css += "padding-\(side):\(number(n))px;" } }
        }
        return css
    }

    /// The page's `lang` and whether the language is written right to left.
    static func language(_ locale: String?) -> (String, Bool)? {
        guard let locale, !locale.isEmpty else { return nil }
        let lang = String(locale.map { $0 == "_" ? "-" : $0 })
        let primary = lang.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return (lang, ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"].contains(primary))
    }

    /// A CSS number: at most two decimals, no trailing zeros.
    /// A number axis's label: whole numbers over a span of 10 or more, else two decimals at most.
    static func axisNumber(_ v: Double, span: Double) -> String {
        number(span >= 10 ? v.rounded() : v)
    }

    package static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let scaled = (x * 100).rounded()
        let negative = scaled < 0
        let whole = Int64(abs(scaled)) / 100, cents = Int64(abs(scaled)) % 100
        var s = (negative ? "-" : "") + String(whole)
        if cents != 0 { s += "." + (cents < 10 ? "0\(cents)" : (cents % 10 == 0 ? "\(cents / 10)" : "\(cents)")) }
        return s
    }
}
