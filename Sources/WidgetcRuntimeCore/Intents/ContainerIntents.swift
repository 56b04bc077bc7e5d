import WidgetSupport

extension Container {
    /// Performs an intent on this container as a run sees it (scenario `tap`): the files are read
    /// through the overlay and the new contents written to it, never to the disk. All or nothing.
    /// `suite`: where a defaults key without one is written (the app group's).
    package mutating func perform(_ intent: PlanIntent, arguments: JSONObject, suite: String? = nil) throws(IntentError) -> IntentOutcome {
        var outcome = try intent.apply(arguments: arguments) { (path: String) throws(IntentError) -> JSONValue in
            try IntentFiles.decode(read(path), path)
        }
        // Each suite's property list, changed in memory first: all or nothing.
        var plists: [(path: String, bytes: [UInt8])] = []
        for (key, value) in outcome.defaults {
            guard let name = key.suite ?? suite else {
                throw IntentError("defaults key '\(key.key)': no suite: the intent names none and no app manifest gives an appGroup")
            }
            let path = Preferences.path(suite: name)
            let index = plists.firstIndex { $0.path == path }
            var current: [UInt8]? = index.map { plists[$0].bytes }
            if current == nil, case .found(let bytes) = read(path) { current = bytes }
            let old = current.flatMap { bytes in try? Preferences.read(bytes, zone: .utc).get() }?[key.key]
            let set = value.map { JSONObject([(key.key, $0)]) } ?? JSONObject()
            switch Preferences.updating(current, set: set, remove: value == nil ? [key.key] : []) {
            case .success(let bytes):
                if let index { plists[index].bytes = bytes } else { plists.append((path, bytes)) }
            case .failure(let problem):
                throw IntentError(file: path, "is \(problem.reason)")
            }
            outcome.changes.append(IntentChange(file: path, pointer: JSONPointer.string([key.key]), old: old, new: value))
        }
        for (path, value) in outcome.files {
            do throws(ContainerRefusal) { try write(path, value: value) } catch { throw IntentError(file: path, error.reason) }
        }
        for (path, bytes) in plists {
            do throws(ContainerRefusal) { try write(path, bytes: bytes) } catch { throw IntentError(file: path, error.reason) }
        }
        return outcome
    }
}
