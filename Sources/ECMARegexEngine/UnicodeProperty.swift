/// A Unicode property usable in `\p{...}`: general categories (with ECMA-262's aliases)
/// and the binary properties the Swift standard library knows.
enum UnicodeProperty: Sendable {
    /// A set of general categories, one bit per `Unicode.GeneralCategory` (see `categoryBit`).
    case categories(UInt32)
    case any
    case ascii
    case assigned
    case binary(BinaryProperty)

    func contains(_ c: UInt32) -> Bool {
        switch self {
        case .any: return true
        case .ascii: return c < 128
        case .assigned, .categories, .binary:
            guard let scalar = Unicode.Scalar(c) else {
                // Surrogate code points never reach us from a Swift string; classify them anyway.
                if case .categories(let mask) = self { return mask & Self.categoryBit(.surrogate) != 0 }
                return false
            }
            let props = scalar.properties
            switch self {
            case .assigned: return props.generalCategory != .unassigned
            case .categories(let mask): return mask & Self.categoryBit(props.generalCategory) != 0
            case .binary(let b): return b.holds(for: props)
            default: return false
            }
        }
    }

    /// Parses the text between the braces of `\p{...}`; nil if ECMA-262 does not know it
    /// or we cannot evaluate it (scripts).
    static func named(_ text: String) -> UnicodeProperty? {
        if let eq = text.firstIndex(of: "=") {
            let name = text[..<eq], value = String(text[text.index(after: eq)...])
            guard name == "General_Category" || name == "gc" else { return nil }
            return generalCategory(value).map { .categories($0) }
        }
        if let mask = generalCategory(text) { return .categories(mask) }
        switch text {
        case "Any": return .any
        case "ASCII": return .ascii
        case "Assigned": return .assigned
        default: return BinaryProperty.named(text).map { .binary($0) }
        }
    }

    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt32 {
        let index: UInt32 =
            switch category {
            case .uppercaseLetter: 0
            case .lowercaseLetter: 1
            case .titlecaseLetter: 2
            case .modifierLetter: 3
            case .otherLetter: 4
            case .nonspacingMark: 5
            case .spacingMark: 6
            case .enclosingMark: 7
            case .decimalNumber: 8
            case .letterNumber: 9
            case .otherNumber: 10
            case .connectorPunctuation: 11
            case .dashPunctuation: 12
            case .openPunctuation: 13
            case .closePunctuation: 14
            case .initialPunctuation: 15
            case .finalPunctuation: 16
            case .otherPunctuation: 17
            case .mathSymbol: 18
            case .currencySymbol: 19
            case .modifierSymbol: 20
            case .otherSymbol: 21
            case .spaceSeparator: 22
            case .lineSeparator: 23
            case .paragraphSeparator: 24
            case .control: 25
            case .format: 26
            case .surrogate: 27
            case .privateUse: 28
            case .unassigned: 29
            @unknown default: 29
            }
        return 1 << index
    }

    /// Category names and aliases from Unicode's PropertyValueAliases, as ECMA-262 lists them.
    private static func generalCategory(_ name: String) -> UInt32? {
        func bits(_ indices: ClosedRange<UInt32>) -> UInt32 { indices.reduce(0) { $0 | 1 << $1 } }
        switch name {
        case "L", "Letter": return bits(0...4)
        case "LC", "Cased_Letter": return bits(0...2)
        case "Lu", "Uppercase_Letter": return 1 << 0
        case "Ll", "Lowercase_Letter": return 1 << 1
        case "Lt", "Titlecase_Letter": return 1 << 2
        case "Lm", "Modifier_Letter": return 1 << 3
        case "Lo", "Other_Letter": return 1 << 4
        case "M", "Mark", "Combining_Mark": return bits(5...7)
        case "Mn", "Nonspacing_Mark": return 1 << 5
        case "Mc", "Spacing_Mark": return 1 << 6
        case "Me", "Enclosing_Mark": return 1 << 7
        case "N", "Number": return bits(8...10)
        case "Nd", "Decimal_Number", "digit": return 1 << 8
        case "Nl", "Letter_Number": return 1 << 9
        case "No", "Other_Number": return 1 << 10
        case "P", "Punctuation", "punct": return bits(11...17)
        case "Pc", "Connector_Punctuation": return 1 << 11
        case "Pd", "Dash_Punctuation": return 1 << 12
        case "Ps", "Open_Punctuation": return 1 << 13
        case "Pe", "Close_Punctuation": return 1 << 14
        case "Pi", "Initial_Punctuation": return 1 << 15
        case "Pf", "Final_Punctuation": return 1 << 16
        case "Po", "Other_Punctuation": return 1 << 17
        case "S", "Symbol": return bits(18...21)
        case "Sm", "Math_Symbol": return 1 << 18
        case "Sc", "Currency_Symbol": return 1 << 19
        case "Sk", "Modifier_Symbol": return 1 << 20
        case "So", "Other_Symbol": return 1 << 21
        case "Z", "Separator": return bits(22...24)
        case "Zs", "Space_Separator": return 1 << 22
        case "Zl", "Line_Separator": return 1 << 23
        case "Zp", "Paragraph_Separator": return 1 << 24
        case "C", "Other": return bits(25...29)
        case "Cc", "Control", "cntrl": return 1 << 25
        case "Cf", "Format": return 1 << 26
        case "Cs", "Surrogate": return 1 << 27
        case "Co", "Private_Use": return 1 << 28
        case "Cn", "Unassigned": return 1 << 29
        default: return nil
        }
    }
}

/// The binary Unicode properties of ECMA-262's table that `Unicode.Scalar.Properties` answers.
enum BinaryProperty: Sendable {
    case alphabetic, asciiHexDigit, bidiControl, cased, caseIgnorable, changesWhenCasefolded
    case changesWhenCasemapped, changesWhenLowercased, changesWhenNFKCCasefolded, changesWhenTitlecased
    case changesWhenUppercased, dash, defaultIgnorable, deprecated, diacritic, emoji, emojiModifier
    case emojiModifierBase, emojiPresentation, extender, fullCompositionExclusion
    case hexDigit, idContinue, idStart, ideographic, idsBinaryOperator, idsTrinaryOperator, joinControl
    case logicalOrderException, lowercase, math, noncharacter, patternSyntax, patternWhiteSpace
    case quotationMark, radical, softDotted, sentenceTerminal, terminalPunctuation, unifiedIdeograph
    case uppercase, variationSelector, whiteSpace, xidContinue, xidStart

    static func named(_ name: String) -> BinaryProperty? {
        switch name {
        case "Alphabetic", "Alpha": .alphabetic
        case "ASCII_Hex_Digit", "AHex": .asciiHexDigit
        case "Bidi_Control", "Bidi_C": .bidiControl
        case "Cased": .cased
        case "Case_Ignorable", "CI": .caseIgnorable
        case "Changes_When_Casefolded", "CWCF": .changesWhenCasefolded
        case "Changes_When_Casemapped", "CWCM": .changesWhenCasemapped
        case "Changes_When_Lowercased", "CWL": .changesWhenLowercased
        case "Changes_When_NFKC_Casefolded", "CWKCF": .changesWhenNFKCCasefolded
        case "Changes_When_Titlecased", "CWT": .changesWhenTitlecased
        case "Changes_When_Uppercased", "CWU": .changesWhenUppercased
        case "Dash": .dash
        case "Default_Ignorable_Code_Point", "DI": .defaultIgnorable
        case "Deprecated", "Dep": .deprecated
        case "Diacritic", "Dia": .diacritic
        case "Emoji": .emoji
        case "Emoji_Modifier", "EMod": .emojiModifier
        case "Emoji_Modifier_Base", "EBase": .emojiModifierBase
        case "Emoji_Presentation", "EPres": .emojiPresentation
        case "Extender", "Ext": .extender
        case "Full_Composition_Exclusion", "Comp_Ex": .fullCompositionExclusion
        case "Hex_Digit", "Hex": .hexDigit
        case "ID_Continue", "IDC": .idContinue
        case "ID_Start", "IDS": .idStart
        case "Ideographic", "Ideo": .ideographic
        case "IDS_Binary_Operator", "IDSB": .idsBinaryOperator
        case "IDS_Trinary_Operator", "IDST": .idsTrinaryOperator
        case "Join_Control", "Join_C": .joinControl
        case "Logical_Order_Exception", "LOE": .logicalOrderException
        case "Lowercase", "Lower": .lowercase
        case "Math": .math
        case "Noncharacter_Code_Point", "NChar": .noncharacter
        case "Pattern_Syntax", "Pat_Syn": .patternSyntax
        case "Pattern_White_Space", "Pat_WS": .patternWhiteSpace
        case "Quotation_Mark", "QMark": .quotationMark
        case "Radical": .radical
        case "Soft_Dotted", "SD": .softDotted
        case "Sentence_Terminal", "STerm": .sentenceTerminal
        case "Terminal_Punctuation", "Term": .terminalPunctuation
        case "Unified_Ideograph", "UIdeo": .unifiedIdeograph
        case "Uppercase", "Upper": .uppercase
        case "Variation_Selector", "VS": .variationSelector
        case "White_Space", "space": .whiteSpace
        case "XID_Continue", "XIDC": .xidContinue
        case "XID_Start", "XIDS": .xidStart
        default: nil
        }
    }

    func holds(for p: Unicode.Scalar.Properties) -> Bool {
        switch self {
        case .alphabetic: p.isAlphabetic
        case .asciiHexDigit: p.isASCIIHexDigit
        case .bidiControl: p.isBidiControl
        case .cased: p.isCased
        case .caseIgnorable: p.isCaseIgnorable
        case .changesWhenCasefolded: p.changesWhenCaseFolded
        case .changesWhenCasemapped: p.changesWhenCaseMapped
        case .changesWhenLowercased: p.changesWhenLowercased
        case .changesWhenNFKCCasefolded: p.changesWhenNFKCCaseFolded
        case .changesWhenTitlecased: p.changesWhenTitlecased
        case .changesWhenUppercased: p.changesWhenUppercased
        case .dash: p.isDash
        case .defaultIgnorable: p.isDefaultIgnorableCodePoint
        case .deprecated: p.isDeprecated
        case .diacritic: p.isDiacritic
        case .emoji: p.isEmoji
        case .emojiModifier: p.isEmojiModifier
        case .emojiModifierBase: p.isEmojiModifierBase
        case .emojiPresentation: p.isEmojiPresentation
        case .extender: p.isExtender
        case .fullCompositionExclusion: p.isFullCompositionExclusion
        case .hexDigit: p.isHexDigit
        case .idContinue: p.isIDContinue
        case .idStart: p.isIDStart
        case .ideographic: p.isIdeographic
        case .idsBinaryOperator: p.isIDSBinaryOperator
        case .idsTrinaryOperator: p.isIDSTrinaryOperator
        case .joinControl: p.isJoinControl
        case .logicalOrderException: p.isLogicalOrderException
        case .lowercase: p.isLowercase
        case .math: p.isMath
        case .noncharacter: p.isNoncharacterCodePoint
        case .patternSyntax: p.isPatternSyntax
        case .patternWhiteSpace: p.isPatternWhitespace
        case .quotationMark: p.isQuotationMark
        case .radical: p.isRadical
        case .softDotted: p.isSoftDotted
        case .sentenceTerminal: p.isSentenceTerminal
        case .terminalPunctuation: p.isTerminalPunctuation
        case .unifiedIdeograph: p.isUnifiedIdeograph
        case .uppercase: p.isUppercase
        case .variationSelector: p.isVariationSelector
        case .whiteSpace: p.isWhitespace
        case .xidContinue: p.isXIDContinue
        case .xidStart: p.isXIDStart
        }
    }
}
