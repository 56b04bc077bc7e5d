import Testing
@testable import WidgetcRuntimeCore

/// CLDR cardinal plural rules (spec "Plurals"): the generated table answers
/// CLDR's own examples for every locale it defines.
@Suite struct PluralRulesTests {
    func category(_ locale: String, _ number: String) -> PluralCategory {
        PluralRules(locale: locale).category(of: number)
    }

    @Test func everyCLDRExampleOfEveryLocale() {
        var checked = 0
        for set in PluralSamples.sets {
            for locale in set.locales {
                let rules = PluralRules(locale: locale.replacingOccurrences(of: "_", with: "-"))
                #expect(rules.categories.map(\.rawValue) == PluralCategory.allCases.map(\.rawValue).filter { c in set.samples.contains { $0.category == c } }, "\(locale)")
                for (expected, values) in set.samples {
                    for value in values {
                        #expect(rules.category(of: value).rawValue == expected, "\(locale) \(value)")
                        checked += 1
                    }
                }
            }
        }
        #expect(PluralRules.cldrLocales.count == PluralSamples.sets.reduce(0) { $0 + $1.locales.count })
        #expect(checked > 10_000)
    }

    @Test func english() {
        #expect(category("en", "1") == .one)
        #expect(category("en", "0") == .other)
        #expect(category("en", "2") == .other)
        #expect(category("en", "1.5") == .other)
        #expect(category("en", "1.0") == .other)   // v = 1: "1.0 days"
        #expect(category("en-GB", "1") == .one)
    }

    @Test func frenchZeroAndOnePointFiveAreOne() {
        #expect(category("fr", "0") == .one)
        #expect(category("fr", "1") == .one)
        #expect(category("fr", "1.5") == .one)
        #expect(category("fr", "2") == .other)
        #expect(category("fr", "1000000") == .many)
        #expect(category("fr-CA", "0.5") == .one)
    }

    @Test func german() {
        #expect(category("de", "1") == .one)
        #expect(category("de", "0") == .other)
        #expect(category("de", "1.5") == .other)
    }

    @Test func russianAndUkrainian() {
        for locale in ["ru", "uk"] {
            #expect(PluralRules(locale: locale).categories == [.one, .few, .many, .other])
            for n in ["1", "21", "101", "1001"] { #expect(category(locale, n) == .one, "\(locale) \(n)") }
            for n in ["2", "3", "4", "22", "24", "102"] { #expect(category(locale, n) == .few, "\(locale) \(n)") }
            for n in ["0", "5", "11", "12", "14", "19", "100", "111"] { #expect(category(locale, n) == .many, "\(locale) \(n)") }
            for n in ["0.0", "1.5", "10.1"] { #expect(category(locale, n) == .other, "\(locale) \(n)") }
        }
    }

    @Test func polish() {
        #expect(category("pl", "1") == .one)
        #expect(category("pl", "2") == .few)
        #expect(category("pl", "22") == .few)
        #expect(category("pl", "12") == .many)
        #expect(category("pl", "5") == .many)
        #expect(category("pl", "0") == .many)
        #expect(category("pl", "1.5") == .other)
    }

    @Test func czechDecimalsAreMany() {
        #expect(PluralRules(locale: "cs").categories == [.one, .few, .many, .other])
        #expect(category("cs", "1") == .one)
        #expect(category("cs", "3") == .few)
        #expect(category("cs", "5") == .other)
        #expect(category("cs", "0.5") == .many)
        #expect(category("cs", "1.5") == .many)
        #expect(category("cs", "1.0") == .many)
    }

    @Test func arabicHasAllSix() {
        #expect(PluralRules(locale: "ar").categories == PluralCategory.allCases)
        #expect(category("ar", "0") == .zero)
        #expect(category("ar", "1") == .one)
        #expect(category("ar", "2") == .two)
        #expect(category("ar", "3") == .few)
        #expect(category("ar", "103") == .few)
        #expect(category("ar", "11") == .many)
        #expect(category("ar", "99") == .many)
        #expect(category("ar", "100") == .other)
        #expect(category("ar", "0.5") == .other)
        #expect(category("ar-EG", "2") == .two)
    }

    @Test func hebrew() {
        #expect(category("he", "1") == .one)
        #expect(category("he", "2") == .two)
        #expect(category("he", "3") == .other)
        #expect(category("he", "20") == .many)   // CLDR 41 (the data generated from); CLDR 42 folds it into other
        #expect(category("he", "21") == .other)
        #expect(category("he", "1.5") == .other)
    }

    @Test func japaneseAndChineseHaveOnlyOther() {
        for locale in ["ja", "zh-Hans", "zh-Hant-TW", "zh"] {
            #expect(PluralRules(locale: locale).categories == [.other], "\(locale)")
            for n in ["0", "1", "2", "1.5"] { #expect(category(locale, n) == .other) }
        }
    }

    @Test func unknownLocalesAndNonNumbers() {
        #expect(PluralRules(locale: "xx").categories == [.other])
        #expect(category("en", "one") == .other)
        #expect(category("en", "1e3") == .other)
        #expect(category("en", "-1") == .one)
    }

    @Test func localeTags() {
        #expect(LocaleTag.canonical("zh-hans-cn") == "zh-Hans-CN")
        #expect(LocaleTag.canonical("PT-br") == "pt-BR")
        #expect(LocaleTag.canonical("es-419") == "es-419")
        #expect(LocaleTag.canonical("en_US") == nil)
        #expect(LocaleTag.canonical("e") == nil)
        #expect(LocaleTag.canonical("en--US") == nil)
        #expect(LocaleTag.canonical("klingon!") == nil)
        #expect(LocaleTag.fallbacks(of: "zh-Hans-CN") == ["zh-Hans-CN", "zh-Hans", "zh"])
        #expect(LocaleTag.fallbacks(of: "pt-BR") == ["pt-BR", "pt"])
        #expect(LocaleTag.fallbacks(of: "de") == ["de"])
    }
}
