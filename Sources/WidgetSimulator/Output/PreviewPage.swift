import WidgetDiagnostics
import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// `widgetc preview`'s page: one self-contained, deterministic HTML file (inline CSS and SVG,
/// no script, no network, no font file) drawn from the same reloads `widgetc run` prints
/// (docs/preview.md). It is XHTML-compatible: every element closed, every attribute quoted,
/// every text escaped.
package struct PreviewPage {
    /// One widget instance in one family: its run's reloads and summary.
    package struct FamilyRun {
        package var family: WidgetFamily
        package var reloads: [Reload]
        package var summary: RunSummary
        /// Each reload's entries' render trees (docs/render-tree.md), in their order; empty for a
        /// widget without a view.
        package var views: [[JSONValue?]]
        package init(family: WidgetFamily, reloads: [Reload], summary: RunSummary, views: [[JSONValue?]] = []) {
            self.family = family
            self.reloads = reloads
            self.summary = summary
            self.views = views
        }
    }

    /// One widget: what the header says and its runs, one per family.
    package struct Widget {
        package var header: RunHeader
        package var displayName: String
        /// The scenario's events (writes and app reloads are marked on the axis).
        package var scenario: Scenario
        package var runs: [FamilyRun]
        /// The app group container, whose image files a face embeds; nil draws them as placeholders.
        package var container: Container?
        package init(header: RunHeader, displayName: String, scenario: Scenario, runs: [FamilyRun], container: Container? = nil) {
            self.header = header
            self.displayName = displayName
            self.scenario = scenario
            self.runs = runs
            self.container = container
        }
    }

    /// More distinct entries than this in a family collapse to the distinct contents, with a count.
    package static let entryLimit = 200
    /// Windows this long or longer are drawn as a calendar of days too.
    package static let calendarThreshold: Int64 = 7 * 86_400
    /// Reload marks beyond this count on one axis lose their text labels (they keep a hover title).
    static let labelLimit = 40

    /// The accented rendering's tint when `--accented` names none (the system's orange).
    package static let defaultTint = "#FF9F0A"

    package var widgets: [Widget]
    /// The device class whose point sizes the faces are drawn in (`--device`).
    package var device: DeviceClass
    /// The tint of the accented rendering, drawn only when asked (`--accented`).
    package var tint: String?

    /// The fleet's load (`preview --devices N`), drawn after the widgets; nil: none.
    package var fleet: FleetChart?

    package init(widgets: [Widget], device: DeviceClass = .standard, tint: String? = nil, fleet: FleetChart? = nil) {
        self.fleet = fleet
        self.widgets = widgets
        self.device = device
        self.tint = tint
    }

    /// The renderings a family's faces are drawn in: light and dark, the Lock Screen's vibrant
    /// one for accessory families, the accented one when asked.
    package func appearances(of family: WidgetFamily) -> [FaceRenderer.Appearance] {
        var all: [FaceRenderer.Appearance] = [.light, .dark]
        if family.rawValue.hasPrefix("accessory") { all.append(.vibrant) }
        if tint != nil { all.append(.accented) }
        return all
    }

    /// The page's bytes (UTF-8).
    package func html() -> String {
        var s = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
        s += "<meta charset=\"utf-8\"/>\n<meta name=\"color-scheme\" content=\"light dark\"/>\n"
        s += "<title>" + Self.escape(widgets.map(\.displayName).joined(separator: ", ")) + " — widgetc preview</title>\n"
        s += "<style>\n" + Self.css + "</style>\n</head>\n<body>\n"
        for w in widgets { s += section(w) }
        if let fleet { s += fleet.html() }
        s += "</body>\n</html>\n"
        return s
    }

    // MARK: Escaping

    /// Text for an element's content or a quoted attribute: `& < > " '` as references,
    /// control characters (C0 but tab and newline, DEL, C1) as a visible `\u{…}`.
    package static func escape(_ text: String) -> String {
        XMLText.escaped(text, controls: .shown)
    }

    /// A content value as a label shows it (the generated glue's `entry.text`): a string as
    /// itself, null as nothing, anything else as compact JSON.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): s
        case .null: ""
        default: JSONWriter.string(value)
        }
    }

    // MARK: Time

    private struct Clock {
        let zone: any UTCOffsetSource
        func iso(_ t: Instant) -> String { t.iso8601(offset: zone.utcOffset(at: t)) }
        /// `08:05` (with seconds when they are not zero).
        func time(_ t: Instant) -> String {
            let iso = Array(iso(t))
            let seconds = String(iso[17..<19])
            return String(iso[11..<16]) + (seconds == "00" ? "" : ":" + seconds)
        }
        func date(_ t: Instant) -> String { String(iso(t).prefix(10)) }
        /// Local days since the epoch.
        func day(_ t: Instant) -> Int64 {
            let local = t.seconds + Int64(zone.utcOffset(at: t))
            return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        }
    }

    // MARK: A widget

    private func section(_ w: Widget) -> String {
        let h = w.header
        let clock = Clock(zone: h.zone)
        var s = "<section class=\"widget\">\n<header>\n"
        s += "<h1>" + Self.escape(w.displayName) + "</h1>\n"
        s += "<p class=\"kind\"><code>" + Self.escape(h.kind) + "</code> <span class=\"file\">" + Self.escape(h.file) + "</span></p>\n"
        s += "<dl>\n"
        s += "<dt>zone</dt><dd>" + Self.escape(h.timeZone) + "</dd>\n"
        s += "<dt>window</dt><dd><time datetime=\"\(clock.iso(h.from))\">\(clock.iso(h.from))</time> to <time datetime=\"\(clock.iso(h.until))\">\(clock.iso(h.until))</time></dd>\n"
        s += "<dt>context</dt><dd>" + h.context.rawValue + "</dd>\n"
        if let locale = h.locale { s += "<dt>locale</dt><dd>" + Self.escape(locale) + "</dd>\n" }
        s += "<dt>parameters</dt><dd>"
        if h.parameters.isEmpty {
            s += "none"
        } else {
            s += h.parameters.map { "<code>" + Self.escape($0.key + "=" + JSONWriter.string($0.value)) + "</code>" }.joined(separator: " ")
        }
        s += "</dd>\n</dl>\n</header>\n"
        for run in w.runs { s += familySection(run, widget: w, clock: clock) }
        s += "</section>\n"
        return s
    }

    // MARK: A family: cards, then the axis

    /// One distinct entry (or, collapsed, one distinct content) and when it shows.
    struct Card {
        var date: Instant
        var content: JSONObject
        var url: String?
        /// The entry's render tree (widgets with a `view`).
        var view: JSONValue?
        var count: Int
    }

    /// The distinct entries of the run, by date (an entry repeated by a later reload is one card);
    /// more than `entryLimit` collapse to what the cards show, each with its count and first date:
    /// the distinct faces (render tree and URL) of a widget with a view, else the distinct contents.
    static func cards(_ run: FamilyRun) -> (cards: [Card], collapsed: Bool) {
        var cards: [Card] = []
        var seen: [Instant: [Int]] = [:]
        for (r, reload) in run.reloads.enumerated() {
            for (i, e) in reload.timeline.entries.enumerated() {
                let view = r < run.views.count && i < run.views[r].count ? run.views[r][i] : nil
                if let same = seen[e.date], same.contains(where: { JSONValue.object(cards[$0].content) == .object(e.content) && cards[$0].url == e.url && cards[$0].view == view }) { continue }
                seen[e.date, default: []].append(cards.count)
                cards.append(Card(date: e.date, content: e.content, url: e.url, view: view, count: 1))
            }
        }
        // Stable: equal dates keep the order the reloads gave them.
        cards = cards.enumerated().sorted { $0.element.date != $1.element.date ? $0.element.date < $1.element.date : $0.offset < $1.offset }.map(\.element)
        guard cards.count > entryLimit else { return (cards, false) }
        var distinct: [Card] = []
        var index: [String: Int] = [:]
        for c in cards {
            // A face shows its tree, not the content: the stocks example's sessions differ only in a
            // field its faces leave out (a year's page: 3.9 MB with a card per session, 1.4 MB by face).
            let shown = c.view.map { JSONWriter.string($0) } ?? JSONWriter.string(.object(c.content))
            let key = shown + "\u{0}" + (c.url ?? "")
            if let i = index[key] {
                distinct[i].count += 1
            } else {
                index[key] = distinct.count
                distinct.append(c)
            }
        }
        return (distinct, true)
    }

    private func familySection(_ run: FamilyRun, widget w: Widget, clock: Clock) -> String {
        let (width, height) = device.size(of: run.family)
        let (cards, collapsed) = Self.cards(run)
        let multiDay = clock.day(w.header.from) != clock.day(w.header.until - 1)
        let faces = FaceRenderer(
            family: run.family, width: width, height: height, dates: FaceDates(zone: clock.zone, locale: w.header.locale),
            container: w.container, tint: tint.map(FaceRenderer.hex) ?? Self.defaultTint)
        // Each card's drawing; within the limit, consecutive entries drawn alike (a face's live dates
        // read at each entry's date) are one card with their count, as a year's collapse counts.
        var drawn: [(card: Card, body: String, last: Instant)] = []
        for card in cards {
            let body = card.view == nil
                ? cardBody(card, family: run.family, width: width, height: height)
                : faceBody(card, faces: faces)
            if !collapsed, let previous = drawn.last, previous.card.url == card.url, previous.body == body {
                drawn[drawn.count - 1].card.count += card.count
                drawn[drawn.count - 1].last = card.date
                continue
            }
            drawn.append((card, body, card.date))
        }
        var s = "<section class=\"family\" id=\"" + run.family.rawValue + "\">\n"
        s += "<h2>" + run.family.rawValue + " <span class=\"size\">\(FaceRenderer.number(width))×\(FaceRenderer.number(height)) pt, \(device.rawValue) (\(device.screen) pt screen)</span></h2>\n"
        let total = cards.reduce(0) { $0 + $1.count }
        s += "<p class=\"note\">"
        if collapsed {
            s += "\(total) entries, more than \(Self.entryLimit): one card per distinct \(cards.first?.view == nil ? "content" : "face"), with its first time and count"
        } else {
            s += "\(total) \(total == 1 ? "entry" : "entries")"
            if drawn.count < total { s += " in \(drawn.count) \(drawn.count == 1 ? "card" : "cards"): consecutive entries that show the same are one card, with its first time and count" }
        }
        s += "; \(run.summary.reloadCount) \(run.summary.reloadCount == 1 ? "reload" : "reloads"); budget \(run.summary.budgetUsed) counted, limit \(run.summary.budgetLimit) per 24 h.</p>\n"
        s += "<div class=\"strip\">\n"
        for (card, body, last) in drawn {
            s += figure(card, body: body, last: last, clock: clock, multiDay: multiDay, collapsed: collapsed)
        }
        if cards.isEmpty { s += "<p class=\"note\">No entries.</p>\n" }
        s += "</div>\n"
        s += axis(run, widget: w, clock: clock)
        if w.header.until - w.header.from >= Self.calendarThreshold { s += calendar(run, widget: w, clock: clock) }
        for warning in run.summary.warnings {
            s += "<p class=\"warning\">warning: "
            if let at = warning.at { s += Self.escape(clock.iso(at)) + ": " }
            s += Self.escape(warning.message) + " [" + Self.escape(warning.code) + "]</p>\n"
        }
        s += "</section>\n"
        return s
    }

    /// A card: its drawing, its (first) time, and its count when it stands for more than one
    /// entry (collapsed: always). A merged card's count says until when it shows.
    private func figure(_ card: Card, body: String, last: Instant, clock: Clock, multiDay: Bool, collapsed: Bool) -> String {
        var s = "<figure class=\"card\""
        if let url = card.url { s += " title=\"" + Self.escape(url) + "\"" }
        s += " data-date=\"" + clock.iso(card.date) + "\">\n" + body
        s += "\n<figcaption><time datetime=\"" + clock.iso(card.date) + "\">"
        s += (multiDay ? clock.date(card.date) + " " : "") + clock.time(card.date) + "</time>"
        if collapsed {
            s += " <span class=\"count\">×\(card.count)</span>"
        } else if card.count > 1 {
            let until = (multiDay ? clock.date(last) + " " : "") + clock.time(last)
            s += " <span class=\"count\" title=\"\(card.count) consecutive entries, the last at \(until)\">×\(card.count)</span>"
        }
        s += "</figcaption>\n</figure>\n"
        return s
    }

    /// The drawing of a card of a widget with a `view`: the entry's render tree in each appearance.
    private func faceBody(_ card: Card, faces: FaceRenderer) -> String {
        var s = "<div class=\"faces\">"
        for appearance in appearances(of: faces.family) {
            s += "<div class=\"appearance" + (appearance == .vibrant ? " lock" : "") + "\">" + faces.face(card.view ?? .null, now: card.date, appearance: appearance, url: card.url)
            s += "<span class=\"mode\">" + appearance.rawValue + "</span></div>"
        }
        return s + "</div>"
    }

    /// The drawing of a card laid out as the generated default view: a leading VStack, the first
    /// value large (`.headline`), the others small (`.caption`).
    private func cardBody(_ card: Card, family: WidgetFamily, width: Double, height: Double) -> String {
        let shape = family.rawValue.hasPrefix("accessory") ? " accessory " + family.rawValue : ""
        var s = "<div class=\"face\(shape)\" style=\"width:\(FaceRenderer.number(Double(width)))px;height:\(FaceRenderer.number(Double(height)))px\">"
        let values = card.content.map { Self.text($0.value) }
        if family == .accessoryInline {
            // An inline widget is one line of text: the first value.
            s += "<span class=\"v1\">" + Self.escape(values.first ?? "") + "</span>"
        } else {
            for (i, v) in values.enumerated() {
                s += i == 0 ? "<span class=\"v1\">" : "<span class=\"v2\">"
                s += Self.escape(v) + "</span>"
            }
        }
        return s + "</div>"
    }

    // MARK: The time axis

    /// A reload's cause as the page labels it: the run object's reason, or `foreground` for an
    /// uncounted reload in a foreground window.
    static func cause(_ r: Reload) -> String { r.counted || r.reason.isImmediate ? r.reason.rawValue : "foreground" }

    private static func number(_ x: Double) -> String {
        let scaled = (x * 10).rounded()
        let whole = Int(scaled) / 10, tenth = abs(Int(scaled) % 10)
        return tenth == 0 ? String(Int(scaled) / 10) : (scaled < 0 && whole == 0 ? "-0" : String(whole)) + "." + String(tenth)
    }

    private func axis(_ run: FamilyRun, widget w: Widget, clock: Clock) -> String {
        let from = w.header.from, until = w.header.until
        let span = Double(max(until - from, 1))
        let left = 40.0, right = 20.0, width = 960.0
        let plot = width - left - right
        func x(_ t: Instant) -> Double { left + plot * Double(min(max(t - from, 0), until - from)) / span }
        let labels = run.reloads.count <= Self.labelLimit
        let limit = run.summary.budgetLimit
        let top = max(limit, run.summary.budgetUsed, 1)
        // Lanes: labels 0–70, reload marks at 84, entry ticks 100–112, the hours 126, budget 150–250.
        let budgetTop = 150.0, budgetBottom = 250.0
        func y(_ n: Int) -> Double { budgetBottom - (budgetBottom - budgetTop) * Double(n) / Double(top) }
        var s = "<figure class=\"axis\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 960 270\" width=\"960\" height=\"270\" role=\"img\">\n"
        s += "<title>" + Self.escape("\(run.family.rawValue): \(run.reloads.count) reloads, budget \(run.summary.budgetUsed) of \(limit)") + "</title>\n"
        // The window's line and its hour (or day) grid.
        s += "<line class=\"base\" x1=\"\(Self.number(left))\" y1=\"106\" x2=\"\(Self.number(left + plot))\" y2=\"106\"/>\n"
        let step: Int64 = span <= 2 * 86_400 ? (span <= 12 * 3600 ? 3600 : 3 * 3600) : 86_400
        var grid = from.seconds - from.seconds % step + (from.seconds % step == 0 ? 0 : step)
        var gridCount = 0
        // At most about twelve labels along the axis.
        let labelEvery = max((Int(span / Double(step)) + 11) / 12, 1)
        while grid < until.seconds, gridCount < 400 {
            let t = Instant(seconds: grid)
            let gx = Self.number(x(t))
            s += "<line class=\"grid\" x1=\"\(gx)\" y1=\"96\" x2=\"\(gx)\" y2=\"\(Self.number(budgetBottom))\"/>"
            if gridCount % labelEvery == 0 {
                s += "<text class=\"hour\" x=\"\(gx)\" y=\"128\">" + (step == 86_400 ? String(clock.date(t).suffix(5)) : clock.time(t)) + "</text>"
            }
            s += "\n"
            grid += step
            gridCount += 1
        }
        // Entries: ticks.
        var lastTick = ""
        for reload in run.reloads {
            for e in reload.timeline.entries where e.date >= from && e.date < until {
                let ex = Self.number(x(e.date))
                if ex == lastTick { continue }
                lastTick = ex
                s += "<line class=\"entry\" x1=\"\(ex)\" y1=\"100\" x2=\"\(ex)\" y2=\"112\"><title>entry " + clock.iso(e.date) + "</title></line>\n"
            }
        }
        // Scenario events: writes and the app's reloads, as small diamonds.
        for event in w.scenario.events {
            let what: String, at: Instant
            switch event {
            case let .write(t, path, _): (what, at) = ("write " + path, t)
            case let .reload(t, _, _): (what, at) = ("WidgetCenter reload", t)
            case let .push(t, kind): (what, at) = ("push for " + kind, t)
            case let .system(t, change, value): (what, at) = (change.rawValue + " changes to " + value, t)
            case let .tap(t, tap):
                // A tap: its own mark (a triangle pointing at the axis), the intent and its arguments in its title.
                guard t >= from, t < until else { continue }
                let call = tap.intent.name + "(" + tap.arguments.map { "\($0.key): \(JSONWriter.string($0.value))" }.joined(separator: ", ") + ")"
                s += "<path class=\"tap\" d=\"M\(Self.number(x(t))) 96l-5-9h10z\"><title>" + Self.escape("tap " + call + " on " + tap.kind + " at " + clock.iso(t)) + "</title></path>\n"
                continue
            case let .foreground(f, u):
                guard u > from, f < until else { continue }
                s += "<rect class=\"fg\" x=\"\(Self.number(x(f)))\" y=\"76\" width=\"\(Self.number(max(x(u) - x(f), 1)))\" height=\"16\"><title>" + Self.escape("foreground " + clock.iso(f) + " to " + clock.iso(u)) + "</title></rect>\n"
                continue
            default: continue
            }
            guard at >= from, at < until else { continue }
            let sx = x(at)
            s += "<path class=\"scenario\" d=\"M\(Self.number(sx)) 88l4 4-4 4-4-4z\"><title>" + Self.escape("scenario: " + what + " at " + clock.iso(at)) + "</title></path>\n"
        }
        // Reloads: marks by cause; deferred ones in their own colour, a dashed line from when they were due.
        for (i, r) in run.reloads.enumerated() {
            let cause = Self.cause(r)
            let rx = x(r.at)
            var title = cause + " reload at " + clock.iso(r.at)
            if let count = r.budgetWindowCount { title += ", \(count)/\(limit) in 24 h" }
            if let d = r.deferredFrom {
                title += ", deferred from " + clock.iso(d)
                s += "<line class=\"deferral\" x1=\"\(Self.number(x(d)))\" y1=\"84\" x2=\"\(Self.number(rx))\" y2=\"84\"/>\n"
            }
            let kind = r.deferredFrom != nil ? "deferred" : cause
            s += "<circle class=\"mark \(kind)\" cx=\"\(Self.number(rx))\" cy=\"84\" r=\"5\"><title>" + Self.escape(title) + "</title></circle>\n"
            if labels {
                let label = r.deferredFrom.map { cause + " (due " + clock.time($0) + ")" } ?? cause
                let ly = 70 - (i % 3) * 22
                s += "<text class=\"label \(kind)\" x=\"\(Self.number(rx))\" y=\"\(ly)\">" + Self.escape(label) + "</text>\n"
            }
        }
        // The budget: counted reloads so far (a step line), against the limit per 24 h.
        s += "<line class=\"limit\" x1=\"\(Self.number(left))\" y1=\"\(Self.number(y(limit)))\" x2=\"\(Self.number(left + plot))\" y2=\"\(Self.number(y(limit)))\"/>"
        s += "<text class=\"axislabel\" x=\"\(Self.number(left - 4))\" y=\"\(Self.number(y(limit) + 4))\">\(limit)</text>"
        s += "<text class=\"axislabel\" x=\"\(Self.number(left - 4))\" y=\"\(Self.number(budgetBottom + 4))\">0</text>\n"
        var used = 0
        var points = "\(Self.number(left)),\(Self.number(y(0)))"
        for r in run.reloads where r.counted {
            let rx = Self.number(x(r.at))
            points += " \(rx),\(Self.number(y(used)))"
            used += 1
            points += " \(rx),\(Self.number(y(used)))"
        }
        points += " \(Self.number(left + plot)),\(Self.number(y(used)))"
        s += "<polyline class=\"budget\" data-used=\"\(used)\" data-limit=\"\(limit)\" points=\"\(points)\"><title>budget: \(used) counted reloads, limit \(limit) per 24 h</title></polyline>\n"
        s += "</svg>\n<figcaption>"
        s += "<span class=\"key initial\">initial</span> <span class=\"key atEnd\">atEnd</span> <span class=\"key after\">after</span> "
        s += "<span class=\"key reload\">reload</span> <span class=\"key foreground\">foreground</span> "
        // Keys for pushes and system changes only where the run has them (other pages stay as they were).
        if run.reloads.contains(where: { $0.reason == .push }) { s += "<span class=\"key push\">push</span> " }
        if run.reloads.contains(where: { $0.reason == .interaction }) { s += "<span class=\"key interaction\">interaction (a tap; not counted)</span> " }
        if w.scenario.events.contains(where: { if case .tap = $0 { true } else { false } }) { s += "<span class=\"key tap\">tap</span> " }
        if run.reloads.contains(where: \.reason.isSystemChange) { s += "<span class=\"key system\">system change (locale, dynamicType, appearance; not counted)</span> " }
        s += "<span class=\"key deferred\">deferred (due time in brackets)</span> <span class=\"key scenario\">scenario event</span> "
        s += "<span class=\"key entry\">entry</span> <span class=\"key budget\">budget used \(run.summary.budgetUsed), limit \(limit) per 24 h</span>"
        s += "</figcaption>\n</figure>\n"
        return s
    }

    // MARK: The calendar (long windows)

    private func calendar(_ run: FamilyRun, widget w: Widget, clock: Clock) -> String {
        let firstDay = clock.day(w.header.from), lastDay = clock.day(w.header.until - 1)
        var byDay: [Int64: [Reload]] = [:]
        for r in run.reloads { byDay[clock.day(r.at), default: []].append(r) }
        var s = "<div class=\"calendar\">\n"
        // Monday-first weeks: pad the first row.
        let weekday = Int(((firstDay % 7) + 7 + 3) % 7)  // 1970-01-01 was a Thursday (3 after Monday)
        for _ in 0..<weekday { s += "<div class=\"day blank\"></div>\n" }
        var day = firstDay
        while day <= lastDay {
            let reloads = byDay[day] ?? []
            let noon = Instant(seconds: day * 86_400 + 43_200)
            let date = String(Instant(seconds: noon.seconds - Int64(clock.zone.utcOffset(at: noon))).iso8601(offset: 0).prefix(10))
            let counted = reloads.filter(\.counted).count
            s += "<div class=\"day\"><div class=\"date\">" + date + "</div>"
            s += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 104 16\" width=\"104\" height=\"16\"><rect class=\"bar\" x=\"0\" y=\"0\" width=\"104\" height=\"16\"/>"
            for r in reloads {
                let local = r.at.seconds + Int64(clock.zone.utcOffset(at: r.at)) - day * 86_400
                let rx = Self.number(104 * Double(local) / 86_400)
                let kind = r.deferredFrom != nil ? "deferred" : Self.cause(r)
                s += "<line class=\"tick \(kind)\" x1=\"\(rx)\" y1=\"1\" x2=\"\(rx)\" y2=\"15\"><title>" + Self.escape(Self.cause(r) + " " + clock.iso(r.at)) + "</title></line>"
            }
            s += "</svg><div class=\"n\">\(reloads.count) \(reloads.count == 1 ? "reload" : "reloads")" + (counted == reloads.count ? "" : ", \(counted) counted") + "</div></div>\n"
            day += 1
        }
        s += "</div>\n"
        return s
    }

    // MARK: Style

    package static let css = """
        :root { color-scheme: light dark; --bg: #f2f2f7; --fg: #1c1c1e; --muted: #6e6e73; --card: #ffffff; --line: #c7c7cc;
          --initial: #007aff; --atEnd: #34c759; --after: #5856d6; --reload: #ff2d55; --foreground: #30b0c7; --deferred: #ff9500;
          --scenario: #8e8e93; --accessory: #d1d1d6; --push: #af52de; --system: #a2845e; --interaction: #ff2d55; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #000000; --fg: #f2f2f7; --muted: #98989d; --card: #1c1c1e; --line: #3a3a3c;
            --initial: #0a84ff; --atEnd: #30d158; --after: #7d7aff; --reload: #ff375f; --foreground: #40c8e0; --deferred: #ff9f0a;
            --scenario: #98989d; --accessory: #3a3a3c; --push: #bf5af2; --system: #ac8e68; --interaction: #ff375f; }
        }
        body { margin: 24px; background: var(--bg); color: var(--fg); font: 14px/1.35 -apple-system, system-ui, "Helvetica Neue", Arial, sans-serif; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 24px 0 8px; }
        .size, .file, .note, figcaption, dt { color: var(--muted); }
        .note { margin: 0 0 8px; font-size: 12px; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
        dd { margin: 0; }
        code { font-family: ui-monospace, Menlo, "DejaVu Sans Mono", monospace; font-size: 12px; }
        .strip { display: flex; gap: 16px; overflow-x: auto; padding: 4px 2px 12px; align-items: flex-start; }
        .card { margin: 0; flex: none; text-align: center; }
        .face { box-sizing: border-box; background: var(--card); border-radius: 22px; padding: 16px; overflow: hidden;
          display: flex; flex-direction: column; align-items: flex-start; gap: 4px; text-align: left; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
        .face.accessory { background: var(--accessory); box-shadow: none; padding: 8px 10px; border-radius: 12px; }
        .face.accessoryCircular:not(.view) { border-radius: 50%; align-items: center; justify-content: center; text-align: center; padding: 8px; }
        .face.accessoryInline:not(.view) { background: none; border-radius: 0; padding: 2px 0; flex-direction: row; }
        .face:not(.view) span { display: block; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: pre-wrap; overflow-wrap: anywhere; }
        .v1 { font-size: 17px; font-weight: 600; }
        .v2 { font-size: 12px; color: var(--muted); }
        .accessory .v1 { font-size: 13px; } .accessory .v2 { font-size: 11px; }
        .accessoryInline .v1 { white-space: nowrap; }
        figcaption { font-size: 12px; margin-top: 4px; }
        .count { font-weight: 600; }
        .axis { margin: 8px 0 0; }
        .axis svg { max-width: 100%; height: auto; display: block; }
        svg text { font-size: 10px; fill: var(--fg); font-family: -apple-system, system-ui, Arial, sans-serif; }
        .base { stroke: var(--fg); stroke-width: 1; }
        rect.load { fill: var(--after); }
        text.peak { fill: var(--reload); text-anchor: middle; font-weight: 600; }
        .peaks { font-size: 12px; margin: 4px 0 0; padding-left: 20px; }
        .grid { stroke: var(--line); stroke-width: 0.5; }
        text.hour { fill: var(--muted); text-anchor: middle; }
        text.axislabel { fill: var(--muted); text-anchor: end; }
        text.label { text-anchor: middle; }
        .entry { stroke: var(--fg); stroke-width: 1; }
        .mark { stroke: var(--card); stroke-width: 1; }
        .fg { fill: var(--foreground); opacity: 0.2; }
        .scenario { fill: var(--scenario); }
        .deferral { stroke: var(--deferred); stroke-width: 1.5; stroke-dasharray: 3 2; }
        .limit { stroke: var(--reload); stroke-width: 1; stroke-dasharray: 4 3; }
        .budget { fill: none; stroke: var(--initial); stroke-width: 2; }
        circle.initial, .tick.initial { fill: var(--initial); stroke: var(--initial); } text.initial { fill: var(--initial); }
        circle.atEnd, .tick.atEnd { fill: var(--atEnd); stroke: var(--atEnd); } text.atEnd { fill: var(--atEnd); }
        circle.after, .tick.after { fill: var(--after); stroke: var(--after); } text.after { fill: var(--after); }
        circle.reload, .tick.reload { fill: var(--reload); stroke: var(--reload); } text.reload { fill: var(--reload); }
        circle.foreground, .tick.foreground { fill: var(--foreground); stroke: var(--foreground); } text.foreground { fill: var(--foreground); }
        circle.deferred, .tick.deferred { fill: var(--deferred); stroke: var(--deferred); } text.deferred { fill: var(--deferred); }
        circle.push, .tick.push { fill: var(--push); stroke: var(--push); } text.push { fill: var(--push); }
        circle.locale, .tick.locale, circle.dynamicType, .tick.dynamicType, circle.appearance, .tick.appearance { fill: var(--system); stroke: var(--system); }
        text.locale, text.dynamicType, text.appearance { fill: var(--system); }
        .key.push::before { background: var(--push); } .key.system::before { background: var(--system); }
        circle.interaction, .tick.interaction { fill: var(--interaction); stroke: var(--interaction); } text.interaction { fill: var(--interaction); }
        path.tap { fill: var(--interaction); } .key.interaction::before { background: var(--interaction); }
        .key.tap::before { background: var(--interaction); border-radius: 0; clip-path: polygon(0 0, 100% 0, 50% 100%); }
        .key::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin: 0 4px 0 8px; vertical-align: -1px; }
        .key.initial::before { background: var(--initial); } .key.atEnd::before { background: var(--atEnd); }
        .key.after::before { background: var(--after); } .key.reload::before { background: var(--reload); }
        .key.foreground::before { background: var(--foreground); } .key.deferred::before { background: var(--deferred); }
        .key.scenario::before { background: var(--scenario); border-radius: 0; transform: rotate(45deg) scale(.7); }
        .key.entry::before { background: var(--fg); width: 1px; border-radius: 0; }
        .key.budget::before { background: var(--initial); height: 2px; border-radius: 0; vertical-align: 3px; }
        .calendar { display: grid; grid-template-columns: repeat(7, 120px); gap: 6px; margin: 12px 0; }
        .day { background: var(--card); border-radius: 8px; padding: 6px 8px; font-size: 11px; }
        .day.blank { background: none; }
        .day .date { color: var(--muted); }
        .day .bar { fill: var(--bg); }
        .day .tick { stroke-width: 1.5; }
        .warning { color: var(--deferred); font-size: 12px; margin: 4px 0; }
        .faces { display: flex; gap: 10px; align-items: flex-end; }
        .appearance { display: flex; flex-direction: column; align-items: center; gap: 2px; }
        .mode { font-size: 10px; color: var(--muted); }
        .face.view { position: relative; padding: 0; display: block; gap: 0; flex: none; box-shadow: 0 1px 3px rgba(0,0,0,.2);
          font: 17px/1.2 -apple-system, system-ui, "Helvetica Neue", Arial, sans-serif; }
        .face.view.light { background: #FFFFFF; color: #000000; }
        .face.view.dark { background: #1C1C1E; color: #FFFFFF; }
        .face.view.accented { background: #1C1C1E; color: rgba(255,255,255,.85); }
        .face.view.vibrant { background: none; color: #FFFFFF; box-shadow: none; }
        .face.view.accessoryCircular, .face.view.accessoryRectangular, .face.view.accessoryInline { font-size: 15px; }
        .face.view.accessoryCircular { border-radius: 50%; }
        .face.view.accessoryRectangular { border-radius: 12px; }
        .face.view.accessoryInline { border-radius: 4px; box-shadow: none; }
        .face.view.vibrant.accessoryCircular, .face.view.vibrant.accessoryRectangular { background: rgba(255,255,255,.16); }
        .appearance.lock { background: linear-gradient(160deg, #2B3A67, #4B2E5C); padding: 8px 8px 2px; border-radius: 12px; }
        .appearance.lock .mode { color: rgba(255,255,255,.75); }
        .face.view .content { position: absolute; display: flex; flex-direction: column; align-items: center; justify-content: center; }
        .face.view .content > * { flex-shrink: 0 !important; }
        .face.view.accessoryInline .content { flex-direction: row; white-space: nowrap; overflow: hidden; }
        .face.view .n { box-sizing: border-box; min-width: 0; min-height: 0; max-width: 100%; }
        .face.view .vstack, .face.view .hstack { display: flex; }
        .face.view .vstack { flex-direction: column; }
        .face.view .hstack { flex-direction: row; }
        .face.view .zstack { display: grid; }
        .face.view .zstack > * { grid-area: 1 / 1; }
        .face.view .text, .face.view .date, .face.view .timer { display: block; overflow-wrap: break-word; white-space: pre-wrap; }
        .face.view .symbol { display: inline-flex; align-items: center; justify-content: center; width: 1.3em; height: 1.2em; box-sizing: border-box;
          border: max(1px, .06em) solid currentColor; border-radius: .25em; opacity: .9; overflow: hidden; flex: none; }
        .face.view .symbol .sname { font: 600 max(5px, .27em)/1.05 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; letter-spacing: -.03em;
          word-break: break-all; text-align: center; padding: 0 1px; }
        .face.view .image { display: flex; align-items: center; justify-content: center; overflow: hidden; min-width: 16px; min-height: 16px;
          background: repeating-linear-gradient(45deg, rgba(142,142,147,.28) 0 6px, rgba(142,142,147,.14) 6px 12px); }
        .face.view .image img { width: 100%; height: 100%; display: block; }
        .face.view .image:has(img) { background: none; }
        .face.view .iname { font: 600 9px/1.1 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; opacity: .75; padding: 2px; text-align: center; overflow-wrap: anywhere; }
        .face.view .gauge, .face.view .progress { display: flex; flex-direction: column; gap: 3px; align-self: stretch; align-items: stretch; }
        .face.view .gauge.accessoryCircular, .face.view .gauge.accessoryCircularCapacity { align-self: center; align-items: center; }
        .face.view .glabels { display: flex; justify-content: space-between; gap: 6px; font-size: 12px; }
        .face.view .bar { display: block; height: 6px; border-radius: 3px; overflow: hidden; }
        .face.view .bar > span { display: block; height: 100%; border-radius: 3px; }
        .face.view .chart { display: flex; flex-direction: column; gap: 2px; min-height: 40px; font-size: 9px; align-self: stretch; }
        .face.view .cplot { flex: 1 1 0; display: flex; gap: 3px; min-height: 24px; }
        .face.view .cplot svg.plot { flex: 1 1 0; width: 100%; height: 100%; min-width: 0; overflow: visible; }
        .face.view .yaxis { display: flex; flex-direction: column; justify-content: space-between; opacity: .6; font-variant-numeric: tabular-nums; }
        .face.view .xaxis { display: flex; margin-right: 16px; opacity: .6; }
        .face.view .xaxis > span { flex: 1 1 0; text-align: center; white-space: nowrap; overflow: hidden; }
        .face.view .xaxis.line { position: relative; display: block; height: 1.2em; }
        .face.view .xaxis.line > span { position: absolute; transform: translateX(-50%); overflow: visible; }
        .face.view .legend { display: flex; flex-wrap: wrap; gap: 6px; opacity: .8; }
        .face.view .legend i { display: inline-block; width: 7px; height: 7px; border-radius: 4px; margin-right: 3px; }
        .face.view svg text { fill: currentColor; font-family: -apple-system, system-ui, "Helvetica Neue", Arial, sans-serif; }
        .face.view svg text.gv { font-size: 24px; font-weight: 600; text-anchor: middle; dominant-baseline: central; }
        .face.view svg text.gl { font-size: 15px; text-anchor: middle; dominant-baseline: central; }

        """
}
