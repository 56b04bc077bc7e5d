#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: results to `out`, diagnostics to `err`.
/// Tests use a capturing console; the executable uses the process's streams.
package protocol Console: AnyObject {
    func out(_ text: String)
    func outBytes(_ bytes: [UInt8])
    /// The same from bytes in place, valid only during the call (`run`'s chunks of 64 KiB).
    func outBytes(_ bytes: UnsafeBufferPointer<UInt8>)
    func err(_ text: String)
    /// Colour only when stderr is a terminal and `NO_COLOR` is unset.
    var colorDiagnostics: Bool { get }
    /// Writes what `out` still holds.
    func flush()
    /// Why writing to stdout failed (`No space left on device`), if it did: the command
    /// then ends with exit 2 and says so, rather than exit 0 over truncated output.
    var outputFailure: String? { get }
}

extension Console {
    package func outBytes(_ bytes: UnsafeBufferPointer<UInt8>) { outBytes(Array(bytes)) }
    package func flush() {}
    package var outputFailure: String? { nil }
}

/// The process's stdout (buffered, flushed at 64 KiB and at the end) and
/// stderr (written at once), through POSIX `write`.
package final class StandardConsole: Console {
    private var buffer: [UInt8] = []
    /// The first failed write to stdout; nothing more is written after it.
    package private(set) var outputFailure: String?
    private let outputFD: Int32

    package convenience init() { self.init(outputFD: 1) }

    /// A console writing its results to `outputFD` (tests give a full device).
    package init(outputFD: Int32) {
        self.outputFD = outputFD
        buffer.reserveCapacity(1 << 16)
    }

    package func out(_ text: String) { outBytes(Array(text.utf8)) }

    package func outBytes(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// A chunk as large as the buffer goes out at once, not copied into it first (`run --view`
    /// over a year writes gigabytes).
    package func outBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 1 << 16 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        flush()
        if outputFailure == nil { outputFailure = writeAll(outputFD, UnsafeRawBufferPointer(bytes)) }
    }

    package func err(_ text: String) {
        flush()
        _ = writeAll(2, Array(text.utf8))
    }

    package var colorDiagnostics: Bool {
        isatty(2) == 1 && getenv("NO_COLOR") == nil
    }

    package func flush() {
        guard !buffer.isEmpty else { return }
        if outputFailure == nil { outputFailure = writeAll(outputFD, buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

}

extension WidgetCLI {
    /// The process: `main` on `CommandLine.arguments` with the standard console, then exit with
    /// its status. The whole body of both executables, `widgetc` and the plugins' `widgetc-tool`.
    package static func runProcess() -> Never {
        let console = StandardConsole()
        let status = main(Array(CommandLine.arguments.dropFirst()), console: console)
        console.flush()
        exit(status.rawValue)
    }
}

/// Writes all of `bytes` to `fd`, retrying after interrupts; the error text if it fails.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
}

func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer) -> String? {
    var offset = 0
    while offset < raw.count {
        let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return String(cString: strerror(errno))
        }
        offset += n
    }
    return nil
}

