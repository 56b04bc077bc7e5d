/// A CLDR plural category, as a String Catalog names its plural variations.
package enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    package static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The operands of a number as shown (UTS #35, "Plural Operand Meanings"):
/// `1.50` has n = 1.5, i = 1, v = 2, w = 1, f = 50, t = 5. A shown number has
/// no compact exponent, so e (c) is 0.
struct PluralOperands {
    var n: Double
    var i: Int
    var v: Int
    var w: Int
    var f: Int
    var t: Int
    var e: Int = 0

    /// A number as written in decimal (`12`, `-1.50`); nil for anything else
    /// (an exponent, a NaN, more digits than an Int holds).
    init?(_ text: Substring) {
        var digits = text
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let intPart = parts.first, !intPart.isEmpty, intPart.count <= 18,
              intPart.allSatisfy({ $0.isASCII && $0.isNumber }), let i = Int(intPart) else { return nil }
        var fraction: Substring = ""
        if parts.count == 2 {
            fraction = parts[1]
            guard !fraction.isEmpty, fraction.count <= 18, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        let trimmed = fraction.reversed().drop { $0 == "0" }
        guard let n = Double(digits) else { return nil }
        self.n = n
        self.i = i
        v = fraction.count
        w = trimmed.count
        f = Int(fraction) ?? 0
        t = Int(String(trimmed.reversed())) ?? 0
    }
}

/// CLDR's cardinal plural rules for every locale CLDR defines (the table is
/// generated from CLDR's data by scripts/generate-plural-rules.py).
package struct PluralRules: Sendable, Equatable {
    let ruleSet: Int

    /// The rules of a BCP 47 tag: the tag itself (`pt-PT`), its language and
    /// script (`zh-Hant`), its language (`pt`), else CLDR's root (`other` only).
    package init(locale tag: String) {
        for candidate in LocaleTag.fallbacks(of: tag) {
            if let set = Self.ruleSet(forCLDRLocale: String(candidate.map { $0 == "-" ? "_" : $0 })) {
                ruleSet = set
                return
            }
        }
        ruleSet = Self.ruleSet(forCLDRLocale: "root") ?? 0
    }

    /// The categories this locale distinguishes, in CLDR's order.
    package var categories: [PluralCategory] { Self.categories(ofRuleSet: ruleSet) }

    /// The category of a number as it is shown (`1`, `1.5`, `2.0`); `other` for text that is not a decimal number.
    package func category(of shown: String) -> PluralCategory {
        guard let operands = PluralOperands(Substring(shown)) else { return .other }
        return Self.category(ruleSet: ruleSet, operands)
    }
}

// The relations the generated table is written with: plain functions, so the
// type checker meets no overloaded operator chains.
func eqi(_ a: Int, _ b: Int) -> Bool { a == b }
func ini(_ a: Int, _ lo: Int, _ hi: Int) -> Bool { a >= lo && a <= hi }
func modi(_ a: Int, _ m: Int) -> Int { a % m }
func eqn(_ a: Double, _ b: Double) -> Bool { a == b }
/// A range holds n only when n is a whole number in it (`n = 2..4` is false for 2.5).
func inn(_ a: Double, _ lo: Double, _ hi: Double) -> Bool { a >= lo && a <= hi && a.rounded(.towardZero) == a }
func modn(_ a: Double, _ m: Double) -> Double { a.truncatingRemainder(dividingBy: m) }
