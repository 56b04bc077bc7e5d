import WidgetDiagnostics
import WidgetSupport

/// How `validate` prints its diagnostics (`--format`).
enum DiagnosticFormat: String, CaseIterable {
    /// For people: `file:line:col: error: message [code]`, the line and a caret, on stderr.
    case text
    /// One object with every diagnostic, on stdout.
    case json
    /// GitHub Actions workflow commands, one line a diagnostic, on stdout.
    case github
    /// One SARIF 2.1.0 log, on stdout.
    case sarif

    /// Whether the diagnostics are printed a file at a time (rather than as one document at the end).
    var streams: Bool { self == .text || self == .github }
}

/// `::error file=F,line=L,col=C,title=CODE::message`, as GitHub Actions reads workflow commands
/// (docs.github.com "Workflow commands for GitHub Actions": error, warning and notice).
package enum GitHubAnnotations {
    package static func line(_ d: Diagnostic) -> String {
        let command: String
        switch d.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        var properties = ["file=" + property(d.file), "line=\(d.location.line)", "col=\(d.location.column)"]
        // GitHub's endColumn is the value's last column (an annotation's end defaults to its start).
        if let end = d.end, end.line == d.location.line, end.column > d.location.column {
            properties += ["endLine=\(end.line)", "endColumn=\(end.column - 1)"]
        }
        properties.append("title=" + property(d.code.name))
        return "::\(command) \(properties.joined(separator: ","))::\(data(d.message))\n"
    }

    /// A message: `%`, CR and LF escaped (a newline would end the command).
    package static func data(_ s: String) -> String {
        escaped(s, also: [])
    }

    /// A property's value: also `:` and `,`, which would end it.
    package static func property(_ s: String) -> String {
        escaped(s, also: [":", ","])
    }

    private static func escaped(_ s: String, also: Set<Unicode.Scalar>) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where also.contains(":"): out += "%3A"
            case "," where also.contains(","): out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
