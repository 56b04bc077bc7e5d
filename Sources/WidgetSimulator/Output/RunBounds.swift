import WidgetSupport
import WidgetTemplates
import WidgetcRuntimeCore
import WidgetTime

/// The bounds on what one `widgetc run` writes (docs/runtime-notes.md): a rendered value
/// has at most `Template.maxRenderedBytes`, and the whole output at most `maxOutputBytes`.
/// Past either, the run stops with `problem`, a line that names the field or the bound.
package final class RunBounds {
    /// The most bytes one invocation of `run` writes (every widget's runs together), unless
    /// `--max-output` says otherwise.
    package static let maxOutputBytes = 256 << 20
    package let maxOutputBytes: Int
    package private(set) var written = 0
    /// Why the run stopped; nil while it is within its bounds.
    package private(set) var problem: String?

    package init(maxOutputBytes: Int = RunBounds.maxOutputBytes) {
        self.maxOutputBytes = maxOutputBytes
    }

    /// Counts bytes handed to the output; false (and `problem` set) once past the bound.
    @discardableResult
    package func wrote(_ count: Int) -> Bool {
        written += count
        if written > maxOutputBytes, problem == nil {
            problem = "the run's output passed its bound of \(Self.sizeText(maxOutputBytes)); the run stops "
                + "(a shorter --for, fewer widgets at once, or a larger bound with --max-output, e.g. --max-output 4G)"
        }
        return problem == nil
    }

    /// A byte count as `--max-output` would take it: `256 MiB`, `4 GiB`, else in bytes.
    package static func sizeText(_ bytes: Int) -> String {
        for (shift, unit) in [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// `--max-output`'s value: a whole number of bytes, or of KiB, MiB, GiB or TiB with the suffix
    /// K, M, G or T (`512M`, `4G`, `1073741824`; also `KiB`, `MiB`, ...; case-insensitive); at
    /// least 1 byte. nil for anything else, or a size past `Int.max`.
    package static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        let units: [(String, Int)] = [("tib", 40), ("gib", 30), ("mib", 20), ("kib", 10), ("t", 40), ("g", 30), ("m", 20), ("k", 10), ("b", 0)]
        let lower = text.lowercased()
        for (suffix, s) in units where lower.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            shift = s
            break
        }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let n = Int(digits), n > 0, n <= Int.max >> shift
        else { return nil }
        return n << shift
    }

    func stop(_ why: String) {
        if problem == nil { problem = why }
    }

    /// The path of the first value in `content` that rendering cut at the bound (`title`, `rows[2].name`).
    static func cutField(_ content: JSONObject) -> String? {
        func find(_ value: JSONValue, _ path: String) -> String? {
            switch value {
            case .string: return Template.wasCut(value) ? path : nil
            case .array(let items):
                for (i, item) in items.enumerated() { if let p = find(item, "\(path)[\(i)]") { return p } }
                return nil
            case .object(let o):
                for (key, member) in o { if let p = find(member, path.isEmpty ? key : "\(path).\(key)") { return p } }
                return nil
            default: return nil
            }
        }
        return find(.object(content), "")
    }
}

/// A reload sink that passes reloads on to `base` while the run is within `bounds`, and
/// stops the run at the first entry with a value that rendering cut.
package struct BoundedSink<Base: ReloadSink>: ReloadSink {
    package var base: Base
    package let bounds: RunBounds
    private let kind: String
    private let show: (Instant) -> String

    /// - Parameter show: an instant as the run's output prints it.
    package init(_ base: Base, bounds: RunBounds, kind: String, show: @escaping (Instant) -> String) {
        self.base = base
        self.bounds = bounds
        self.kind = kind
        self.show = show
    }

    package var isStopped: Bool { bounds.problem != nil }

    package mutating func receive(_ reload: Reload) {
        guard bounds.problem == nil else { return }
        if Self.anyCut(reload.timeline.table) {
            for entry in reload.timeline.entries {
                guard let field = RunBounds.cutField(entry.content) else { continue }
                bounds.stop(
                    "\(kind): field '\(field)' rendered more than \(Template.maxRenderedBytes >> 10) KiB for the entry at \(show(entry.date)) "
                        + "(the bound on a rendered value; nested sections over one list multiply it); the run stops")
                return
            }
        }
        base.receive(reload)
    }

    package mutating func receive(tap: TapRecord) {
        guard bounds.problem == nil else { return }
        base.receive(tap: tap)
    }

    /// Whether any value of the table was cut (cheap: a string's UTF-8 count is stored).
    private static func anyCut(_ table: EntryTable) -> Bool {
        // The values walked in place by index, strings tested without a copy of each value:
        // through `contains(where:)` this check was 4.4% of the instructions of a 30-day run of the
        // examples x2 (callgrind, 31 M of 699 M; see bench/RUN.md); an unsafe buffer over the same
        // loop bought 0.13% more, under the bar, so the loop is plain (bench/README.md).
        // Only the table's own values: cells that refer into the data hold no cut value (short
        // strings, numbers and booleans only, see `EntryTable.Cell`).
        let values = table.values
        var rowCut = false
        for i in values.indices {
            switch values[i] {
            case .string(let s): if s.utf8.count > Template.maxRenderedBytes { rowCut = true }
            case .array, .object: if Template.anyCut(values[i]) { rowCut = true }
            case .null, .bool, .int, .double: break
            }
            if rowCut { break }
        }
        if rowCut { return true }
        // Each layout's fixed values looked at once, when it was made (`fixedCut`): layouts are
        // kept from reload to reload, and scanning them at each was 63 M instructions of
        // bench/let_bench.py's corpus with five lets over 365 days (callgrind).
        if table.layouts.contains(where: \.fixedCut) { return true }
        return table.objects.values.contains { Template.anyCut(.object($0)) }
    }
}
