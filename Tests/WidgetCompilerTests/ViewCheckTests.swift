import Testing
import WidgetCompiler
import WidgetDiagnostics
import WidgetSupport
import WidgetTestSupport

/// The checks of a face that fixtures do not pin down one by one: the names view templates
/// may use, and the strings a catalog translates.
@Suite("Views: checks")
struct ViewCheckTests {
    static func widget(_ view: String, content: String = #"{ title: "Hi", list: "{{data.notes}}" }"#) -> String {
        """
        kind: test.view
        displayName: View
        description: A view.
        parameters:
          compact: { type: boolean, title: Compact }
        data:
          notes: { file: notes.json }
        content: \(content)
        timeline: { hourly: true }
        view:
        \(view)
        """
    }

    func diagnostics(_ yaml: String) throws -> [Diagnostic] {
        Compilation().validate(bytes: Array(yaml.utf8), path: "w.yaml")
    }

    @Test func viewTemplatesSeeContentFieldsEntryFamilyAndParam() throws {
        let yaml = Self.widget("""
              vstack:
                - text: "{{title}} {{entry.time}} {{family}}"
                  if: "{{param.compact}}"
                - foreach: "{{list}}"
                  item: { text: "{{name}} {{.}}" }
            """)
        #expect(try diagnostics(yaml).isEmpty)
    }

    @Test func aMisspelledFieldIsAnErrorWithDidYouMeanAtItsColumn() throws {
        let yaml = Self.widget("  text: \"{{titel}}\"")
        let found = try diagnostics(yaml)
        #expect(found.map(\.code.name) == ["unknown-variable"])
        #expect(found.first?.message.contains("did you mean 'title'?") == true)
        #expect(found.first?.location == SourceLocation(line: 11, column: 12))
    }

    @Test func dataAndUnknownParametersAreNamedInWords() throws {
        let found = try diagnostics(Self.widget("""
              vstack:
                - text: "{{data.notes}}"
                - text: "{{param.compcat}}"
                - text: "{{entry.tme}}"
            """))
        #expect(found.map(\.code.name) == ["unknown-variable", "unknown-variable", "unknown-variable"])
        #expect(found[0].message.contains("views see the entry's content fields, not data sources"))
        #expect(found[1].message.contains("did you mean 'compact'?"))
        #expect(found[2].message.contains("did you mean 'time'?"))
    }

    @Test func anUnknownOptionGetsDidYouMeanFromTheSchema() throws {
        let found = try diagnostics(Self.widget("  text: x\n  lineLimt: 2"))
        #expect(found.map(\.code.name) == ["unknown-key"])
        #expect(found.first?.message.contains("did you mean 'lineLimit'?") == true)
    }

    @Test func anOptionOfTheWrongTypeIsASchemaError() throws {
        let found = try diagnostics(Self.widget("  text: x\n  opacity: lots"))
        #expect(found.map(\.code.name) == ["type-mismatch"])
        #expect(found.first?.location == SourceLocation(line: 12, column: 12))
    }

    @Test func viewTextsAreLocalizableStrings() throws {
        let yaml = Self.widget("""
              vstack:
                - text: Good morning
                - gauge: 0.5
                  label: Health
                  currentValueLabel: "{{title}}"
                - symbol: star.fill
                  accessibilityLabel: Favourite
            """)
        let document = try #require(SourceFiles.documents(of: Array(yaml.utf8), path: "w.yaml").documents.first)
        let strings = LocalizableStrings.of(document)
        let keys = strings.map(\.key)
        #expect(keys.contains("Good morning") && keys.contains("Health") && keys.contains("Favourite"))
        // Symbol names and pure tags are not text to translate.
        #expect(!keys.contains("star.fill") && !keys.contains("{{title}}"))
        #expect(strings.first { $0.key == "Health" }?.pointer == "/view/vstack/1/label")
    }

    @Test func theSpecExampleIsValid() throws {
        let yaml = """
            kind: test.weather
            displayName: Weather
            description: The spec's example.
            families: [systemSmall, systemMedium, systemLarge, accessoryCircular]
            parameters:
              showFeelsLike: { type: boolean, title: Feels like }
            data:
              weather: { file: weather.json }
            placeholder: { forecast: [] }
            content:
              location: Brooklyn
              symbol: cloud
              temperature: 4
              progress: 40
              forecast: "{{data.weather.next}}"
              feelsLike: 1
            timeline: { hourly: true }
            view:
              vstack:
                - hstack:
                    - text: "{{location}}"
                      font: headline
                    - spacer: {}
                    - symbol: "{{symbol}}"
                      color: yellow
                  spacing: 4
                - text: "{{temperature}}°"
                  font: { size: 34, weight: bold, design: rounded }
                  monospacedDigit: true
                - date: "{{entry.date}}"
                  style: relative
                - progress: "{{progress}}"
                  total: 100
                - foreach: "{{forecast}}"
                  limit: { systemMedium: 3, systemLarge: 6, default: 2 }
                  item:
                    hstack: [ { text: "{{time}}" }, { spacer: {} }, { text: "{{temp}}°" } ]
                - text: "Feels like {{feelsLike}}°"
                  if: "{{param.showFeelsLike}}"
                  families: [systemMedium, systemLarge]
              alignment: leading
              padding: 12
            background: { gradient: ["#1E3A8A", "#0EA5E9"] }
            familyView:
              accessoryCircular:
                gauge: "{{progress}}"
                range: [0, 100]
                label: HP
                style: accessoryCircularCapacity
            """
        let found = try diagnostics(yaml)
        #expect(found.isEmpty, "\(found.map { "\($0.location) \($0.code) \($0.message)" })")
    }

    /// Each option has its own bit among an element's options written (`option(_:)` trusts it
    /// to answer for an option that is not there), and its place in `allCases` as its ordinal.
    @Test func optionBitsAreDistinct() {
        let cases = ViewOption.allCases
        #expect(cases.count <= 64)
        #expect(cases.count <= OptionMembers.capacity)
        #expect(ViewElementKind.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        #expect(Set(cases.map(\.bit)).count == cases.count)
        #expect(cases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        // `ViewKey` looks up element keys and options in one table: no name is both.
        #expect(Set(ViewElementKind.allCases.map(\.rawValue)).isDisjoint(with: cases.map(\.rawValue)))
    }
}
