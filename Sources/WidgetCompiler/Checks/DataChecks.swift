import WidgetSupport

/// Data sources: each `file` is a relative path that stays inside the app
/// group container. Code: `data-path`. (Symbolic links are checked when the
/// container is read, since the container may not exist at validation time.)
func checkDataSources(_ data: SourceNode, _ pointer: [String], _ context: inout CheckContext) {
    for member in data.members {
        guard let fileNode = member.value["file"], let path = fileNode.string else { continue }
        if let problem = containerPathProblem(path) {
            context.error("data-path", "data source '\(member.key)': \(problem)", at: fileNode, pointer + [member.key, "file"])
        }
    }
}

/// Why `path` would leave the container, or nil if it stays inside.
func containerPathProblem(_ path: String) -> String? {
    if path.isEmpty { return "the file path is empty" }
    if path.hasPrefix("/") || path.hasPrefix("~") {
        return "'\(path)' is absolute; data paths are relative to the app group container"
    }
    // Any '..' is refused (as the runtime's container does), even one that
    // would come back inside: a path means what it says.
    var components = 0
    for component in path.split(separator: "/", omittingEmptySubsequences: true) where component != "." {
        if component == ".." { return "'\(path)' uses '..'; data paths stay inside the app group container" }
        components += 1
    }
    return components == 0 ? "'\(path)' names the container itself, not a file" : nil
}
