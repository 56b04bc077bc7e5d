import Foundation
import WidgetcRuntimeCore
import WidgetDiagnostics
import WidgetSupport
import WidgetTemplates
import WidgetTime

/// Dynamic quick actions built from container data, with the warnings found on the way.
package struct DynamicQuickActions: Sendable {
    /// The actions, in order: sorted as declared, filtered by `when`.
    package var actions: [QuickAction] = []
    /// Missing or malformed data, records whose fields rendered unusable, missing record fields.
    /// Data problems never abort: they leave no (or fewer) dynamic actions.
    package var warnings: [Diagnostic] = []

    package init(actions: [QuickAction] = [], warnings: [Diagnostic] = []) {
        self.actions = actions
        self.warnings = warnings
    }
}

extension AppManifest {
    /// The dynamic quick actions for the container's current data; none when the manifest declares none.
    package func dynamicActions(container: Container) -> DynamicQuickActions {
        dynamicShortcuts?.build(container: container, manifest: file, staticCount: shortcuts.count) ?? DynamicQuickActions()
    }
}

extension DynamicShortcuts {
    /// Reads the items source and builds one action per kept record.
    func build(container: Container, manifest: String, staticCount: Int) -> DynamicQuickActions {
        var result = DynamicQuickActions()
        let dataFile = Self.path(of: items.file, in: container)
        let fail = " no dynamic quick actions"
        let bytes: [UInt8]
        switch container.read(items.file) {
        case .found(let found):
            bytes = found
        case .missing:
            let place = container.directory.map { " (looked in \($0))" } ?? ""
            result.warnings.append(.warning(.dataMissing, "container file '\(items.file)' is missing\(place);\(fail)", file: manifest, at: items.location))
            return result
        case .refused(let refusal):
            result.warnings.append(.warning(.dataPathRefused, "container file \(refusal);\(fail)", file: manifest, at: items.location))
            return result
        case .unreadable(let reason):
            result.warnings.append(.warning(.dataMissing, "container file '\(items.file)' cannot be read: \(reason);\(fail)", file: manifest, at: items.location))
            return result
        }
        let (documents, error) = SourceFiles.documents(of: bytes, path: items.file)
        if let error {
            let at = error.location
            result.warnings.append(.warning(
                .dataMalformed, "container file '\(items.file)' is malformed at line \(at.line), column \(at.column): \(error.message);\(fail)",
                file: dataFile, at: at))
            return result
        }
        guard let root = documents.first, case .sequence(let nodes) = root.content else {
            let shown = documents.first?.shown ?? "nothing"
            result.warnings.append(.warning(
                .dataNotArray, "container file '\(items.file)' holds \(shown), not an array of records;\(fail)",
                file: dataFile, at: documents.first?.location ?? .start))
            return result
        }
        // Records are read as the app reads them: the same selection (sort, filter, templates, limit).
        let now = Instant(seconds: Int64(Date().timeIntervalSince1970))
        let (actions, problems) = selection.actions(records: nodes.map(\.json), staticCount: staticCount, now: now)
        result.actions = actions
        for problem in problems {
            result.warnings.append(.warning(DiagnosticCode(runWarning: problem.code), problem.message, file: dataFile, at: nodes[problem.record].location))
        }
        return result
    }

    /// The data file's name for diagnostics: the container directory joined with the path.
    static func path(of file: String, in container: Container) -> String {
        guard let directory = container.directory, !directory.isEmpty else { return file }
        return directory.hasSuffix("/") ? directory + file : directory + "/" + file
    }
}

// The runtime's warnings about a data file, as `actions` reports them for the dynamic items
// (docs/quick-actions.md); `data-path` is the runtime's warning here, not the checks' error.
extension DiagnosticCode {
    static let dataMalformed = DiagnosticCode(runWarning: "data-malformed")
    static let dataMissing = DiagnosticCode(runWarning: "data-missing")
    static let dataNotArray = DiagnosticCode(runWarning: "data-not-array")
    static let dataPathRefused = DiagnosticCode(runWarning: "data-path")
}
