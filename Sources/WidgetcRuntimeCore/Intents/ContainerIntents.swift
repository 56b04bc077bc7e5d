import WidgetSupport

extension Container {
    /// Performs an intent on this container as a run sees it (scenario `tap`): the files are read
    /// through the overlay and the new contents written to it, never to the disk. All or nothing.
    package mutating func perform(_ intent: PlanIntent, arguments: JSONObject) throws(IntentError) -> IntentOutcome {
        let outcome = try intent.apply(arguments: arguments) { (path: String) throws(IntentError) -> JSONValue in
            try IntentFiles.decode(read(path), path)
        }
        for (path, value) in outcome.files {
            do throws(ContainerRefusal) { try write(path, value: value) } catch { throw IntentError(file: path, error.reason) }
        }
        return outcome
    }
}
