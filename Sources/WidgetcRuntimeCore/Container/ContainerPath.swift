/// A path inside the app group container, checked lexically: relative, no `..`.
///
/// `./a//b.json` and `a/b.json` name the same file, so the overlay keys on the
/// normalized form.
struct ContainerPath: Hashable {
    /// Non-empty components, without `.`.
    let components: [Substring]

    var normalized: String { components.joined(separator: "/") }

    /// A parsed path with its normalized text computed once.
    struct Checked {
        let path: ContainerPath
        let normalized: String

        init(_ path: ContainerPath) {
            self.path = path
            normalized = path.normalized
        }

        func full(root: String) -> String { root + "/" + normalized }
    }

    /// The path, or why it is refused.
    static func parse(_ path: String) -> Result<ContainerPath, ContainerRefusal> {
        if path.isEmpty {
            return .failure(ContainerRefusal(path: path, reason: "the path is empty"))
        }
        if path.hasPrefix("/") {
            return .failure(ContainerRefusal(path: path, reason: "absolute paths leave the container; use a path relative to it"))
        }
        if path.utf8.contains(0) {
            return .failure(ContainerRefusal(path: path, reason: "the path contains a NUL character"))
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." {
                return .failure(ContainerRefusal(path: path, reason: "'..' leaves the container"))
            }
            parts.append(part)
        }
        if parts.isEmpty {
            return .failure(ContainerRefusal(path: path, reason: "the path names the container itself, not a file"))
        }
        return .success(ContainerPath(components: parts))
    }
}

/// Lexical normalization of an absolute path (`.`, `..`, repeated slashes), for
/// judging where a dangling symbolic link points.
func lexicallyNormalizedAbsolute(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == ".." {
            if !parts.isEmpty { parts.removeLast() }
            continue
        }
        parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
}

/// True when `path` is `root` or below it (both absolute and normalized).
func isInside(_ path: String, root: String) -> Bool {
    if root == "/" { return true }
    return path == root || path.hasPrefix(root + "/")
}
