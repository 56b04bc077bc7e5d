import WidgetSupport
import WidgetcRuntimeCore
import WidgetTime

/// Writes runs in one of the output formats, streaming: each reload is written
/// as it arrives and bytes go to `output` in chunks, so memory stays flat.
///
/// Use: `begin(header)`, then pass the writer as the run's sink, then
/// `end(summary)`; after the last run, `finish()`.
package struct RunWriter: ReloadSink {
    package let format: RunOutputFormat
    /// JSON only: the runs go in one array (several widgets) instead of one object.
    package let arrayOfRuns: Bool
    private let flushThreshold: Int
    private let output: (UnsafeBufferPointer<UInt8>) -> Void
    private let out: OutputBuffer
    private let tables: TableWriting
    private var runs = 0
    private var budgetLimit = 70
    private var reloadsInRun = 0
    /// `run --view`: each entry's render tree, for the run being written (nil: none written).
    package var faces: RunFaces?
    /// Text only (`run --summary`): the reloads counted by reason instead of listed with their entries.
    package var summaryOnly = false
    private var reasonCounts = Array(repeating: 0, count: ReloadReason.summaryOrder.count)
    private var deferredInRun = 0
    private var entriesInRun = 0
    /// The run's taps, for the JSON run object's `taps` (few: written after the reloads).
    private var tapsInRun: [TapRecord] = []
    /// Pretty JSON: the run object's own indentation (two spaces inside an array).
    private var base: StaticString { arrayOfRuns ? "  " : "" }

    /// - Parameters:
    ///   - flushThreshold: bytes gathered before they are handed to `output`.
    ///   - output: receives the text in chunks, in order.
    package init(
        format: RunOutputFormat, arrayOfRuns: Bool = false, flushThreshold: Int = 1 << 16,
        output: @escaping ([UInt8]) -> Void
    ) {
        self.init(format: format, arrayOfRuns: arrayOfRuns, flushThreshold: flushThreshold, bytesOutput: { output(Array($0)) })
    }

    /// The same, but `bytesOutput` gets the buffer's bytes in place, valid only during the call.
    /// `run --out` writes them straight to its file: no array of 64 KB per chunk (3.2 GB of
    /// copies over 300 example widgets and 365 days).
    package init(
        format: RunOutputFormat, arrayOfRuns: Bool = false, flushThreshold: Int = 1 << 16,
        bytesOutput output: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.format = format
        self.arrayOfRuns = arrayOfRuns && format == .json
        self.flushThreshold = max(flushThreshold, 1)
        self.output = output
        self.out = OutputBuffer(capacity: self.flushThreshold + 4096)
        switch format {
        case .json: tables = TableWriting(flavor: .spaced)
        case .ndjson: tables = TableWriting(flavor: .compact)
        case .text: tables = TableWriting(flavor: .text)
        }
    }

    /// Starts a run's output.
    package mutating func begin(_ header: RunHeader) {
        out.zone = header.zone
        budgetLimit = header.budgetLimit
        reloadsInRun = 0
        reasonCounts = Array(repeating: 0, count: ReloadReason.summaryOrder.count)
        deferredInRun = 0
        entriesInRun = 0
        tapsInRun = []
        switch format {
        case .json: beginJSON(header)
        case .ndjson: beginNDJSON(header)
        case .text: beginText(header)
        }
        runs += 1
    }

    /// Writes one reload (and hands the buffered bytes on once there are enough).
    package mutating func receive(_ reload: Reload) {
        switch format {
        case .json: reloadJSON(reload)
        case .ndjson: reloadNDJSON(reload)
        case .text where summaryOnly:
            reasonCounts[ReloadReason.summaryOrder.firstIndex(of: reload.reason) ?? 0] += 1
            if reload.deferredFrom != nil { deferredInRun += 1 }
            entriesInRun += reload.timeline.entries.count
        case .text: reloadText(reload)
        }
        if let faces {
            if format == .text { faces.check(reload.timeline.table) }
            faces.endReload(at: reload.at)
        }
        reloadsInRun += 1
        if out.count >= flushThreshold { flush() }
    }

    /// A scenario tap: a line in text (at its place in time), the run object's `taps` in JSON.
    package mutating func receive(tap: TapRecord) {
        switch format {
        case .json, .ndjson: tapsInRun.append(tap)
        case .text where summaryOnly: break
        case .text: tapText(tap)
        }
        if out.count >= flushThreshold { flush() }
    }

    /// Ends a run's output with its budget and warnings.
    package mutating func end(_ summary: RunSummary) {
        var summary = summary
        if let faces { summary.warnings = faces.merged(into: summary.warnings) }
        switch format {
        case .json: endJSON(summary)
        case .ndjson: endNDJSON(summary)
        case .text: endText(summary)
        }
        if out.count >= flushThreshold { flush() }
    }

    /// Closes the output (the JSON array, if any) and hands over what is left.
    package mutating func finish() {
        if arrayOfRuns { runs == 0 ? out.ascii("[]\n") : out.ascii("\n]\n") }
        flush()
    }

    private func flush() {
        guard out.count > 0 else { return }
        output(out.contents)
        out.removeAll()
    }

    // MARK: JSON, laid out as the spec's example

    private func line(_ indent: StaticString) {
        out.line(base, indent)
    }

    private func beginJSON(_ h: RunHeader) {
        if arrayOfRuns { out.ascii(runs == 0 ? "[\n" : ",\n") }
        out.ascii(base)
        out.byte(UInt8(ascii: "{"))
        line("  "); out.ascii("\"kind\": "); out.string(h.kind); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"file\": "); out.string(h.file); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"family\": "); out.string(h.family.rawValue); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"context\": "); out.string(h.context.rawValue); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"timeZone\": "); out.string(h.timeZone); out.byte(UInt8(ascii: ","))
        if let locale = h.locale { line("  "); out.ascii("\"locale\": "); out.string(locale); out.byte(UInt8(ascii: ",")) }
        line("  "); out.ascii("\"from\": "); quotedInstant(h.from); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"until\": "); quotedInstant(h.until); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"parameters\": "); out.object(h.parameters, spaced: true); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"reloads\": [")
    }

    private func reloadJSON(_ r: Reload) {
        if reloadsInRun > 0 { out.byte(UInt8(ascii: ",")) }
        line("    "); out.byte(UInt8(ascii: "{"))
        line("      "); out.ascii("\"at\": "); quotedInstant(r.at); out.byte(UInt8(ascii: ","))
        line("      "); out.ascii("\"reason\": \""); out.ascii(r.reason.staticName); out.ascii("\",")
        line("      "); out.ascii(r.counted ? "\"counted\": true," : "\"counted\": false,")
        line("      "); out.ascii("\"deferredFrom\": ")
        if let d = r.deferredFrom { quotedInstant(d) } else { out.ascii("null") }
        out.byte(UInt8(ascii: ","))
        line("      "); out.ascii("\"entries\": [")
        let entries = entries
        tables.withView(r.timeline.table) { view in
            for i in 0..<view.count {
                if i > 0 { entries.out.byte(UInt8(ascii: ",")) }
                entries.out.line(entries.base, "        ")
                entries.json(view, i, spaced: true)
            }
        }
        if r.timeline.count > 0 { line("      ") }
        out.ascii("],")
        line("      "); out.ascii("\"policy\": "); policyJSON(r.timeline.policy, spaced: true)
        if let requests = r.requests {
            out.byte(UInt8(ascii: ","))
            line("      "); out.ascii("\"requests\": [")
            for (i, request) in requests.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                line("        ")
                requestJSON(request, spaced: true)
            }
            if !requests.isEmpty { line("      ") }
            out.byte(UInt8(ascii: "]"))
        }
        line("    "); out.byte(UInt8(ascii: "}"))
    }

    private func endJSON(_ s: RunSummary) {
        if reloadsInRun > 0 { line("  ") }
        out.ascii("],")
        if !tapsInRun.isEmpty {
            line("  "); out.ascii("\"taps\": [")
            for (i, tap) in tapsInRun.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                line("    ")
                tapJSON(tap, spaced: true)
            }
            line("  "); out.ascii("],")
        }
        line("  "); budgetJSON(s, spaced: true); out.byte(UInt8(ascii: ","))
        line("  "); out.ascii("\"warnings\": [")
        for (i, w) in s.warnings.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            line("    ")
            warningJSON(w, spaced: true)
        }
        if !s.warnings.isEmpty { line("  ") }
        out.byte(UInt8(ascii: "]"))
        line("")
        out.byte(UInt8(ascii: "}"))
        if !arrayOfRuns { out.byte(UInt8(ascii: "\n")) }
    }

    // MARK: NDJSON: the same object, compact, one line

    private func beginNDJSON(_ h: RunHeader) {
        out.ascii("{\"kind\":"); out.string(h.kind)
        out.ascii(",\"file\":"); out.string(h.file)
        out.ascii(",\"family\":"); out.string(h.family.rawValue)
        out.ascii(",\"context\":"); out.string(h.context.rawValue)
        out.ascii(",\"timeZone\":"); out.string(h.timeZone)
        if let locale = h.locale { out.ascii(",\"locale\":"); out.string(locale) }
        out.ascii(",\"from\":"); quotedInstant(h.from)
        out.ascii(",\"until\":"); quotedInstant(h.until)
        out.ascii(",\"parameters\":"); out.object(h.parameters, spaced: false)
        out.ascii(",\"reloads\":[")
    }

    private func reloadNDJSON(_ r: Reload) {
        if reloadsInRun > 0 { out.byte(UInt8(ascii: ",")) }
        out.ascii("{\"at\":"); quotedInstant(r.at)
        out.ascii(",\"reason\":\""); out.ascii(r.reason.staticName)
        out.ascii(r.counted ? "\",\"counted\":true" : "\",\"counted\":false")
        out.ascii(",\"deferredFrom\":")
        if let d = r.deferredFrom { quotedInstant(d) } else { out.ascii("null") }
        out.ascii(",\"entries\":[")
        let entries = entries
        tables.withView(r.timeline.table) { view in
            for i in 0..<view.count {
                if i > 0 { entries.out.byte(UInt8(ascii: ",")) }
                entries.json(view, i, spaced: false)
            }
        }
        out.ascii("],\"policy\":"); policyJSON(r.timeline.policy, spaced: false)
        if let requests = r.requests {
            out.ascii(",\"requests\":[")
            for (i, request) in requests.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                requestJSON(request, spaced: false)
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "}"))
    }

    private func endNDJSON(_ s: RunSummary) {
        out.ascii("],")
        if !tapsInRun.isEmpty {
            out.ascii("\"taps\":[")
            for (i, tap) in tapsInRun.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                tapJSON(tap, spaced: false)
            }
            out.ascii("],")
        }
        budgetJSON(s, spaced: false)
        out.ascii(",\"warnings\":[")
        for (i, w) in s.warnings.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            warningJSON(w, spaced: false)
        }
        out.ascii("]}\n")
    }

    // MARK: Shared JSON pieces

    private func quotedInstant(_ t: Instant) {
        out.quotedInstant(t)
    }

    /// What writing a reload's entries reads: their closure captures it and not the writer,
    /// whose copy cost 6 retain and release pairs a reload (callgrind, run300 over 30 days).
    private var entries: EntryWriting { EntryWriting(out: out, tables: tables, faces: faces, base: base) }

    private func policyJSON(_ p: ReloadPolicy, spaced: Bool) {
        out.ascii("{\"type\""); out.colon(spaced)
        switch p {
        case .atEnd: out.ascii("\"atEnd\"")
        case .never: out.ascii("\"never\"")
        case .after(let d):
            out.ascii("\"after\""); out.separator(spaced); out.ascii("\"date\""); out.colon(spaced); quotedInstant(d)
        }
        out.byte(UInt8(ascii: "}"))
    }

    private func budgetJSON(_ s: RunSummary, spaced: Bool) {
        out.ascii("\"budget\""); out.colon(spaced)
        out.ascii("{\"limit\""); out.colon(spaced); out.int(s.budgetLimit)
        out.separator(spaced); out.ascii("\"used\""); out.colon(spaced); out.int(s.budgetUsed)
        if let peak = s.maxIn24h {
            out.separator(spaced); out.ascii("\"maxIn24h\""); out.colon(spaced); out.int(peak)
        }
        if let requests = s.requests {
            out.separator(spaced); out.ascii("\"requests\""); out.colon(spaced); out.int(requests)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// One URL source's request: `{"source", "url", "method", "outcome", "status", "error"}`.
    private func requestJSON(_ r: NetworkRequest, spaced: Bool) {
        out.ascii("{\"source\""); out.colon(spaced); out.string(r.source)
        out.separator(spaced); out.ascii("\"url\""); out.colon(spaced); out.string(r.url)
        out.separator(spaced); out.ascii("\"method\""); out.colon(spaced); out.string(r.method)
        out.separator(spaced); out.ascii("\"outcome\""); out.colon(spaced); out.string(r.outcome.rawValue)
        out.separator(spaced); out.ascii("\"status\""); out.colon(spaced)
        if let status = r.status { out.int(status) } else { out.ascii("null") }
        out.separator(spaced); out.ascii("\"error\""); out.colon(spaced)
        if let error = r.error { out.string(error) } else { out.ascii("null") }
        out.byte(UInt8(ascii: "}"))
    }

    /// One tap: `{"at", "kind", "intent", "with", "changes": [{"file", "pointer", "old", "new"}],
    /// "reloads", "open", "reload"}` (and `"error"` when it was refused). `reload` is what it
    /// caused in this run: the tapped widget's immediate reload, a counted request, or null.
    private func tapJSON(_ t: TapRecord, spaced: Bool) {
        func value(_ v: JSONValue?) { if let v { out.json(v, spaced: spaced) } else { out.ascii("null") } }
        out.ascii("{\"at\""); out.colon(spaced); quotedInstant(t.at)
        out.separator(spaced); out.ascii("\"kind\""); out.colon(spaced); out.string(t.kind)
        out.separator(spaced); out.ascii("\"intent\""); out.colon(spaced); out.string(t.intent)
        out.separator(spaced); out.ascii("\"with\""); out.colon(spaced); out.object(t.arguments, spaced: spaced)
        out.separator(spaced); out.ascii("\"changes\""); out.colon(spaced); out.byte(UInt8(ascii: "["))
        for (i, c) in t.changes.enumerated() {
            if i > 0 { out.separator(spaced) }
            out.ascii("{\"file\""); out.colon(spaced); out.string(c.file)
            out.separator(spaced); out.ascii("\"pointer\""); out.colon(spaced); out.string(c.pointer)
            out.separator(spaced); out.ascii("\"old\""); out.colon(spaced); value(c.old)
            out.separator(spaced); out.ascii("\"new\""); out.colon(spaced); value(c.new)
            out.byte(UInt8(ascii: "}"))
        }
        out.byte(UInt8(ascii: "]"))
        out.separator(spaced); out.ascii("\"reloads\""); out.colon(spaced)
        out.json(.array(t.reloads.map(JSONValue.string)), spaced: spaced)
        out.separator(spaced); out.ascii("\"open\""); out.colon(spaced)
        if let open = t.open { out.string(open) } else { out.ascii("null") }
        out.separator(spaced); out.ascii("\"reload\""); out.colon(spaced)
        switch t.effect {
        case .interaction:
            out.ascii("{\"at\""); out.colon(spaced); quotedInstant(t.at)
            out.separator(spaced); out.ascii("\"reason\""); out.colon(spaced); out.ascii("\"interaction\"")
            out.separator(spaced); out.ascii("\"counted\""); out.colon(spaced); out.ascii("false}")
        case .requested:
            out.ascii("{\"requested\""); out.colon(spaced); quotedInstant(t.at)
            out.separator(spaced); out.ascii("\"reason\""); out.colon(spaced); out.ascii("\"reload\"")
            out.separator(spaced); out.ascii("\"counted\""); out.colon(spaced); out.ascii("true}")
        case .none:
            out.ascii("null")
        }
        if let error = t.error {
            out.separator(spaced); out.ascii("\"error\""); out.colon(spaced); out.string(error)
        }
        out.byte(UInt8(ascii: "}"))
    }

    private func warningJSON(_ w: RunWarning, spaced: Bool) {
        out.ascii("{\"code\""); out.colon(spaced); out.string(w.code)
        out.separator(spaced); out.ascii("\"message\""); out.colon(spaced); out.string(w.message)
        if let at = w.at {
            out.separator(spaced); out.ascii("\"at\""); out.colon(spaced); quotedInstant(at)
        }
        out.byte(UInt8(ascii: "}"))
    }

    // MARK: Text, for people

    private func beginText(_ h: RunHeader) {
        if runs > 0 { out.byte(UInt8(ascii: "\n")) }
        out.text(h.kind); out.ascii("  "); out.text(h.file)
        out.ascii("\n  family: "); out.text(h.family.rawValue)
        out.ascii("   context: "); out.text(h.context.rawValue)
        out.ascii("   zone: "); out.text(h.timeZone)
        if let locale = h.locale { out.ascii("   locale: "); out.text(locale) }
        out.ascii("\n  window: "); out.instant(h.from)
        out.ascii(" to "); out.instant(h.until)
        out.ascii("\n  parameters:")
        if h.parameters.isEmpty { out.ascii(" none") }
        out.fields(h.parameters)
        out.byte(UInt8(ascii: "\n"))
    }

    private func reloadText(_ r: Reload) {
        out.instant(r.at)
        out.ascii("  ")
        padded(r.reason.staticName, width: 9)
        if let count = r.budgetWindowCount {
            let start = out.count
            out.int(count); out.byte(UInt8(ascii: "/")); out.int(budgetLimit)
            pad(from: start, width: 9)
        } else {
            // Uncounted: a system change's reload, or one in a foreground window.
            padded(r.reason.isImmediate ? "-" : "fg", width: 9)
        }
        if let d = r.deferredFrom {
            out.ascii("deferred from "); out.instant(d); out.ascii("  ")
        }
        out.ascii("policy ")
        switch r.timeline.policy {
        case .atEnd: out.ascii("atEnd")
        case .never: out.ascii("never")
        case .after(let d): out.ascii("after "); out.instant(d)
        }
        // Each URL source's outcome: `wishes ok 200`, `wishes cached`, `wishes failed (HTTP 503)`.
        for request in r.requests ?? [] {
            out.ascii("  "); out.text(request.source); out.byte(UInt8(ascii: " ")); out.text(request.outcome.rawValue)
            if request.outcome == .ok, let status = request.status { out.byte(UInt8(ascii: " ")); out.int(status) }
            if let error = request.error { out.ascii(" ("); out.text(error); out.byte(UInt8(ascii: ")")) }
        }
        out.byte(UInt8(ascii: "\n"))
        let entries = entries
        tables.withView(r.timeline.table) { entries.text($0) }
    }

    /// `INSTANT  tap      toggleTask(index: 1) on KIND: todo.json /items/1/done false -> true; reloads KIND`.
    private func tapText(_ t: TapRecord) {
        out.instant(t.at)
        out.ascii("  ")
        padded("tap", width: 9)
        out.text(t.call); out.ascii(" on "); out.text(t.kind)
        if let error = t.error {
            out.ascii(" refused, nothing changed: "); out.text(error)
        } else {
            out.byte(UInt8(ascii: ":"))
            if t.changes.isEmpty { out.ascii(" no change") }
            for (i, c) in t.changes.enumerated() {
                out.ascii(i == 0 ? " " : "; ")
                out.text(c.file); out.byte(UInt8(ascii: " ")); out.text(c.pointer.isEmpty ? "(whole file)" : c.pointer)
                out.byte(UInt8(ascii: " ")); out.text(c.old.map { JSONWriter.string($0) } ?? "(none)")
                out.ascii(" -> "); out.text(c.new.map { JSONWriter.string($0) } ?? "(removed)")
            }
            if !t.reloads.isEmpty { out.ascii("; reloads "); out.text(t.reloads.joined(separator: ", ")) }
            if let open = t.open { out.ascii("; opens "); out.text(open) }
        }
        out.byte(UInt8(ascii: "\n"))
    }

    private func endText(_ s: RunSummary) {
        if summaryOnly {
            let reasons = zip(ReloadReason.summaryOrder, reasonCounts).filter { $0.1 > 0 }
            out.ascii("reloads: "); out.int(reloadsInRun)
            for (i, (reason, count)) in reasons.enumerated() {
                out.ascii(i == 0 ? " (" : ", "); out.ascii(reason.staticName); out.byte(UInt8(ascii: " ")); out.int(count)
            }
            if !reasons.isEmpty { out.byte(UInt8(ascii: ")")) }
            if deferredInRun > 0 { out.ascii("; "); out.int(deferredInRun); out.ascii(" deferred by the budget") }
            out.ascii("; "); out.int(entriesInRun); out.ascii(entriesInRun == 1 ? " entry\n" : " entries\n")
        }
        out.ascii("budget: "); out.int(s.budgetUsed); out.ascii(" counted reloads, limit ")
        out.int(s.budgetLimit); out.ascii(" per 24 h")
        if let peak = s.maxIn24h { out.ascii(" (at most "); out.int(peak); out.ascii(" in any 24 h)") }
        if let requests = s.requests { out.ascii("; "); out.int(requests); out.ascii(requests == 1 ? " network request" : " network requests") }
        out.byte(UInt8(ascii: "\n"))
        for w in s.warnings {
            out.ascii("warning: ")
            if let at = w.at { out.instant(at); out.ascii(": ") }
            out.text(w.message); out.ascii(" ["); out.text(w.code); out.ascii("]\n")
        }
    }

    private func padded(_ s: StaticString, width: Int) {
        let start = out.count
        out.ascii(s)
        pad(from: start, width: width)
    }

    private func pad(from start: Int, width: Int) {
        out.repeated(UInt8(ascii: " "), max(width - (out.count - start), 1))
    }
}

extension ReloadReason {
    /// The order `run --summary` counts reasons in.
    static let summaryOrder: [ReloadReason] = [.initial, .atEnd, .after, .reload, .push, .interaction, .locale, .dynamicType, .appearance]

    var staticName: StaticString {
        switch self {
        case .initial: "initial"
        case .atEnd: "atEnd"
        case .after: "after"
        case .reload: "reload"
        case .push: "push"
        case .locale: "locale"
        case .dynamicType: "dynamicType"
        case .appearance: "appearance"
        case .interaction: "interaction"
        }
    }
}

/// A reload's entries, written through the writer's buffers.
private struct EntryWriting {
    let out: OutputBuffer
    let tables: TableWriting
    let faces: RunFaces?
    let base: StaticString

    /// Entry `i` of a table: `{"date": …, "content": {…}, "url": …}`.
    func json(_ view: TableWriting.View, _ i: Int, spaced: Bool) {
        out.ascii("{\"date\""); out.colon(spaced); out.quotedInstant(view.dates[i])
        out.separator(spaced); out.ascii("\"content\""); out.colon(spaced)
        tables.content(view, i, into: out)
        tables.url(view, i, into: out)
        if !view.table.relevance.isEmpty {
            // `"relevance": {"score": …, "duration": seconds}`, or null when the score failed.
            out.separator(spaced); out.ascii("\"relevance\""); out.colon(spaced)
            if let relevance = view.table.relevance[i] {
                out.json(.object(JSONObject([("score", CompiledWidget.number(relevance.score)), ("duration", .int(Int(relevance.duration)))])), spaced: spaced)
            } else {
                out.ascii("null")
            }
        }
        faces?.write(
            RunFaces.Columns(table: view.table, placements: view.placements, cells: view.cells, values: view.values), i, into: out,
            spaced: spaced)
        out.byte(UInt8(ascii: "}"))
    }

    /// A reload's entries as text lines.
    func text(_ view: TableWriting.View) {
        for i in 0..<view.count {
            out.ascii("    "); out.instant(view.dates[i])
            out.byte(UInt8(ascii: " "))
            tables.content(view, i, into: out)
            tables.url(view, i, into: out)
            out.byte(UInt8(ascii: "\n"))
        }
    }
}
