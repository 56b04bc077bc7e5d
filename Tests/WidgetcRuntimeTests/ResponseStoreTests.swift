import Foundation
import Testing
import WidgetcRuntimeCore
import WidgetSupport
import WidgetTestSupport

/// The kept answers on disk in the app group container: they outlive the process (a new store
/// on the same directory is a new extension process), `stale: forever` keeps the last success
/// however old, and a file that is not a kept answer is ignored with a warning.
@Suite struct ResponseStoreTests {
    final class Answers: DataFetcher, @unchecked Sendable {
        var next: FetchResult = .failure("no connection")
        var sent = 0
        func fetch(_ request: FetchRequest) -> FetchResult { sent += 1; return next }
    }

    static func plan(stale: String = "3600", maxAge: Int = 600) throws -> WidgetPlan {
        let text = URLSourceTests.plan
            .replacingOccurrences(of: #""stale": 3600"#, with: #""stale": \#(stale)"#)
            .replacingOccurrences(of: #""maxAge": 600"#, with: #""maxAge": \#(maxAge)"#)
        return try WidgetPlan(data: Data(text.utf8))
    }

    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let hello = FetchResult.response(status: 200, body: Array(#"{"data": {"t": "hello"}}"#.utf8))

    static func files(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func aKeptAnswerOutlivesTheProcess() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let plan = try Self.plan()
        let answers = Answers()
        answers.next = Self.hello
        let first = ResponseStore(container: container, kind: plan.kind)
        #expect(first.isOnDisk)
        #expect(plan.timeline(at: Self.t0, container: container, fetcher: answers, responses: first).requests.map(\.outcome) == [.ok])
        let directory = container.appendingPathComponent("Library/Application Support/widgetc/responses/k")
        let files = Self.files(directory)
        #expect(files.count == 1 && files[0].hasSuffix(".json"), "\(files)")  // no temporary file left beside it
        let kept = try JSONReader.parse(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent(files[0])))).json
        #expect(kept["format"] == "widgetc-response/1")
        #expect(kept["value"] == ["t": "hello"])

        // A new process: a new store on the same container. Within maxAge: cached, no request.
        let second = ResponseStore(container: container, kind: plan.kind)
        let cached = plan.timeline(at: Self.t0.addingTimeInterval(300), container: container, fetcher: answers, responses: second)
        #expect(cached.requests.map(\.outcome) == [.cached])
        #expect(answers.sent == 1)
        // Later, the server fails: the kept answer stands in (stale).
        answers.next = .response(status: 503, body: [])
        let third = ResponseStore(container: container, kind: plan.kind)
        let stale = plan.timeline(at: Self.t0.addingTimeInterval(1200), container: container, fetcher: answers, responses: third)
        #expect(stale.requests.map(\.outcome) == [.stale])
        #expect(stale.entries.first?["t"] == .string("hello"))
        // Another instance (another city) has no kept answer.
        let other = plan.timeline(at: Self.t0.addingTimeInterval(1200), parameters: ["city": .string("Oslo")], container: container, fetcher: answers, responses: third)
        #expect(other.requests.map(\.outcome) == [.failed])
    }

    @Test func staleForeverKeepsTheLastSuccessHoweverOld() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let plan = try Self.plan(stale: #""forever""#)
        let answers = Answers()
        answers.next = Self.hello
        _ = plan.timeline(at: Self.t0, fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
        answers.next = .failure(FetchReason.noConnection)
        let later = Self.t0.addingTimeInterval(400 * 86_400)
        let answer = plan.timeline(at: later, fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
        #expect(answer.requests.map(\.outcome) == [.stale])
        #expect(answer.entries.first?["t"] == .string("hello"))
        #expect(answer.warnings.contains { $0.hasSuffix("showing an earlier answer (stale up to forever)") }, "\(answer.warnings)")
        // With a bounded stale the same answer is too old.
        let bounded = try Self.plan(stale: "86400")
        let failed = bounded.timeline(at: later, fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
        #expect(failed.requests.map(\.outcome) == [.failed])
    }

    @Test func aCorruptFileIsIgnoredWithAWarning() throws {
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let plan = try Self.plan()
        let answers = Answers()
        answers.next = Self.hello
        _ = plan.timeline(at: Self.t0, fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
        let directory = container.appendingPathComponent("Library/Application Support/widgetc/responses/k")
        let file = directory.appendingPathComponent(try #require(Self.files(directory).first))
        for garbage in ["{\"format\": \"widgetc-response/1\", \"val", "[1, 2]", "\u{0}\u{1}binary", ""] {
            try Data(garbage.utf8).write(to: file)
            answers.next = .response(status: 503, body: [])
            let answer = plan.timeline(at: Self.t0.addingTimeInterval(60), fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
            #expect(answer.requests.map(\.outcome) == [.failed], "\(garbage)")
            #expect(answer.warnings.contains { $0.hasPrefix("data source 'w': the kept answer \(file.path) is unreadable (") }, "\(answer.warnings)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // The next success is kept again.
            answers.next = Self.hello
            _ = plan.timeline(at: Self.t0, fetcher: answers, responses: ResponseStore(container: container, kind: plan.kind))
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func theDirectoryIsBoundedOldestFirst() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plan = try Self.plan()
        let answers = Answers()
        let body = String(repeating: "x", count: 3000)
        answers.next = .response(status: 200, body: Array(#"{"data": {"t": "\#(body)"}}"#.utf8))
        let store = ResponseStore(directory: directory, maximumBytes: 5000)
        _ = plan.timeline(at: Self.t0, parameters: ["city": .string("A")], fetcher: answers, responses: store)
        let a = Self.files(directory)
        #expect(a.count == 1)
        _ = plan.timeline(at: Self.t0, parameters: ["city": .string("B")], fetcher: answers, responses: store)
        let b = Self.files(directory)
        #expect(b.count == 1 && b != a, "\(a) \(b)")  // the older (A) went; the new one stays
    }

    @Test func anAnswerTooLargeToKeepIsSaidAndNotWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plan = try Self.plan()
        let answers = Answers()
        let big = String(repeating: "y", count: ResponseStore.maximumEntryBytes - 40)  // the body fits, the kept file does not
        answers.next = .response(status: 200, body: Array(#"{"data": {"t": "\#(big)"}}"#.utf8))
        let answer = plan.timeline(at: Self.t0, fetcher: answers, responses: ResponseStore(directory: directory))
        #expect(answer.requests.map(\.outcome) == [.ok])
        #expect(answer.warnings.contains { $0.contains("over the \(ResponseStore.maximumEntryBytes) a kept answer may have; the answer is not kept") }, "\(answer.warnings)")
        #expect(Self.files(directory).isEmpty)
    }
}
