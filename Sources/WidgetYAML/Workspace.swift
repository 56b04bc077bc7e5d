#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetSupport

/// What the loader keeps from one file to the next on the same thread: the
/// libyaml parser's cells, the composer's stacks and the document builder,
/// so their room is allocated once per thread, not once per file (each
/// document then costs one allocation, its finished tables).
///
/// Each thread has its own (threads share nothing), kept in a thread-specific
/// slot, taken for the length of one file and put back after it; a thread
/// that loads inside a load (none does today) simply gets a fresh one.
final class Workspace {
    let parserCells = ParserCells()
    let frames = MoveStack<CollectionFrame>(capacity: 16)
    let children = MoveStack<SourceDocument.Child>()
    /// The composer's copy shares its buffers. (A constant: reading it then
    /// needs no exclusive-access check.)
    let document = SourceDocumentBuilder(expectedNodes: 1024)
    /// The document's text: the builder's arena.
    let text: TextArena
    /// The simple form's unescaped text and anchor names, and its open block collections (see
    /// `SimpleFormReader`).
    let simpleScratch = PlainBuffer<UInt8>(capacity: 256)
    let simpleLevels = MoveStack<SimpleFormLevel>(capacity: 16)

    init() {
        text = TextArena(sharing: document)
    }

    /// Empties the stacks and the builder (a file that stopped on an error
    /// leaves its open collections and its unfinished document there).
    func clear() {
        frames.removeAll()
        children.removeAll()
        var sharing = document
        sharing.removeAll()
        text.removeAll()
    }

    /// The calling thread's workspace, taken out of its slot until `putBack`.
    static func take() -> Workspace {
        let key = threadKey
        guard let raw = pthread_getspecific(key) else { return Workspace() }
        pthread_setspecific(key, nil)
        return Unmanaged<Workspace>.fromOpaque(raw).takeRetainedValue()
    }

    /// Keeps `workspace` for the calling thread's next file.
    static func putBack(_ workspace: Workspace) {
        let key = threadKey
        if let old = pthread_getspecific(key) { Unmanaged<Workspace>.fromOpaque(old).release() }
        pthread_setspecific(key, Unmanaged.passRetained(workspace).toOpaque())
    }

    /// The slot of each thread's workspace; a thread's is released when it exits.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { raw in
            if let raw { Unmanaged<Workspace>.fromOpaque(raw).release() }
        }
        precondition(created == 0, "no thread-specific key left for the YAML loader")
        return key
    }()
}
