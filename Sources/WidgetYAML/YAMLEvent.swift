import WidgetSupport

/// One YAML event as the composer reads it from libyaml, converted by its adapter
/// (`EventParser.current`): no libyaml type reaches the composer. (The simple-form reader calls
/// the composer's entry for each kind directly; its events become `YAMLEvent`s only in
/// `YAMLEventListing`, to be compared with libyaml's.)
///
/// Text, anchor and tag point into the input, the simple form's scratch or libyaml's current
/// event: valid until the reader's next event.
struct YAMLEvent {
    enum Kind: UInt8 {
        case streamStart, streamEnd, documentStart, documentEnd
        case scalar, mappingStart, sequenceStart, mappingEnd, sequenceEnd, alias
    }

    /// How a scalar was written (libyaml's five styles).
    enum ScalarStyle: UInt8 { case plain = 1, singleQuoted, doubleQuoted, literal, folded }

    var kind: Kind
    /// Where the event starts (1-based; the end events' positions are not read).
    var location: SourceLocation
    /// A scalar's value (its text after escapes and folding).
    var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var style = ScalarStyle.plain
    /// A node's anchor, or an alias's name (NUL-terminated).
    var anchor: UnsafePointer<UInt8>? = nil
    /// A node's tag as resolved by the reader (NUL-terminated), e.g. `tag:yaml.org,2002:str`.
    var tag: UnsafePointer<UInt8>? = nil
    /// A document end without `...` (the document is complete unless the input was cut there).
    var implicitEnd = false

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}
