import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with every signal unblocked and SIGINT, SIGTERM and SIGHUP at their
/// default action, for tests that signal it. Foundation's `Process` passes on the signal mask of
/// the thread that starts it, and Swift Testing runs tests on dispatch's workers, which block
/// nearly every signal: such a child never sees a SIGTERM (it only ended when its work did).
package struct SignalableProcess {
    package let pid: pid_t

    /// Starts `path` with `arguments`; its stdout and stderr go to /dev/null.
    package init(_ path: String, _ arguments: [String]) throws {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        // This process's environment, from Foundation (`environ` is not Swift's on Darwin).
        let envp: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { for arg in argv + envp { free(arg) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard status == 0 else { throw TestFailure("cannot start \(path): \(String(cString: strerror(status)))") }
        self.pid = pid
    }

    /// Sends `signal`.
    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the end; the raw wait status.
    @discardableResult
    package func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }
}
