/// Names of compiled files.
package enum PlanFiles {
    package static let widgetSuffix = ".plan.json"
    package static let appSuffix = ".app.json"

    /// What a plan's `source` says of the file it was compiled from: the file's name alone.
    /// Plans ship inside apps, so they carry no directory of the machine that compiled them.
    package static func sourceName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let name = path[path.index(after: slash)...]
        return name.isEmpty ? path : String(name)
    }
}
