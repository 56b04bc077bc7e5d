import Foundation

/// The install's stable random number (docs/fleet.md): the file `widgetc-install-id` in the app
/// group container, 16 hexadecimal digits, made on the first reload that needs it. It fixes the
/// install's jitter offset, so the offset survives reboots and updates and differs between installs.
package enum InstallSeed {
    package static let fileName = "widgetc-install-id"

    /// The container's seed, made when it has none; 0 when there is no container or it cannot be
    /// written (install 0, the one `widgetc run` simulates).
    package static func seed(inContainer directory: String?) -> UInt64 {
        guard let directory else { return 0 }
        let path = (directory as NSString).appendingPathComponent(fileName)
        if let seed = read(path) { return seed }
        // Written whole under a private name, then linked to the shared one: linking fails when
        // another process made it first, and then that one's number is everyone's.
        var fresh: UInt64 = 0
        while fresh == 0 { fresh = UInt64.random(in: .min ... .max) }
        let text = String(fresh, radix: 16)
        let padded = String(repeating: "0", count: 16 - text.count) + text
        let temporary = path + "." + UUID().uuidString
        guard FileManager.default.createFile(atPath: temporary, contents: Data(padded.utf8)) else { return 0 }
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        do { try FileManager.default.linkItem(atPath: temporary, toPath: path) } catch { return read(path) ?? 0 }
        return fresh
    }

    /// The seed a file holds, nil when it holds none.
    static func read(_ path: String) -> UInt64? {
        guard let data = FileManager.default.contents(atPath: path), data.count == 16,
            let seed = UInt64(String(decoding: data, as: UTF8.self), radix: 16)
        else { return nil }
        return seed
    }
}
