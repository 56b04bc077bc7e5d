internal import CYAML
import WidgetSupport

/// One libyaml event parser over a byte buffer, released when it goes away: the libyaml
/// adapter, the one place libyaml's structs are read (the composer reads `current`).
///
/// The parser and the current event live in fixed heap cells because libyaml
/// keeps a pointer to the parser inside itself (its string reader); the cells
/// are the thread's (see `ParserCells`), so a file allocates none. The caller
/// keeps `input` alive for the parser's lifetime.
struct EventParser: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event; valid after `next()` returned true, until the next call.
    let event: UnsafeMutablePointer<yaml_event_t>
    private let initialized: Bool
    nonisolated(unsafe) private static let noBytes = UnsafePointer<UInt8>(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    /// `cells` must not be used by another parser while this one lives.
    init(input: UnsafeBufferPointer<UInt8>, cells: ParserCells) {
        parser = cells.parser
        event = cells.event
        event.pointee = yaml_event_t()
        initialized = yaml_parser_initialize(parser) != 0
        if initialized {
            // libyaml needs some pointer even for no bytes.
            yaml_parser_set_input_string(parser, input.baseAddress ?? Self.noBytes, input.count)
        }
    }

    deinit {
        // A zeroed or already deleted event is safe to delete again.
        yaml_event_delete(event)
        if initialized { yaml_parser_delete(parser) }
    }

    /// Releases the current event and reads the next; false on a libyaml error.
    func next() -> Bool {
        yaml_event_delete(event)
        guard initialized else { return false }
        return yaml_parser_parse(parser, event) != 0
    }

    /// The current event as the composer reads it; valid after `next()` returned true, until the next call.
    // @inline(__always): read once per event by the loader's loop.
    @inline(__always)
    var current: YAMLEvent {
        let e = event.pointee
        switch e.type {
        case YAML_SCALAR_EVENT:
            let data = e.data.scalar
            var converted = YAMLEvent(.scalar, at: Self.location(e.start_mark))
            converted.text = UnsafeBufferPointer(start: UnsafePointer(data.value), count: data.value == nil ? 0 : Int(data.length))
            converted.style = YAMLEvent.ScalarStyle(rawValue: UInt8(truncatingIfNeeded: data.style.rawValue)) ?? .plain
            converted.anchor = UnsafePointer(data.anchor)
            converted.tag = UnsafePointer(data.tag)
            return converted
        case YAML_MAPPING_START_EVENT:
            var converted = YAMLEvent(.mappingStart, at: Self.location(e.start_mark))
            converted.anchor = UnsafePointer(e.data.mapping_start.anchor)
            converted.tag = UnsafePointer(e.data.mapping_start.tag)
            return converted
        case YAML_SEQUENCE_START_EVENT:
            var converted = YAMLEvent(.sequenceStart, at: Self.location(e.start_mark))
            converted.anchor = UnsafePointer(e.data.sequence_start.anchor)
            converted.tag = UnsafePointer(e.data.sequence_start.tag)
            return converted
        case YAML_MAPPING_END_EVENT: return YAMLEvent(.mappingEnd, at: Self.location(e.start_mark))
        case YAML_SEQUENCE_END_EVENT: return YAMLEvent(.sequenceEnd, at: Self.location(e.start_mark))
        case YAML_ALIAS_EVENT:
            var converted = YAMLEvent(.alias, at: Self.location(e.start_mark))
            converted.anchor = UnsafePointer(e.data.alias.anchor)
            return converted
        case YAML_DOCUMENT_START_EVENT: return YAMLEvent(.documentStart, at: Self.location(e.start_mark))
        case YAML_DOCUMENT_END_EVENT:
            var converted = YAMLEvent(.documentEnd, at: Self.location(e.start_mark))
            converted.implicitEnd = e.data.document_end.implicit != 0
            return converted
        case YAML_STREAM_END_EVENT: return YAMLEvent(.streamEnd, at: Self.location(e.start_mark))
        default: return YAMLEvent(.streamStart, at: Self.location(e.start_mark))
        }
    }

    /// Where a libyaml mark is: the one conversion from libyaml's 0-based
    /// line and column (characters) to ours.
    static func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// What went wrong after `next()` returned false.
    var failure: Failure {
        let p = parser.pointee
        guard initialized else { return .other(message: "out of memory", location: .start) }
        let problem = p.problem.map { String(cString: $0) } ?? "unknown error"
        switch p.error {
        case YAML_READER_ERROR:
            return .reader(problem: problem, byteOffset: Int(p.problem_offset), value: Int(p.problem_value))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR, YAML_COMPOSER_ERROR:
            var message = problem
            if let context = p.context {
                let at = Self.location(p.context_mark)
                message += " (\(String(cString: context)) started at line \(at.line), column \(at.column))"
            }
            return .syntax(message: message, location: Self.location(p.problem_mark))
        default:
            return .other(message: problem == "unknown error" ? "out of memory" : problem, location: Self.location(p.problem_mark))
        }
    }

    enum Failure {
        /// A byte or character the reader refused, at a byte offset of the input.
        case reader(problem: String, byteOffset: Int, value: Int)
        /// A scanner or parser error, with libyaml's text and mark.
        case syntax(message: String, location: SourceLocation)
        case other(message: String, location: SourceLocation)
    }
}

/// Room for a libyaml parser and its current event, for one `EventParser` at a time.
final class ParserCells {
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)

    deinit {
        event.deallocate()
        parser.deallocate()
    }
}
