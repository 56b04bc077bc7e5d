import Foundation
import Testing
import WidgetTestSupport
import WidgetcRuntimeCore

/// Remote images on the device's path (docs/data-sources.md, "Remote images"): the answer's bytes
/// scaled by the device's scaler when larger than the family, written atomically into the
/// container, `data.NAME` from the written image's header, the instance's earlier image removed.
@Suite struct RemoteImageTests {
    static let plan = """
        {"format": "widgetc-plan/1", "kind": "photo", "displayName": "P", "description": "", "source": "p.yaml",
         "families": ["systemSmall"], "timeZone": "UTC", "parameters": [],
         "data": [{"name": "cover", "url": "https://img.example/cover.png", "method": "GET", "headers": [], "body": null,
                   "timeout": 15, "maxAge": 0, "stale": 0, "retry": null, "select": "", "insecure": false, "image": true}],
         "content": {"file": "{{data.cover.file}}", "width": "{{data.cover.width}}", "height": "{{data.cover.height}}"},
         "familyContent": {}, "placeholder": {"file": ""}, "snapshot": null, "url": null,
         "timeline": {"rule": {"type": "once"}, "horizon": 86400, "maxEntries": 10, "policy": null, "events": []}}
        """

    struct Answer: AsyncDataFetcher {
        let body: [UInt8]
        func fetch(_ request: FetchRequest) async -> FetchResult { .response(status: 200, body: body) }
    }

    /// Stands in for ImageIO: records what it was asked, answers a PNG of the asked longer side.
    final class Scaler: ImageScaler, @unchecked Sendable {
        var asked: [Int] = []
        func scaled(_ bytes: [UInt8], maxPixelSize: Int) -> [UInt8]? {
            asked.append(maxPixelSize)
            return TestImages.png(width: UInt32(maxPixelSize), height: UInt32(maxPixelSize * 3 / 4))
        }
    }

    @Test func aLargeImageIsScaledWrittenIntoTheContainerAndTheOldOneRemoved() async throws {
        let plan = try WidgetPlan(data: Data(Self.plan.utf8))
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let scaler = Scaler()
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        let big = await plan.timeline(
            at: t0, container: container, fetcher: Answer(body: TestImages.png(width: 2000, height: 1500)), imageScaler: scaler)
        // 2000×1500 has more pixels than systemSmall's 510×510: scaled to a 588 px longer side.
        #expect(scaler.asked == [588])
        let entry = try #require(big.entries.first)
        #expect(entry["width"] == .int(588))
        #expect(entry["height"] == .int(441))
        guard case .string(let file)? = entry["file"] else { Issue.record("no file"); return }
        #expect(file.hasPrefix("Library/Application Support/widgetc/images/photo/cover-") && file.hasSuffix(".png"))
        let written = try Data(contentsOf: container.appendingPathComponent(file))
        #expect([UInt8](written) == TestImages.png(width: 588, height: 441))
        #expect(big.warnings.isEmpty, "\(big.warnings)")

        // A small image is kept as it came; the earlier file of this instance is gone.
        let small = await plan.timeline(
            at: t0.addingTimeInterval(3600), container: container, fetcher: Answer(body: TestImages.png(width: 40, height: 30)), imageScaler: scaler)
        #expect(scaler.asked == [588])
        guard case .string(let second)? = small.entries.first?["file"] else { Issue.record("no file"); return }
        #expect(second != file)
        #expect(!FileManager.default.fileExists(atPath: container.appendingPathComponent(file).path))
        #expect(FileManager.default.fileExists(atPath: container.appendingPathComponent(second).path))
        let directory = container.appendingPathComponent("Library/Application Support/widgetc/images/photo").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 1)
    }

    @Test func bytesThatAreNoImageFailTheSourceAndWriteNothing() async throws {
        let plan = try WidgetPlan(data: Data(Self.plan.utf8))
        let container = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: container) }
        let answer = await plan.timeline(at: Date(timeIntervalSince1970: 1_800_000_000), container: container, fetcher: Answer(body: Array("<html>".utf8)))
        #expect(answer.requests.map(\.outcome) == [.failed])
        #expect(answer.requests.first?.error == "the body is not a PNG or JPEG image (it starts with 3C 68 74 6D)")
        #expect(answer.entries.first?["file"] == .string(""))  // the placeholder
        #expect(!FileManager.default.fileExists(atPath: container.appendingPathComponent("Library").path))
    }
}
