import WidgetSupport

/// The events of a file as libyaml's adapter gives them and as `SimpleFormReader` gives them (both
/// as the composer's `YAMLEvent`), and the file the loader composes of them, in one
/// comparable form: for the differential tests and the `yaml` fuzz target, which check that
/// whatever the simple form reads, it reads as libyaml does, mark for mark.
package enum YAMLEventListing {
    package struct Record: Equatable, CustomStringConvertible, Sendable {
        package var kind: String
        /// libyaml's 0-based mark (0 for the end events, whose marks the composer does not read).
        package var line: Int
        package var column: Int
        package var text: [UInt8] = []
        /// libyaml's scalar style (1 plain, 2 single-quoted, 3 double-quoted, …).
        package var style: Int = 0
        /// A node's anchor or an alias's name, and a node's tag (the simple form reads no tag).
        package var anchor: [UInt8]? = nil
        package var tag: [UInt8]? = nil

        package var description: String {
            "\(kind)@\(line + 1):\(column + 1)" + (kind == "scalar" ? " \(style) '\(String(decoding: text, as: UTF8.self))'" : "")
                + (anchor.map { " &" + String(decoding: $0, as: UTF8.self) } ?? "")
                + (tag.map { " !" + String(decoding: $0, as: UTF8.self) } ?? "")
        }
    }

    /// libyaml's events (documents and nodes; stream events left out) as its adapter gives
    /// them to the composer, or nil if libyaml refuses the input.
    package static func libyaml(_ bytes: [UInt8]) -> [Record]? {
        // The parser keeps pointers into its cells: they must outlive it.
        let cells = ParserCells()
        return withExtendedLifetime(cells) { bytes.withUnsafeBufferPointer { buffer in
            let parser = EventParser(input: buffer, cells: cells)
            var records: [Record] = []
            while true {
                guard parser.next() else { return nil }
                let event = parser.current
                if event.kind == .streamEnd { return records }
                if let record = record(event) { records.append(record) }
            }
        } }
    }

    /// The simple form's events as the composer gets them, or nil if it declines the input.
    package static func simpleForm(_ bytes: [UInt8]) -> [Record]? {
        bytes.withUnsafeBufferPointer { buffer -> [Record]? in
            let events = PlainBuffer<SimpleFormEvent>(capacity: 64)
            let scratch = PlainBuffer<UInt8>(capacity: 64)
            do {
                _ = try SimpleFormReader.read(
                    buffer, into: SimpleFormRecorder(events: events), scratch: scratch, levels: MoveStack(capacity: 16))
            } catch {
                return nil
            }
            let text = scratch.elements(from: 0, count: scratch.elementCount)
            var records = [Record(kind: "document", line: 0, column: 0)]
            for event in events.elements(from: 0, count: events.elementCount) {
                if let record = record(event.yamlEvent(input: buffer, scratch: text)) { records.append(record) }
            }
            records.append(Record(kind: "documentEnd", line: 0, column: 0))
            return records
        }
    }

    /// The loader's file in comparable form, read through the simple form when it reads it (or
    /// with `simpleForm` false, always through libyaml): one line per node (kind, position,
    /// text, value, children with their keys and key positions), then its error and duplicates.
    /// The simple form composes each event as it reads it, so its files are compared too.
    package static func loaded(_ bytes: [UInt8], simpleForm: Bool) -> [String] {
        let file = bytes.withUnsafeBufferPointer { YAMLLoader.load(buffer: $0, simpleForm: simpleForm) }
        var lines: [String] = []
        func text(_ b: UnsafeBufferPointer<UInt8>?) -> String { b.map { String(decoding: $0, as: UTF8.self) } ?? "-" }
        for node in file.documents {
            let d = node.document
            lines.append("document root \(d.root) at \(node.index)")
            for n in d.nodeNumbers {
                let e = d.node(n)
                var line = "\(n) \(e.kind) \(e.line):\(e.column) '\(text(d.textBytes(n)))' \(e.payload)"
                if e.kind == .array || e.kind == .object {
                    for i in 0..<d.childCount(n) {
                        let c = d.child(n, i)
                        line += " [\(c.node)" + (e.kind == .object ? " '\(text(d.keyBytes(n, i)))'@\(c.keyLine):\(c.keyColumn)" : "") + "]"
                    }
                }
                lines.append(line)
            }
        }
        func error(_ e: SourceError) -> String {
            "\(e.code) \(e.location) \(e.message) notes \(e.notes.map { "\($0.message) \($0.location)" })"
        }
        lines.append("error " + (file.error.map(error) ?? "none"))
        lines += file.duplicates.map { "duplicate " + error($0) }
        return lines
    }

    /// One event in comparable form (nil for the stream's events).
    private static func record(_ event: YAMLEvent) -> Record? {
        let line = event.location.line - 1, column = event.location.column - 1
        func cString(_ p: UnsafePointer<UInt8>?) -> [UInt8]? {
            guard let p else { return nil }
            var n = 0
            while p[n] != 0 { n += 1 }
            return Array(UnsafeBufferPointer(start: p, count: n))
        }
        let anchor = cString(event.anchor), tag = cString(event.tag)
        switch event.kind {
        case .streamStart, .streamEnd: return nil
        case .documentStart: return Record(kind: "document", line: 0, column: 0)
        case .documentEnd: return Record(kind: "documentEnd", line: 0, column: 0)
        case .scalar:
            return Record(
                kind: "scalar", line: line, column: column, text: Array(event.text), style: Int(event.style.rawValue),
                anchor: anchor, tag: tag)
        case .mappingStart: return Record(kind: "mappingStart", line: line, column: column, anchor: anchor, tag: tag)
        case .sequenceStart: return Record(kind: "sequenceStart", line: line, column: column, anchor: anchor, tag: tag)
        case .mappingEnd: return Record(kind: "mappingEnd", line: 0, column: 0)
        case .sequenceEnd: return Record(kind: "sequenceEnd", line: 0, column: 0)
        case .alias: return Record(kind: "alias", line: line, column: column, anchor: anchor)
        }
    }
}
