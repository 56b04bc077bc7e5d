import Foundation
import Testing
import WidgetSimulator
import WidgetSupport
import WidgetTestSupport
import WidgetcRuntimeCore
import WidgetTime

/// The preview's drawing of a render tree (docs/preview.md, "Faces"): what each element becomes,
/// live dates as the device shows them at the entry, the appearances, placeholders, embedding.
@Suite struct FaceRendererTests {
    struct UTC: UTCOffsetSource {
        func utcOffset(at instant: Instant) -> Int { 0 }
    }

    static let utc = UTC()
    /// 2026-11-29T08:53:20Z.
    static let now = Instant(seconds: 1_795_942_400)

    func renderer(_ family: WidgetFamily = .systemSmall, locale: String? = nil, container: Container? = nil) -> FaceRenderer {
        let (w, h) = DeviceClass.standard.size(of: family)
        return FaceRenderer(family: family, width: w, height: h, dates: FaceDates(zone: Self.utc, locale: locale), container: container, tint: "#FF9F0A")
    }

    func tree(_ root: JSONValue, background: JSONValue? = nil) -> JSONValue {
        var o = JSONObject()
        o["family"] = "systemSmall"
        o["root"] = root
        if let background { o["background"] = background }
        return .object(o)
    }

    func iso(_ t: Instant) -> JSONValue { .string(t.iso8601(offset: 0)) }

    @Test func aChartIsInlineSVGWithItsMarksOnTheDomain() {
        func point(_ x: String, _ y: Double, _ series: String? = nil) -> JSONValue {
            var o = JSONObject([("x", .string(x)), ("y", .double(y))])
            if let series { o["series"] = .string(series) }
            return .object(o)
        }
        // Two categories, two series of bars: stacked, the domain 0 to 8 (zero included).
        let bars: JSONValue = ["id": "v", "element": "chart", "mark": "bar",
                               "points": [point("a", 2, "A"), point("a", 6, "B"), point("b", 4, "A")]]
        let html = renderer(.systemMedium).face(tree(bars), now: Self.now, appearance: .light, url: nil)
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 60\" preserveAspectRatio=\"none\""))
        #expect(html.components(separatedBy: "<rect ").count - 1 == 3)
        // a/A from 0 to 2 (y 60 to 45), a/B on top of it from 2 to 8 (y 45 to 0), in blue and green.
        #expect(html.contains("<rect x=\"10\" y=\"45\" width=\"30\" height=\"15\" fill=\"#007AFF\"/>"), "\(html)")
        #expect(html.contains("<rect x=\"10\" y=\"0\" width=\"30\" height=\"45\" fill=\"#34C759\"/>"))
        #expect(html.contains("<span class=\"yaxis\"><span>8</span><span>0</span></span>"))
        #expect(html.contains("<span class=\"legend\">"))
        // A line over a given domain, in the element's colour; the vibrant rendering keeps no hue.
        let line: JSONValue = ["id": "v", "element": "chart", "mark": "line", "yRange": [0, 10], "color": ["system": "orange"],
                               "points": [point("09", 5), point("10", 10)]]
        let drawn = renderer(.systemMedium).face(tree(line), now: Self.now, appearance: .dark, url: nil)
        #expect(drawn.contains("<path d=\"M25 30L75 0\" fill=\"none\" stroke=\"#FF9F0A\""), "\(drawn)")
        #expect(!drawn.contains("class=\"legend\""))
        let vibrant = renderer(.accessoryRectangular).face(tree(line), now: Self.now, appearance: .vibrant, url: nil)
        #expect(vibrant.contains("stroke=\"#FFFFFF\"") && !vibrant.contains("#FF9F0A"))
        // Points are round dots however the plot stretches.
        let dots: JSONValue = ["id": "v", "element": "chart", "mark": "point", "points": [point("x", 1)]]
        #expect(renderer().face(tree(dots), now: Self.now, appearance: .light, url: nil).contains("stroke-linecap=\"round\" vector-effect=\"non-scaling-stroke\""))
    }

    @Test func numberAndDateAxesPlaceEachPointOnALine() {
        // A date axis over 9 hours: places by time, hour labels; the line takes its first mark's colour.
        let dated: JSONValue = ["id": "v", "element": "chart", "mark": "line", "xType": "date", "points": [
            ["x": "2026-11-29T09:00:00Z", "y": 3, "color": ["system": "red"]], ["x": "2026-11-29T12:00:00Z", "y": 5],
            ["x": "2026-11-29T18:00:00Z", "y": 4],
        ]]
        let html = renderer(.systemMedium).face(tree(dated), now: Self.now, appearance: .light, url: nil)
        #expect(html.contains("<path d=\"M0 24L33.33 0L100 12\" fill=\"none\" stroke=\"#FF3B30\""), "\(html)")
        #expect(html.contains("<span class=\"xaxis line\"><span style=\"left:0%\">9 AM</span><span style=\"left:25%\">11 AM</span><span style=\"left:50%\">1 PM</span><span style=\"left:75%\">3 PM</span><span style=\"left:100%\">6 PM</span></span>"), "\(html)")
        // A number axis includes zero; bars take their own colours where they have one.
        let numbered: JSONValue = ["id": "v", "element": "chart", "mark": "bar", "xType": "number", "color": ["system": "teal"], "points": [
            ["x": 1, "y": 3, "color": ["system": "red"]], ["x": 2.5, "y": 5], ["x": 7, "y": 1],
        ]]
        let bars = renderer(.systemMedium).face(tree(numbered), now: Self.now, appearance: .light, url: nil)
        #expect(bars.components(separatedBy: "<rect ").count - 1 == 3)
        #expect(bars.components(separatedBy: "fill=\"#FF3B30\"").count - 1 == 1 && bars.components(separatedBy: "fill=\"#30B0C7\"").count - 1 == 2, "\(bars)")
        #expect(bars.contains(">0</span>") && bars.contains(">1.75</span>") && bars.contains(">7</span>"))
        // Over more than two days the labels are days.
        #expect(FaceDates(zone: Self.utc, locale: nil).axisLabel(Self.now, span: 7 * 86_400) == "Nov 29")
        #expect(FaceDates(zone: Self.utc, locale: "de-DE").axisLabel(Self.now, span: 3600) == "08")
    }

    @Test func aGridIsRowsOfItsColumns() {
        let cell: (String) -> JSONValue = { ["id": "v.item", "element": "text", "text": .string($0)] }
        let grid: JSONValue = ["id": "v", "element": "grid", "columns": 7, "spacing": 2, "items": [cell("1"), cell("2"), cell("3")]]
        let html = renderer(.systemLarge).face(tree(grid), now: Self.now, appearance: .light, url: nil)
        #expect(html.contains("display:grid;grid-template-columns:repeat(7,auto);gap:2px;"), "\(html)")
        #expect(html.components(separatedBy: "class=\"n text\"").count - 1 == 3)
    }

    @Test func aTimerReadsAsTheDeviceShowsItAtTheEntry() {
        // Counting down to an instant 53.5 hours after the entry.
        let node: JSONValue = ["id": "v", "element": "date", "date": iso(Self.now + 192_600), "style": "timer"]
        let html = renderer().face(tree(node), now: Self.now, appearance: .light, url: nil)
        #expect(html.contains(">53:30:00</time>"))
        let range: JSONValue = ["id": "v", "element": "timer", "from": iso(Self.now - 60), "to": iso(Self.now + 307), "countsDown": true]
        #expect(renderer().face(tree(range), now: Self.now, appearance: .light, url: nil).contains(">5:07</time>"))
    }

    @Test func relativeOffsetTimeAndDateStyles() {
        let dates = FaceDates(zone: Self.utc, locale: nil)
        #expect(dates.text(Self.now + 3 * 3600, style: "relative", now: Self.now) == "in 3 hr")
        #expect(dates.text(Self.now + 2 * 3600 + 13 * 60 + 5, style: "relative", now: Self.now) == "in 2 hr, 13 min")
        #expect(dates.text(Self.now - 300, style: "relative", now: Self.now) == "5 min ago")
        #expect(dates.text(Self.now - 3600, style: "offset", now: Self.now) == "-1 hr")
        #expect(dates.text(Self.now + 7_205, style: "timer", now: Self.now) == "2:00:05")
        #expect(dates.text(Self.now, style: "time", now: Self.now) == "8:53 AM")
        #expect(dates.text(Self.now, style: "date", now: Self.now) == "November 29, 2026")
        #expect(FaceDates(zone: Self.utc, locale: "de-DE").text(Self.now, style: "time", now: Self.now) == "08:53")
        #expect(FaceDates.fraction(from: Self.now - 50, to: Self.now + 50, countsDown: true, now: Self.now) == 0.5)
    }

    @Test func stacksBecomeFlexboxesAndSpacersGrow() {
        let root: JSONValue = [
            "id": "v", "element": "vstack", "alignment": "leading", "spacing": 4,
            "children": [
                ["id": "v.0", "element": "hstack", "children": [
                    ["id": "v.0.0", "element": "text", "text": "Brooklyn", "font": ["style": "headline"]],
                    ["id": "v.0.1", "element": "spacer"],
                    ["id": "v.0.2", "element": "symbol", "name": "cloud.rain", "color": ["system": "yellow"]],
                ]],
                ["id": "v.1", "element": "text", "text": "4°", "font": ["size": 34, "weight": "bold", "design": "rounded"]],
            ],
        ]
        let light = renderer().face(tree(root), now: Self.now, appearance: .light, url: "weather://brooklyn")
        #expect(light.contains("class=\"n vstack\""))
        #expect(light.contains("gap:4px;align-items:flex-start;"))
        // The hstack holding a spacer takes the stack's width; the spacer grows.
        #expect(light.contains("class=\"n hstack\" style=\"flex:0 1 auto;align-self:stretch;"))
        #expect(light.contains("class=\"n spacer\" style=\"flex:1 1 0;min-width:8px;"))
        #expect(light.contains("font-size:17px;font-weight:600;"))
        #expect(light.contains("font-size:34px;font-weight:700;font-family:ui-rounded"))
        // A symbol is a neutral placeholder with its name, in the element's colour.
        #expect(light.contains("role=\"img\" title=\"cloud.rain\""))
        #expect(light.contains("<span class=\"sname\">cloud.rain</span>"))
        #expect(light.contains("color:#FFCC00;"))
        #expect(renderer().face(tree(root), now: Self.now, appearance: .dark, url: nil).contains("color:#FFD60A;"))
        #expect(light.contains("title=\"weather://brooklyn\""))
        #expect(light.contains("width:170px;height:170px"))
    }

    @Test func accentableElementsTakeTheTintAndVibrantIsMonochrome() {
        let root: JSONValue = [
            "id": "v", "element": "vstack", "children": [
                ["id": "v.0", "element": "text", "text": "HP", "accentable": true, "color": ["system": "red"]],
                ["id": "v.1", "element": "text", "text": "Level", "color": ["system": "red"]],
            ],
        ]
        let background: JSONValue = ["color": ["light": "#1E3A8A", "dark": "#0E1A4A"]]
        let accented = renderer().face(tree(root, background: background), now: Self.now, appearance: .accented, url: nil)
        #expect(accented.contains("class=\"n text accentable\" style=\"flex:0 1 auto;color:#FF9F0A;\""))
        #expect(!accented.contains("#FF3B30"))
        #expect(!accented.contains("#1E3A8A"))
        let vibrant = renderer(.accessoryRectangular).face(tree(root, background: background), now: Self.now, appearance: .vibrant, url: nil)
        #expect(!vibrant.contains("#FF3B30") && !vibrant.contains("#FF9F0A") && !vibrant.contains("#1E3A8A"))
        let light = renderer().face(tree(root, background: background), now: Self.now, appearance: .light, url: nil)
        #expect(light.contains("background:#1E3A8A"))
        #expect(light.contains("color:#FF3B30;"))
    }

    @Test func gaugesAndProgressShowTheirValue() {
        let gauge: JSONValue = ["id": "f.accessoryCircular", "element": "gauge", "value": 75, "min": 0, "max": 100, "currentValueLabel": "75", "style": "accessoryCircularCapacity"]
        let html = renderer(.accessoryCircular).face(tree(gauge), now: Self.now, appearance: .vibrant, url: nil)
        let length = 2 * Double.pi * 42
        #expect(html.contains("stroke-dasharray=\"\(FaceRenderer.number(length * 0.75)) \(FaceRenderer.number(length))\""))
        #expect(html.contains(">75</text>"))
        let progress: JSONValue = ["id": "v", "element": "progress", "value": 30, "total": 120]
        #expect(renderer().face(tree(progress), now: Self.now, appearance: .light, url: nil).contains("width:25%"))
    }

    @Test func imagesArePlaceholdersOrEmbeddedFromTheContainer() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        try Data(png).write(to: dir.appendingPathComponent("logo.png"))
        let container = Container(directory: dir.path)
        let asset: JSONValue = ["id": "v", "element": "image", "asset": "AppLogo"]
        let placeholder = renderer(container: container).face(tree(asset), now: Self.now, appearance: .light, url: nil)
        #expect(placeholder.contains("title=\"AppLogo\"") && placeholder.contains(">AppLogo</span>"))
        let file: JSONValue = ["id": "v", "element": "image", "file": "logo.png"]
        let embedded = renderer(container: container).face(tree(file), now: Self.now, appearance: .light, url: nil)
        #expect(embedded.contains("src=\"data:image/png;base64,iVBORw0KGgoBAgM=\""))
        let missing: JSONValue = ["id": "v", "element": "image", "file": "../outside.png"]
        #expect(renderer(container: container).face(tree(missing), now: Self.now, appearance: .light, url: nil).contains("title=\"missing: ../outside.png\""))
    }

    @Test func rightToLeftLocalesGetLangAndDir() {
        let root: JSONValue = ["id": "v", "element": "text", "text": "مرحبا"]
        let arabic = renderer(locale: "ar-EG").face(tree(root), now: Self.now, appearance: .light, url: nil)
        #expect(arabic.contains("lang=\"ar-EG\" dir=\"rtl\""))
        let german = renderer(locale: "de").face(tree(root), now: Self.now, appearance: .light, url: nil)
        #expect(german.contains("lang=\"de\"") && !german.contains("dir=\"rtl\""))
    }

    @Test func textFromDataIsEscapedAndColoursFromDataAreNotCSS() {
        let root: JSONValue = ["id": "v", "element": "text", "text": "</div><script>x</script>", "color": ["light": "red;background:url(x)", "dark": "#000000"]]
        let html = renderer().face(tree(root), now: Self.now, appearance: .light, url: nil)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;/div&gt;&lt;script&gt;"))
        #expect(!html.contains("url(x)"))
    }

    @Test func deviceClassesHaveTheGuidelinesSizes() {
        #expect(DeviceClass.iphoneMax.size(of: .systemMedium) == (364, 170))
        #expect(DeviceClass.iphone.size(of: .systemLarge) == (338, 354))
        #expect(DeviceClass.iphoneSE.size(of: .accessoryCircular) == (68, 68))
        #expect(DeviceClass.ipad.size(of: .systemExtraLarge) == (795, 378.5))
    }

    /// The runtime's pixel limit for remote images is the largest of these point sizes at its
    /// screen's scale (the iPhones 3×, but the SE 2×; the iPad 2×), over the classes that have the
    /// family (no iPhone has systemExtraLarge; the iPad's accessory sizes are borrowed).
    @Test func familyPixelsAreTheLargestDeviceSizeAtItsScale() {
        let scale: [DeviceClass: Double] = [.iphoneMax: 3, .iphone: 3, .iphoneSE: 2, .ipad: 2]
        for family in WidgetFamily.allCases {
            let classes = DeviceClass.allCases.filter { device in
                family == .systemExtraLarge ? device == .ipad : !(device == .ipad && family.rawValue.hasPrefix("accessory"))
            }
            let largest = classes.map { d in (Int(d.size(of: family).width * scale[d]!), Int(d.size(of: family).height * scale[d]!)) }
                .max { $0.0 * $0.1 < $1.0 * $1.1 }!
            #expect(family.pixelSize == largest, "\(family)")
        }
    }
}
