import Foundation
import WidgetSupport
import WidgetTime

/// Each URL source's last successful answer, for `maxAge` (`cached`), `stale` (`stale`) and
/// `source.NAME.fetched`. Kept per source and widget instance (its parameter values), not per
/// rendered URL, so a URL that names the day still falls back to yesterday's answer; `cached`
/// also needs the very same request.
///
/// On a device the store is a directory of the app group container, so a kept answer outlives
/// the extension's process (`init(container:kind:)`): one file per source and instance, written
/// atomically, each at most `maximumEntryBytes`, the directory at most `maximumBytes` (the
/// oldest files go first). A file that cannot be read back is ignored (and removed) with a
/// warning in the timeline's log, never a crash. Without a directory the store is the process's
/// memory (`init()`: `widgetc run` keeps one per run).
public final class ResponseStore: @unchecked Sendable {
    typealias KeptAnswer = (date: Instant, value: JSONValue)

    /// Which answer: the source and the instance's parameter values; `request` (URL, method and
    /// body) says whether it answers this very request.
    struct Key: Hashable {
        let source: String
        let instance: String
    }

    struct Kept {
        let request: String
        let date: Instant
        let value: JSONValue
    }

    /// What reading a kept answer gave.
    enum Read {
        case none
        case kept(Kept)
        /// A file there that is not a kept answer: why, in words.
        case unreadable(file: String, reason: String)
    }

    /// A file's largest size: a kept answer is the selected part of a body of at most
    /// `FetchReason.maximumBodyBytes`.
    public static let maximumEntryBytes = FetchReason.maximumBodyBytes
    /// The directory's largest total (per widget kind).
    public static let maximumBytes = 16 * FetchReason.maximumBodyBytes
    /// The format's name, the first member of each file.
    static let format = "widgetc-response/1"

    private let directory: String?
    private let limit: Int
    private let memory = Locked<[Key: Kept]>([:])
    private let disk = NSLock()

    /// A store in the process's memory (a run, a test).
    public init() {
        directory = nil
        limit = Self.maximumBytes
    }

    /// A store on disk in `directory` (created when the first answer is kept).
    public convenience init(directory: URL) { self.init(directory: directory, maximumBytes: Self.maximumBytes) }

    /// A store on disk of at most `maximumBytes` (tests use a small one).
    package init(directory: URL, maximumBytes: Int) {
        self.directory = directory.path
        limit = maximumBytes
    }

    /// The widget extension's store: `Library/Application Support/widgetc/responses/KIND/` in the
    /// app group container, so a kept answer outlives the process (spec: the last success is
    /// kept in the container); in memory when the app has no container.
    public convenience init(container: URL?, kind: String) {
        guard let container else { self.init(); return }
        let safe = kind.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
            && !kind.hasPrefix(".") && !kind.isEmpty
        let name = safe ? kind : "kind-" + Self.hex(Self.fnv1a(Array(kind.utf8)))
        self.init(directory: container.appendingPathComponent("Library/Application Support/widgetc/responses/\(name)", isDirectory: true))
    }

    /// Whether answers are kept on disk.
    public var isOnDisk: Bool { directory != nil }

    func value(for key: Key) -> Read {
        guard let directory else { return memory.withLock { $0[key] }.map(Read.kept) ?? .none }
        let path = directory + "/" + Self.fileName(key)
        return disk.withLock {
            guard let data = FileManager.default.contents(atPath: path) else { return .none }
            switch Self.decode([UInt8](data), key) {
            case .success(let kept): return kept.map(Read.kept) ?? .none
            case .failure(let reason):
                try? FileManager.default.removeItem(atPath: path)
                return .unreadable(file: path, reason: reason.text)
            }
        }
    }

    /// Keeps an answer; on disk, returns why it could not be written (the answer then stays in
    /// memory for this process), nil when kept.
    func store(_ kept: Kept, for key: Key) -> String? {
        guard let directory else {
            memory.withLock { $0[key] = kept }
            return nil
        }
        let bytes = Self.encode(kept, key)
        guard bytes.count <= Self.maximumEntryBytes else {
            return "the answer is \(bytes.count) bytes, over the \(Self.maximumEntryBytes) a kept answer may have"
        }
        return disk.withLock {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + Self.fileName(key)), options: .atomic)
            } catch {
                return "cannot write in \(directory): \(error.localizedDescription)"
            }
            trim(directory, keeping: Self.fileName(key))
            return nil
        }
    }

    /// Removes the oldest files until the directory is within its limit (never `keeping`).
    private func trim(_ directory: String, keeping: String) {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var sized: [(name: String, bytes: Int, modified: Date)] = []
        for name in files where name.hasSuffix(".json") {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name) else { continue }
            sized.append((name, (attributes[.size] as? NSNumber)?.intValue ?? 0, attributes[.modificationDate] as? Date ?? .distantPast))
        }
        var total = sized.reduce(0) { $0 + $1.bytes }
        for file in sized.sorted(by: { $0.modified < $1.modified }) where total > limit && file.name != keeping {
            try? FileManager.default.removeItem(atPath: directory + "/" + file.name)
            total -= file.bytes
        }
    }

    // MARK: The file

    /// One file per source and instance: its name a hash of both (the file says which it is).
    static func fileName(_ key: Key) -> String {
        hex(fnv1a(Array(key.source.utf8) + [0] + Array(key.instance.utf8))) + ".json"
    }

    static func encode(_ kept: Kept, _ key: Key) -> [UInt8] {
        var object = JSONObject()
        object["format"] = .string(format)
        object["source"] = .string(key.source)
        object["instance"] = .string(key.instance)
        object["request"] = .string(kept.request)
        object["fetched"] = .int(Int(kept.date.seconds))
        object["value"] = kept.value
        return Array(JSONWriter.string(.object(object)).utf8)
    }

    struct Unreadable: Error { let text: String }

    static func decode(_ bytes: [UInt8], _ key: Key) -> Result<Kept?, Unreadable> {
        let json: JSONValue
        do throws(SourceError) { json = try JSONReader.parse(bytes: bytes).json } catch {
            return .failure(Unreadable(text: "not JSON at line \(error.location.line), column \(error.location.column)"))
        }
        guard json["format"]?.string == format else { return .failure(Unreadable(text: "not a \(format) file")) }
        guard let request = json["request"]?.string, case .int(let fetched)? = json["fetched"], let value = json["value"] else {
            return .failure(Unreadable(text: "no request, fetched or value"))
        }
        // Another source or instance whose name hashes the same: not this one's answer (kept).
        guard json["source"]?.string == key.source, json["instance"]?.string == key.instance else { return .success(nil) }
        return .success(Kept(request: request, date: Instant(seconds: Int64(fetched)), value: value))
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
