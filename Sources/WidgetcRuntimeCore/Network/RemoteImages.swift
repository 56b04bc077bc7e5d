import Foundation
import WidgetSupport
import WidgetTime

/// Where a reload puts the remote images it downloads (docs/data-sources.md, "Remote images"): the
/// app group container on a device (`ContainerImageFiles`), a run's private copy of it off the device.
package protocol ImageFiles: AnyObject {
    /// Writes `bytes` as the file at `path` (relative to the container), whole or not at all;
    /// nil when written, else why not.
    func write(_ bytes: [UInt8], at path: String) -> String?
    /// Removes the files of `directory` whose names start with `prefix`, all but `keeping`
    /// (an instance's earlier images, which no timeline shows any more).
    func removeOthers(in directory: String, prefix: String, keeping: String)
}

/// Scales a downloaded image down on the device (the `WidgetcRuntime` library's ImageIO scaler):
/// the same format, the longer side at most `maxPixelSize` pixels; nil when the bytes do not decode.
public protocol ImageScaler: Sendable {
    func scaled(_ bytes: [UInt8], maxPixelSize: Int) -> [UInt8]?
}

/// The app group container's files on a device: each image written atomically (a reader never
/// sees half of one), its directories made as needed.
package final class ContainerImageFiles: ImageFiles {
    let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    package func write(_ bytes: [UInt8], at path: String) -> String? {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
            return nil
        } catch {
            return "cannot write \(path) in the container: \(error.localizedDescription)"
        }
    }

    package func removeOthers(in directory: String, prefix: String, keeping: String) {
        let full = self.directory + "/" + directory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] where name.hasPrefix(prefix) && name != keeping {
            try? FileManager.default.removeItem(atPath: full + "/" + name)
        }
    }
}

/// The files a run's reloads wrote, applied to its private copy of the container after each reload.
package final class WrittenImages: ImageFiles {
    /// In the order written; a removal is a nil.
    package private(set) var changes: [(path: String, bytes: [UInt8]?)] = []
    /// Every path written so far, for `removeOthers`.
    private var known: Set<String> = []

    package init() {}

    package func write(_ bytes: [UInt8], at path: String) -> String? {
        changes.append((path, bytes))
        known.insert(path)
        return nil
    }

    package func removeOthers(in directory: String, prefix: String, keeping: String) {
        for path in known.sorted() where path.hasPrefix(directory + "/" + prefix) && path != directory + "/" + keeping {
            changes.append((path, nil))
            known.remove(path)
        }
    }

    /// Hands over the changes since the last call.
    package func take() -> [(path: String, bytes: [UInt8]?)] {
        defer { changes.removeAll() }
        return changes
    }
}

extension CompiledWidget {
    /// Where a source's images are kept: `Library/Application Support/widgetc/images/KIND/`.
    func imageDirectory() -> String {
        let safe = kind.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
            && !kind.hasPrefix(".") && !kind.isEmpty
        return "Library/Application Support/widgetc/images/" + (safe ? kind : "kind-" + ResponseStore.hex(ResponseStore.fnv1a(Array(kind.utf8))))
    }

    /// A remote image's answer: its header read, scaled on the device when it has more pixels than
    /// the family shows (off the device: a warning that the device would), written into the
    /// container as `NAME-INSTANCE-CONTENT.EXT` (the instance's earlier one removed), and
    /// `{file, width, height}` for `data.NAME`; or why the answer gives none.
    func imageValue(
        _ source: URLSource, _ result: FetchResult, key: ResponseStore.Key, _ context: TimelineContext
    ) -> (value: JSONValue?, status: Int?, error: String?) {
        guard case .response(let status, var body) = result else {
            if case .failure(let reason) = result { return (nil, nil, reason) }
            return (nil, nil, "failed")
        }
        guard (200...299).contains(status) else { return (nil, status, "HTTP \(status)") }
        guard body.count <= FetchReason.maximumBodyBytes else { return (nil, status, "body is over 1 MiB (\(body.count) bytes)") }
        var header: ImageHeader
        switch ImageHeader.read(body) {
        case .success(let h): header = h
        case .failure(let problem): return (nil, status, problem.reason)
        }
        if let fitted = header.fitted(to: context.family) {
            let (w, h) = context.family.pixelSize
            if let scaler = context.imageScaler {
                guard let scaled = scaler.scaled(body, maxPixelSize: max(fitted.width, fitted.height)),
                    case .success(let smaller) = ImageHeader.read(scaled)
                else { return (nil, status, "the \(header.width)×\(header.height) image could not be scaled down to \(fitted.width)×\(fitted.height)") }
                body = scaled
                header = smaller
            } else {
                context.warn(code: "image-size", message: "data source '\(source.name)': the image is \(header.width)×\(header.height) pixels, more than \(context.family.rawValue) shows (\(w)×\(h)); the device scales it down to about \(fitted.width)×\(fitted.height) at each reload: serve a smaller image")
            }
        }
        let directory = imageDirectory()
        let prefix = source.name + "-" + ResponseStore.hex(ResponseStore.fnv1a(Array(key.instance.utf8))) + "-"
        let name = prefix + ResponseStore.hex(ResponseStore.fnv1a(body)) + "." + header.format.fileExtension
        let path = directory + "/" + name
        if let files = context.images {
            if let problem = files.write(body, at: path) { return (nil, status, problem) }
            files.removeOthers(in: directory, prefix: prefix, keeping: name)
        }
        return (.object(JSONObject([("file", .string(path)), ("width", .int(header.width)), ("height", .int(header.height))])), status, nil)
    }
}
