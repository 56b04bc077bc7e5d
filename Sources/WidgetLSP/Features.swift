import WidgetSupport

extension LanguageServer {
    func hover(_ document: TextDocument, _ position: Position) -> JSONValue? { nil }
    func completion(_ document: TextDocument, _ position: Position) -> [JSONValue] { [] }
    func definition(_ document: TextDocument, _ position: Position) -> JSONValue? { nil }
    func documentSymbols(_ document: TextDocument) -> [JSONValue] { [] }
}
