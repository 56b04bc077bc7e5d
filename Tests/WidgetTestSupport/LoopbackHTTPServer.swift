#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for the tests of
/// live requests: nothing leaves the machine. Each connection is answered on
/// its own thread and closed after one answer. Paths:
///
/// - `/json`: 200 `{"data": {"title": "Hi", "content": "From the loopback"}}`
/// - `/echo`: 200 `{"data": {"method", "body", "accept", "path"}}` of the request
/// - `/503`: 503; `/notjson`: 200 with HTML; `/nodata`: 200 `{"other": 1}`
/// - `/slow`: the JSON after 3 seconds; `/big`: 200 with a 10 MB JSON body
/// - `/redirect`: 302 to `/json`; `/loop`: 302 to itself
/// - `/image.png`: 200 with a 64×48 PNG (`TestImages.png`)
/// - `/together/NAME`: held until two `/together/…` requests are in at once, then 200
///   `{"data": {"title": "NAME"}}`; 504 when the other never comes (20 s): only requests sent
///   concurrently succeed, whatever the machine's speed
/// - `/hang`: never answered (the connection is closed when the server stops)
package final class LoopbackHTTPServer: @unchecked Sendable {
    package let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private let arrivals = NSCondition()
    private var stopped = false
    private var paths: [String] = []
    private var together = 0

    package init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else { close(fd); throw TestFailure("bind/listen: \(errno)") }
        listener = fd
        port = Self.port(of: fd)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A port on 127.0.0.1 where nothing listens (connections are refused).
    package static func refusedPort() throws -> Int {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let port = port(of: s)
        close(s)
        return port
    }

    /// The request paths served so far, in order.
    package var requests: [String] { lock.lock(); defer { lock.unlock() }; return paths }

    package func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        // Under the condition's lock: a waiter checks `stopped` and waits without missing this.
        arrivals.lock()
        arrivals.broadcast()
        arrivals.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { if !stopped { stop() } }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func port(of socket: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                lock.lock(); let done = stopped; lock.unlock()
                if done || errno == EBADF || errno == EINVAL { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        var contentLength = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
            if headerEnd == nil, let end = Self.find([13, 10, 13, 10], in: received) {
                headerEnd = end + 4
                let head = String(decoding: received[0..<end], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if let headerEnd, received.count >= headerEnd + contentLength { break }
        }
        guard let headerEnd else { return }
        let head = String(decoding: received[0..<(headerEnd - 4)], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return }
        let method = String(requestLine[0]), target = String(requestLine[1])
        let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        let body = String(decoding: received[headerEnd...].prefix(contentLength), as: UTF8.self)
        var accept = ""
        for line in lines.dropFirst() where line.lowercased().hasPrefix("accept:") {
            accept = line.dropFirst("accept:".count).trimmingCharacters(in: .whitespaces)
        }
        lock.lock(); paths.append(target); lock.unlock()

        let json = #"{"data": {"title": "Hi", "content": "From the loopback"}}"#
        if path.hasPrefix("/together/") {
            arrivals.lock()
            together += 1
            arrivals.broadcast()
            let limit = Date().addingTimeInterval(20)
            while together < 2, !isStopped, arrivals.wait(until: limit) {}
            let met = together >= 2
            arrivals.unlock()
            respond(connection, met ? 200 : 504, #"{"data": {"title": "\#(path.dropFirst("/together/".count))"}}"#)
            return
        }
        switch path {
        case "/json": respond(connection, 200, json)
        case "/echo":
            let echo: [String: String] = ["method": method, "body": body, "accept": accept, "path": target]
            let data = (try? JSONSerialization.data(withJSONObject: ["data": echo], options: [.sortedKeys])) ?? Data()
            respond(connection, 200, String(decoding: data, as: UTF8.self))
        case "/503": respond(connection, 503, #"{"error": "busy"}"#)
        case "/notjson": respond(connection, 200, "<html>oops</html>", type: "text/html")
        case "/nodata": respond(connection, 200, #"{"other": 1}"#)
        case "/slow":
            Thread.sleep(forTimeInterval: 3)
            respond(connection, 200, json)
        case "/big":
            respond(connection, 200, "{\"data\": \"" + String(repeating: "x", count: 10 << 20) + "\"}")
        case "/hang":
            arrivals.lock()
            while !isStopped { arrivals.wait() }
            arrivals.unlock()
        case "/image.png": respond(connection, 200, TestImages.png(width: 64, height: 48), type: "image/png")
        case "/redirect": respond(connection, 302, "", extra: "Location: /json\r\n")
        case "/loop": respond(connection, 302, "", extra: "Location: /loop\r\n")
        default: respond(connection, 404, "{}")
        }
    }

    private var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    private func respond(_ connection: Int32, _ status: Int, _ body: String, type: String = "application/json", extra: String = "") {
        respond(connection, status, Array(body.utf8), type: type, extra: extra)
    }

    private func respond(_ connection: Int32, _ status: Int, _ bytes: [UInt8], type: String, extra: String = "") {
        let head = "HTTP/1.1 \(status) X\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\n\(extra)Connection: close\r\n\r\n"
        var all = Array(head.utf8) + bytes
        var sent = 0
        while sent < all.count {
            let n = all.withUnsafeMutableBytes { send(connection, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
