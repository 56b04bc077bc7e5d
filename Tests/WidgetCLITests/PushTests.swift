import Foundation
import Testing
import WidgetCLI
import WidgetSupport
import WidgetTestSupport

/// WidgetKit pushes (docs/pushes.md): `push: true` in the plan, scenario pushes in a run, and
/// `widgetc push KIND`, the request the app's server sends to APNs.
@Suite struct PushTests {
    static let stocks = "widgets/stocks.yaml"
    static let scenario = "widgets/scenarios/stocks-push.json"

    /// The stocks widget's Monday with the server's pushes, its text and JSON (golden files).
    @Test func theStocksPushScenarioAsGolden() {
        let window = ["--from", "2026-11-30T09:00:00-05:00", "--for", "8h", "--tz", "America/New_York", "--family", "systemSmall"]
        let text = GoldenTests.widgetc(["run", Self.stocks, "--scenario", Self.scenario] + window)
        Golden.expect(text, matches: "stocks/push-scenario.txt")
        Golden.expect(GoldenTests.widgetc(["run", Self.stocks, "--scenario", Self.scenario, "--format", "json"] + window), matches: "stocks/push-scenario.json")
        // The push at 10:02 comes 32 minutes after the open's reload: at once, counted, with the new quote.
        #expect(text.contains("2026-11-30T10:02:00-05:00  push     3/70"))
        #expect(text.contains("price=243.8"))
        // The one at 10:04 waits for the 5-minute spacing.
        #expect(text.contains("2026-11-30T10:07:00-05:00  push     4/70     deferred from 2026-11-30T10:04:00-05:00"))
        #expect(text.contains("2026-11-30T12:00:00-05:00  appearance -"))
    }

    @Test func aPushToAWidgetWithoutPushIsAWarning() throws {
        let dir = try temporaryDirectory()
        let file = dir.path + "/push.yaml"
        try "- at: 2026-11-29T10:00:00-05:00\n  push: { kind: com.mygame.character-detail }\n".write(toFile: file, atomically: true, encoding: .utf8)
        let (status, console) = runCLI(["run", TestPaths.widgets + "/character.yaml", "--from", "2026-11-29T08:00:00-05:00", "--for", "3h", "--scenario", file])
        #expect(status == .success)
        #expect(console.stdout.contains("warning: 2026-11-29T10:00:00-05:00: push for kind 'com.mygame.character-detail' not delivered: the widget has no 'push: true'"))
        #expect(!console.stdout.contains("  push  "))
    }

    @Test func thePlanSaysPushOnlyWhenTrue() throws {
        let out = try temporaryDirectory().path
        #expect(runCLI(["compile", TestPaths.widgets + "/stocks.yaml", TestPaths.widgets + "/character.yaml", "--out", out]).0 == .success)
        let stocks = try JSONReader.parse(String(contentsOfFile: out + "/com.example.stocks.pinned.plan.json", encoding: .utf8)).json
        let character = try JSONReader.parse(String(contentsOfFile: out + "/com.mygame.character-detail.plan.json", encoding: .utf8)).json
        #expect(stocks["push"] == .bool(true))
        #expect(character["push"] == nil)
    }

    @Test func pushPrintsTheAPNsRequest() throws {
        let (status, console) = runCLI(["push", "com.example.stocks.pinned", TestPaths.widgets, "--app", "com.example.stocks", "--token", "00ff1a"])
        #expect(status == .success)
        #expect(console.stdout.hasPrefix("""
            POST https://api.push.apple.com/3/device/00ff1a
            authorization: bearer PROVIDER_TOKEN
            apns-push-type: widgets
            apns-topic: com.example.stocks.push-type.widgets
            content-type: application/json

            {"aps":{"content-changed":true}}

            """))
        let (_, json) = runCLI(["push", "com.example.stocks.pinned", TestPaths.widgets, "--sandbox", "--format", "json"])
        let request = try JSONReader.parse(json.stdout).json
        #expect(request["url"] == .string("https://api.sandbox.push.apple.com/3/device/DEVICE_TOKEN"))
        #expect(request["headers"]?["apns-topic"] == .string("APP_BUNDLE_ID.push-type.widgets"))
        #expect(request["headers"]?["apns-push-type"] == .string("widgets"))
        #expect(request["payload"]?["aps"]?["content-changed"] == .bool(true))
    }

    @Test func pushRefusesWhatCannotBePushed() {
        let noPush = runCLI(["push", "com.mygame.character-detail", TestPaths.widgets])
        #expect(noPush.0 == .inputErrors)
        #expect(noPush.1.stderr.contains("widget 'com.mygame.character-detail' has no 'push: true'"))
        let unknown = runCLI(["push", "com.example.stocks.pined", TestPaths.widgets])
        #expect(unknown.0 == .usage)
        #expect(unknown.1.stderr.contains("no widget of kind 'com.example.stocks.pined'"))
        #expect(unknown.1.stderr.contains("com.example.stocks.pinned"))
        let badToken = runCLI(["push", "com.example.stocks.pinned", TestPaths.widgets, "--token", "xyz"])
        #expect(badToken.0 == .usage)
        #expect(badToken.1.stderr.contains("--token 'xyz' is not a push token"))
    }

    /// The generated widget of a push widget registers its handler, which keeps the token in the
    /// container; the extension's entitlements get the push capability.
    @Test func generatedSwiftHasThePushHandlerAndEntitlement() throws {
        let dir = try temporaryDirectory()
        try """
            app: com.example.stocks
            displayName: Stocks
            appGroup: group.com.example.stocks
            widgets: [stocks.yaml]

            """.write(toFile: dir.path + "/app.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestPaths.widgets + "/stocks.yaml", toPath: dir.path + "/stocks.yaml")
        let out = dir.path + "/out"
        let (status, console) = runCLI(["generate", "swift", dir.path + "/app.yaml", "--out", out])
        #expect(status == .success, "\(console.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out + "/Widgets").first)
        let base = String(name.dropLast("Widget.swift".count))
        let widget = try String(contentsOfFile: out + "/Widgets/" + name, encoding: .utf8)
        #expect(widget.contains(".pushHandler(\(base)PushHandler.self)"))
        #expect(widget.contains("struct \(base)PushHandler: WidgetPushHandler {"))
        #expect(widget.contains("\"widgetc-push.json\""))
        let entitlements = try String(contentsOfFile: out + "/Supporting/Extension.entitlements", encoding: .utf8)
        #expect(entitlements.contains("<key>aps-environment</key>"))
        #expect(entitlements.contains("group.com.example.stocks"))
        // The app itself does not receive the widgets' pushes.
        #expect(!(try String(contentsOfFile: out + "/Supporting/App.entitlements", encoding: .utf8)).contains("aps-environment"))
    }
}
