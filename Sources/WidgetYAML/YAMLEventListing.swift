internal import CYAML
import WidgetSupport

/// The events of a file as libyaml gives them and as `SimpleFormReader` gives them, in one
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
        /// An anchor or a tag (the simple form never has one).
        package var decorated = false

        package var description: String {
            "\(kind)@\(line + 1):\(column + 1)" + (kind == "scalar" ? " \(style) '\(String(decoding: text, as: UTF8.self))'" : "")
                + (decorated ? " (anchor or tag)" : "")
        }
    }

    /// libyaml's events (documents and nodes; stream events left out), or nil if libyaml
    /// refuses the input.
    package static func libyaml(_ bytes: [UInt8]) -> [Record]? {
        // The parser keeps pointers into its cells: they must outlive it.
        let cells = ParserCells()
        return withExtendedLifetime(cells) { bytes.withUnsafeBufferPointer { buffer in
            let parser = EventParser(input: buffer, cells: cells)
            var records: [Record] = []
            while true {
                guard parser.next() else { return nil }
                let event = parser.event.pointee
                let line = Int(event.start_mark.line), column = Int(event.start_mark.column)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return records
                case YAML_DOCUMENT_START_EVENT:
                    records.append(Record(kind: "document", line: 0, column: 0))
                case YAML_DOCUMENT_END_EVENT:
                    records.append(Record(kind: "documentEnd", line: 0, column: 0))
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let text = s.value == nil ? [] : Array(UnsafeBufferPointer(start: s.value, count: Int(s.length)))
                    records.append(Record(
                        kind: "scalar", line: line, column: column, text: text, style: Int(s.style.rawValue),
                        decorated: s.anchor != nil || s.tag != nil))
                case YAML_MAPPING_START_EVENT:
                    let m = event.data.mapping_start
                    records.append(Record(kind: "mappingStart", line: line, column: column, decorated: m.anchor != nil || m.tag != nil))
                case YAML_SEQUENCE_START_EVENT:
                    let q = event.data.sequence_start
                    records.append(Record(kind: "sequenceStart", line: line, column: column, decorated: q.anchor != nil || q.tag != nil))
                case YAML_MAPPING_END_EVENT:
                    records.append(Record(kind: "mappingEnd", line: 0, column: 0))
                case YAML_SEQUENCE_END_EVENT:
                    records.append(Record(kind: "sequenceEnd", line: 0, column: 0))
                case YAML_ALIAS_EVENT:
                    records.append(Record(kind: "alias", line: line, column: column, decorated: true))
                default:
                    break
                }
            }
        } }
    }

    /// The simple form's events, or nil if it declines the input.
    package static func simpleForm(_ bytes: [UInt8]) -> [Record]? {
        bytes.withUnsafeBufferPointer { buffer -> [Record]? in
            let events = PlainBuffer<SimpleFormReader.Event>(capacity: 64)
            let scratch = PlainBuffer<UInt8>(capacity: 64)
            do {
                try SimpleFormReader.read(buffer, into: events, scratch: scratch)
            } catch {
                return nil
            }
            var records = [Record(kind: "document", line: 0, column: 0)]
            for event in events.elements(from: 0, count: events.elementCount) {
                let line = Int(event.line), column = Int(event.column)
                switch event.kind {
                case .scalar:
                    let source = event.inScratch ? scratch.elements(from: 0, count: scratch.elementCount) : buffer
                    let text = Array(source[Int(event.textStart)..<Int(event.textStart + event.textCount)])
                    records.append(Record(kind: "scalar", line: line, column: column, text: text, style: Int(event.style.libyaml.rawValue)))
                case .mappingStart: records.append(Record(kind: "mappingStart", line: line, column: column))
                case .sequenceStart: records.append(Record(kind: "sequenceStart", line: line, column: column))
                case .mappingEnd: records.append(Record(kind: "mappingEnd", line: 0, column: 0))
                case .sequenceEnd: records.append(Record(kind: "sequenceEnd", line: 0, column: 0))
                }
            }
            records.append(Record(kind: "documentEnd", line: 0, column: 0))
            return records
        }
    }
}
