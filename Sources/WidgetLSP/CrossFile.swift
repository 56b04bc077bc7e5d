import Foundation
import WidgetCompiler
import WidgetSupport

/// The files a widget's kind is written in besides its own: the app manifests beside it that
/// name it in `widgets:`, the other widgets of those bundles (an intent's `reload:`), and the
/// scenarios in `scenarios/` beside the widget or the manifest (`reload`, `push`, `kind`). An
/// open document is read from the editor, any other file from disk.
extension LanguageServer {
    /// The document, the manifests naming it (or it, when it is one) with their widgets, and the scenarios.
    func bundleDocuments(of document: TextDocument) -> [TextDocument] {
        let path = Self.path(of: document.uri)
        var seen: Set<String> = [path]
        var result = [document]
        func add(_ file: String) {
            guard seen.insert(file).inserted, let text = text(ofFile: file) else { return }
            result.append(text)
        }
        var manifests: [(String, TextDocument)] = []
        if isManifestText(document) {
            manifests.append((path, document))
        } else {
            for file in Self.yamlFiles(in: SourceFiles.directory(of: path)) where file != path {
                guard let manifest = text(ofFile: file), isManifestText(manifest),
                      widgetFiles(of: manifest).contains(path) else { continue }
                manifests.append((file, manifest))
            }
        }
        var directories: Set<String> = [SourceFiles.directory(of: path)]
        for (file, manifest) in manifests {
            if seen.insert(file).inserted { result.append(manifest) }
            directories.insert(SourceFiles.directory(of: file))
            for widget in widgetFiles(of: manifest) { add(widget) }
        }
        for directory in directories.sorted() {
            let scenarios = directory + "scenarios"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: scenarios)) ?? []).sorted()
            for name in names where [".json", ".yaml", ".yml"].contains(where: name.hasSuffix) {
                add(scenarios + "/" + name)
            }
        }
        return result
    }

    /// The kinds an intent's `reload:` may name: the other widgets in the document's directory and
    /// in the bundles of the manifests beside it (the widget itself reloads after its intent anyway).
    /// A file's `kind:` line is read without parsing the file.
    func widgetKinds(near document: TextDocument) -> [Candidate] {
        var kinds: [(String, String)] = []
        var seen: Set<String> = []
        func kind(of text: String) -> String? {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("kind:") }) else { return nil }
            var value = line.dropFirst(5)
            if let hash = value.range(of: " #") { value = value[..<hash.lowerBound] }
            let trimmed = value.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return trimmed.isEmpty ? nil : trimmed
        }
        if let own = kind(of: document.text) { seen.insert(own) }
        let path = Self.path(of: document.uri)
        let siblings = Self.yamlFiles(in: SourceFiles.directory(of: path)).filter { $0 != path }.compactMap { text(ofFile: $0) }
        for other in siblings + bundleDocuments(of: document).dropFirst() where !isManifestText(other) {
            guard let k = kind(of: other.text), seen.insert(k).inserted else { continue }
            kinds.append((k, String(Self.path(of: other.uri).split(separator: "/").last ?? "")))
        }
        return kinds.sorted { $0.0 < $1.0 }.map { Candidate(label: $0.0, kind: 12, detail: "widget kind (\($0.1))") }
    }

    /// An open document's text, else the file's from disk.
    func text(ofFile path: String) -> TextDocument? {
        let uri = Self.uri(of: path)
        if let open = documents[uri] { return open }
        guard let bytes = try? SourceFiles.readNamed(path) else { return nil }
        return TextDocument(uri: uri, version: 0, text: String(decoding: bytes, as: UTF8.self))
    }

    static func yamlFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { directory + $0 }
    }

    /// The widget files a manifest names, as paths.
    func widgetFiles(of manifest: TextDocument) -> [String] {
        let directory = SourceFiles.directory(of: Self.path(of: manifest.uri))
        let root = parsedRoots(manifest).first
        return (root?["widgets"]?.items ?? .empty).compactMap(\.string).map { $0.hasPrefix("/") ? $0 : directory + $0 }
    }

    /// The kind of the widget file a manifest's `widgets:` entry names.
    func kindOfWidget(named file: String, manifest: TextDocument) -> String? {
        let path = file.hasPrefix("/") ? file : SourceFiles.directory(of: Self.path(of: manifest.uri)) + file
        guard let widget = text(ofFile: path) else { return nil }
        return parsedRoots(widget).first?["kind"]?.string
    }

    /// The document's YAML documents: an open one as recovered, another as it parses.
    func parsedRoots(_ document: TextDocument) -> [SourceNode] {
        if documents[document.uri] != nil { return recoveredDocuments(document, line: -1) }
        return SourceFiles.documents(of: document.bytes, path: Self.path(of: document.uri)).documents
    }

    /// Where `kind` is written in the file: a widget's `kind:` (its declaration), an intent's
    /// `reload:`, a scenario's `reload`, `push` or `kind`, and a manifest's `widgets:` entry naming
    /// a widget of that kind (the file's name).
    func kindUses(_ kind: String, _ document: TextDocument, includeDeclaration: Bool) -> [TextRange] {
        var ranges: [TextRange] = []
        func walk(_ node: SourceNode, key: String?, depth: Int) {
            if node.isMapping {
                for m in node.members {
                    if depth == 0, m.key == "kind", !includeDeclaration { continue }
                    walk(m.value, key: m.key, depth: depth + 1)
                }
            } else if node.isSequence {
                for item in node.items { walk(item, key: key, depth: depth + 1) }
            } else if node.string == kind, key == "kind" || key == "reload" || key == "push" {
                ranges.append(document.valueRange(at: node.location))
            }
        }
        for root in parsedRoots(document) {
            if root["app"] != nil {
                for item in root["widgets"]?.items ?? .empty {
                    if let file = item.string, kindOfWidget(named: file, manifest: document) == kind {
                        ranges.append(document.valueRange(at: item.location))
                    }
                }
                continue
            }
            walk(root, key: nil, depth: 0)
        }
        return ranges.sorted { ($0.start.line, $0.start.character) < ($1.start.line, $1.start.character) }
    }
}

extension TextDocument {
    /// The text a range covers on its line.
    func text(in range: TextRange) -> String {
        let units = Array(lineText(range.start.line).utf16)
        let s = min(range.start.character, units.count), e = min(max(s, range.end.character), units.count)
        return String(decoding: units[s..<e], as: UTF16.self)
    }
}
