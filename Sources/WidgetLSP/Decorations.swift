import Foundation
import WidgetCompiler
import WidgetSupport
import WidgetSimulator
import WidgetTime
import WidgetcRuntimeCore

/// What the editor draws over the text: inlay hints (a rule's next reloads), a code lens on
/// `kind:` (the day's reloads against the budget), semantic tokens for template tags, links to
/// the files a widget names, and folding ranges.
extension LanguageServer {
    // MARK: The plan, run

    /// The widget's plan as `compile` writes it, loaded by the runtime; nil while the widget has errors.
    func runnablePlan(_ document: TextDocument) -> WidgetPlan? {
        let path = Self.path(of: document.uri)
        var compiled: CompiledFile? = nil
        try? compilation(.compile).compile([path], contents: document.bytes) { file in
            if compiled == nil { compiled = file }
        }
        guard !(compiled?.diagnostics ?? []).contains(where: { $0.severity == .error }) else { return nil }
        for case .widget(_, let plan) in compiled?.plans ?? [] {
            return try? WidgetPlan(plan: plan, timeZone: .current, locale: nil)
        }
        return nil
    }

    /// WidgetKit's usual daily reload budget (`widgetc run --budget`'s default).
    static let dailyBudget = 70
    /// The shortest gap WidgetKit leaves between two reloads of a widget (`run`'s default too).
    static let minimumReloadGap: TimeInterval = 300

    /// The instants the widget asks to be reloaded at over the 24 hours from `start`, as the
    /// runtime's policies say (atEnd: the last entry; after: its date; never: none), at most
    /// one per `minimumReloadGap`, with the container beside the file and no network.
    func reloads(_ plan: WidgetPlan, from start: Date, container: URL) -> [Date] {
        var reloads: [Date] = []
        var t = start
        let end = start.addingTimeInterval(86_400)
        while t < end, reloads.count <= 24 * 12 {
            let timeline = plan.timeline(at: t, container: container, fetcher: NoNetwork())
            let next: Date? = switch timeline.policy {
            case .atEnd: timeline.entries.last?.date
            case .after(let d): d
            case .never: nil
            }
            guard let next else { break }
            t = max(next, t.addingTimeInterval(Self.minimumReloadGap))
            if t < end { reloads.append(t) }
        }
        return reloads
    }

    func container(_ document: TextDocument) -> URL {
        URL(fileURLWithPath: SourceFiles.defaultContainer(beside: Self.path(of: document.uri)))
    }

    // MARK: Inlay hints

    /// After the timeline rule's line: the next instants it gives the widget (its entries after
    /// now, the widget re-rendered with its data read again) in the widget's zone, and when
    /// WidgetKit is asked for the next timeline.
    func inlayHints(_ document: TextDocument, _ range: TextRange) -> [JSONValue] {
        guard let root = root(document, at: 0), let plan = runnablePlan(document) else { return [] }
        return ruleHints(document, range, root, plan) + dateHints(document, range, root, plan)
    }

    func ruleHints(_ document: TextDocument, _ range: TextRange, _ root: SourceNode, _ plan: WidgetPlan) -> [JSONValue] {
        guard let rule = root["timeline"]?.members.first else { return [] }
        let line = rule.keyLocation.line - 1
        guard line >= range.start.line, line <= range.end.line else { return [] }
        let now = Date(timeIntervalSince1970: TimeInterval(now().seconds))
        let timeline = plan.timeline(at: now, container: container(document), fetcher: NoNetwork())
        let next = timeline.entries.map(\.date).filter { $0 > now }.prefix(3)
        let reload = reloads(plan, from: now, container: container(document)).first
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: plan.timeZoneIdentifier) ?? .current
        formatter.dateFormat = "EEE HH:mm"
        var label = next.isEmpty ? "no entry after now" : "next: " + next.map(formatter.string).joined(separator: ", ")
        label += reload.map { "; reload " + formatter.string(from: $0) } ?? "; no reload"
        let end = document.position(ofOffset: document.lineEnd(line))
        return [[
            "position": end.json, "label": .string("  " + label + " (\(plan.timeZoneIdentifier))"), "paddingLeft": true,
        ]]
    }

    // MARK: What a date shows

    /// After each `date` element of the faces (block form): what it reads on the device now, in
    /// the entry shown now (the last one at or before now) of the family the face is for (the
    /// first declared one for `view`): a style as the device draws it at now (`in 2 hr, 5 min`,
    /// `147:12:33`), a format as the runtime formatted it, or that the element is not shown now.
    func dateHints(_ document: TextDocument, _ range: TextRange, _ root: SourceNode, _ plan: WidgetPlan) -> [JSONValue] {
        var places: [(line: Int, id: String, family: String)] = []
        let families = (root["families"]?.items ?? .empty).compactMap(\.string)
        for line in max(0, range.start.line)...min(range.end.line, document.lineCount - 1) {
            let o = document.outline(line)
            guard o.key == "date", let place = renderID(line, root, defaultFamily: families.first ?? "systemSmall") else { continue }
            places.append((line, place.id, place.family))
        }
        guard !places.isEmpty else { return [] }
        let now = now()
        let date = Date(timeIntervalSince1970: TimeInterval(now.seconds))
        let zone: any UTCOffsetSource = ZoneRules(identifier: plan.timeZoneIdentifier) ?? FixedOffset(seconds: 0)
        let dates = FaceDates(zone: zone, locale: nil)
        var timelines: [String: WidgetTimeline] = [:]
        var hints: [JSONValue] = []
        for place in places {
            if timelines[place.family] == nil {
                timelines[place.family] = plan.timeline(at: date, family: place.family, container: container(document), fetcher: NoNetwork())
            }
            let entries = timelines[place.family]?.entries ?? []
            guard let entry = entries.last(where: { $0.date <= date }) ?? entries.first else { continue }
            let label: String
            switch entry.view?[place.id]?.element {
            case .date(let shown)?:
                if let text = shown.text {
                    label = "shows \(text)"
                } else {
                    let instant = Instant(seconds: Int64(shown.date.timeIntervalSince1970.rounded(.down)))
                    let style = shown.style ?? "date"
                    let live = ["relative", "offset", "timer"].contains(style) ? ", counting live" : ""
                    label = "shows \(dates.text(instant, style: style, now: now)) now\(live)"
                }
            default:
                label = "not shown now"
            }
            let end = document.position(ofOffset: document.lineEnd(place.line))
            hints.append(["position": end.json, "label": .string("  " + label + " (\(place.family))"), "paddingLeft": true])
        }
        return hints
    }

    /// The render tree id of the element on `line` (docs/render-tree.md: `v`, `f.FAMILY`, `.N`
    /// for a stack's child, `.item` for a foreach's item) and the family its face is shown in.
    func renderID(_ line: Int, _ root: SourceNode, defaultFamily: String) -> (id: String, family: String)? {
        let steps = steps(to: line, in: root)
        guard let first = steps.first, steps.last?.keyLocation.line == line + 1, steps.last?.key == "date" else { return nil }
        var id: String
        var family = defaultFamily
        var rest = steps.dropFirst()
        switch first.key {
        case "view":
            id = "v"
        case "familyView":
            guard let face = rest.first else { return nil }
            id = "f." + face.key
            family = face.key
            rest = rest.dropFirst()
        default:
            return nil
        }
        for step in rest.dropLast() {
            if step.key.allSatisfy(\.isNumber) { id += "." + step.key } else if step.key == "item" { id += ".item" }
        }
        return (id, family)
    }

    // MARK: Code lens

    /// On `kind:`: the reloads of the next 24 hours against the daily budget.
    func codeLenses(_ document: TextDocument) -> [JSONValue] {
        guard let root = root(document, at: 0), let kind = root.member("kind"), root["app"] == nil else { return [] }
        let start = document.position(ofOffset: document.offset(of: kind.keyLocation))
        let range = TextRange(start, Position(line: start.line, character: start.character + 4))
        let title: String
        if let plan = runnablePlan(document) {
            let count = reloads(plan, from: Date(timeIntervalSince1970: TimeInterval(now().seconds)), container: container(document)).count
            let verdict = count > Self.dailyBudget ? ": over the budget, WidgetKit will skip some" : ""
            title = "\(count) reload\(count == 1 ? "" : "s") in the next 24 h of a budget of \(Self.dailyBudget)\(verdict)"
        } else {
            title = "reloads: fix the errors to count them"
        }
        return [["range": range.json, "command": ["title": .string(title), "command": ""]]]
    }

    // MARK: Semantic tokens

    /// The legend: token types by index.
    static let tokenTypes = ["namespace", "variable", "property", "keyword", "operator"]

    /// Template tags: `{{` `}}` and a section's sigil as operators, `param`/`data`/`entry`/`let`
    /// as namespaces, the name after them as a property, a bare name as a variable.
    func semanticTokens(_ document: TextDocument) -> [Int] {
        var data: [Int] = []
        var lastLine = 0, lastStart = 0
        func token(_ line: Int, _ start: Int, _ length: Int, _ type: Int) {
            guard length > 0 else { return }
            data += [line - lastLine, line == lastLine ? start - lastStart : start, length, type, 0]
            lastLine = line
            lastStart = start
        }
        for l in 0..<document.lineCount {
            let units = Array(document.lineText(l).utf16)
            guard units.contains(123) else { continue }
            var i = 0
            while i + 1 < units.count {
                guard units[i] == 123, units[i + 1] == 123 else { i += 1; continue }
                var close = i + 2
                while close + 1 < units.count, !(units[close] == 125 && units[close + 1] == 125) { close += 1 }
                guard close + 1 < units.count else { break }
                var s = i + 2
                while s < close, [35, 94, 47, 38, 123].contains(units[s]) { s += 1 }
                token(l, i, s - i, 4)
                while s < close, units[s] == 32 { s += 1 }
                var e = close
                while e > s, units[e - 1] == 32 || units[e - 1] == 125 { e -= 1 }
                let name = String(decoding: units[s..<e], as: UTF16.self)
                if let dot = name.firstIndex(of: "."), ["param", "data", "entry", "let"].contains(String(name[..<dot])) {
                    let head = name[..<dot].utf16.count
                    token(l, s, head, 0)
                    token(l, s + head + 1, e - s - head - 1, 2)
                } else {
                    token(l, s, e - s, 1)
                }
                var closeStart = e
                while closeStart < close, units[closeStart] == 32 { closeStart += 1 }
                token(l, closeStart, close + 2 - closeStart, 4)
                i = close + 2
            }
        }
        return data
    }

    // MARK: Document links

    /// Container files (`file: X` of a data source or an intent's effect), the String Catalog and a
    /// manifest's widget files.
    func documentLinks(_ document: TextDocument) -> [JSONValue] {
        guard let root = root(document, at: 0) else { return [] }
        let directory = SourceFiles.directory(of: Self.path(of: document.uri))
        var links: [JSONValue] = []
        func link(_ node: SourceNode?, _ target: String) {
            guard let node else { return }
            let range = document.valueRange(at: node.location)
            let path = target.hasPrefix("/") ? target : directory + target
            links.append(["range": range.json, "target": .string(Self.uri(of: path))])
        }
        // Data sources (a widget's, a manifest's dynamic shortcuts') and intents' effects name container files.
        for source in (root["data"] ?? root["dynamicShortcuts"]?["data"])?.members ?? .empty {
            if let file = source.value["file"] ?? source.value["fixture"], let name = file.string { link(file, "container/" + name) }
        }
        for intent in root["intents"]?.members ?? .empty {
            for effect in intent.value["perform"]?.items ?? .empty {
                for member in effect.members {
                    if let file = member.value["file"], let name = file.string { link(file, "container/" + name) }
                }
            }
        }
        if let catalog = root["localization"]?["catalog"], let name = catalog.string { link(catalog, name) }
        for item in root["widgets"]?.items ?? .empty {
            if let name = item.string { link(item, name) }
        }
        return links
    }

    // MARK: Folding

    /// Each key whose value spans the lines below it, read by indentation (the text need not parse).
    func foldingRanges(_ document: TextDocument) -> [JSONValue] {
        var ranges: [JSONValue] = []
        var open: [(line: Int, indent: Int)] = []
        var lastContent = 0
        func close(above indent: Int) {
            while let top = open.last, top.indent >= indent {
                open.removeLast()
                if lastContent > top.line { ranges.append(["startLine": .int(top.line), "endLine": .int(lastContent)]) }
            }
        }
        for l in 0..<document.lineCount {
            let o = document.outline(l)
            if o.isBlank { continue }
            let indent = o.dashIndent ?? o.indent
            close(above: indent)
            if o.key != nil || o.dashIndent != nil { open.append((l, indent)) }
            lastContent = l
        }
        close(above: 0)
        return ranges.sorted { ($0["startLine"]?.intValue ?? 0) < ($1["startLine"]?.intValue ?? 0) }
    }
}
