#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LanguageServer {
    /// Serves the client on standard input and output until `exit` or the end of input; logs
    /// go to standard error. Returns the process's exit status: 0 after `shutdown` and `exit`,
    /// 1 when the client left without them.
    package static func serveStandardStreams(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var writeFailed = false
        let server = LanguageServer(
            send: { bytes in
                guard !writeFailed else { return }
                if !writeAll(output, bytes) {
                    writeFailed = true
                    logLine("widgetc lsp: cannot write to the client (\(String(cString: strerror(errno)))); stopping")
                }
            },
            log: logLine)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitCode == nil, !writeFailed {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                logLine("widgetc lsp: the client closed the connection without \(server.exitCode == nil ? "exit" : "shutdown"); stopping")
                return 1
            }
            server.receive(buffer[0..<n])
        }
        return writeFailed ? 1 : server.exitCode ?? 1
    }
}

private func logLine(_ text: String) {
    _ = writeAll(2, Array((text + "\n").utf8))
}

private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 {
            if errno == EINTR { continue }
            return false
        }
        written += n
    }
    return true
}
