#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WidgetCompiler
import WidgetSupport

/// `widgetc init [DIR] [--app ID]`: a starter project that validates, runs and previews as it
/// stands: the app manifest, one widget with a face, its container sample, a scenario and the
/// String Catalog, every YAML line commented.
enum InitCommand {
    static let command = Command(
        name: "init",
        usage: "widgetc init [--app ID] [DIR]",
        abstract: "Start a widget project: a manifest, a widget with its face, sample data, a scenario and the catalog.",
        discussion: """
            Writes into DIR (default: the current directory, created if missing): app.yaml (the app manifest), \
            today.yaml (a widget with a face and three daily slots), container/today.json (the data the app \
            would write), scenarios/day.yaml (the app updating it at noon) and Localizable.xcstrings (the \
            String Catalog). Every line of the YAML says what it does. Refuses to overwrite: when any of these \
            files exists, nothing is written. Then prints the next three commands: validate, run and preview.
            """,
        options: Options.self,
        run: run
    )

    struct Options: CommandOptions {
        static let options = [
            OptionSpec("app", value: "ID", help: "The app's bundle identifier (default com.example.myapp); the widget's kind and the app group follow it."),
        ]
        let directory: String
        let app: String

        init(_ args: ParsedArguments) throws(UsageError) {
            guard args.positional.count <= 1 else {
                throw UsageError(message: "'init' takes at most one directory, e.g. widgetc init MyWidgets")
            }
            directory = args.positional.first ?? "."
            app = args.value("app") ?? "com.example.myapp"
            guard InitCommand.isBundleIdentifier(app) else {
                throw UsageError(message: "--app '\(app)' is not a bundle identifier; use letters, digits and '-' in components joined by '.', such as com.example.myapp")
            }
        }
    }

    /// What the manifest's `app` accepts (schemas/app.schema.json), with at least two components,
    /// as App Store bundle identifiers have.
    static func isBundleIdentifier(_ id: String) -> Bool {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
        }
    }

    static func run(_ options: Options, _ console: Console) throws(UsageError) -> ExitCode {
        let files = StarterProject(app: options.app).files
        let base = options.directory.hasSuffix("/") ? options.directory : options.directory + "/"
        if let status = POSIXFiles.status(options.directory), status.type != .directory {
            throw UsageError(message: "'\(options.directory)' is a file; give a directory for the project")
        }
        // Every path is checked before anything is written: an existing file is never touched.
        let existing = files.map(\.path).filter { POSIXFiles.entryKind(base + $0) != .none }
        guard existing.isEmpty else {
            throw UsageError(message: "\(existing.map { "'\(base + $0)'" }.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : ""); nothing was written (init never overwrites: choose another directory or move them away)")
        }
        var created: [String] = []
        var createdDirectories: [String] = []
        do throws(UsageError) {
            for file in files {
                let path = base + file.path
                try makeDirectories(SourceFiles.directory(of: path), created: &createdDirectories)
                try writeNew(path, file.contents)
                created.append(path)
            }
        } catch {
            // Nothing half-written: what this run wrote goes, and so do the directories it made.
            for path in created.reversed() { unlink(path) }
            for directory in createdDirectories.reversed() { rmdir(directory) }
            throw error
        }
        let dir = options.directory == "." ? "" : base
        console.err("wrote \(files.count) files to \(options.directory == "." ? "the current directory" : options.directory): \(files.map(\.path).joined(separator: ", "))\n")
        let widget = shellQuoted(dir + "today.yaml"), scenario = shellQuoted(dir + "scenarios/day.yaml")
        console.out("""
            Next:
              widgetc validate \(shellQuoted(dir.isEmpty ? "." : dir))
              widgetc run \(widget) --scenario \(scenario) \(StarterProject.window)
              widgetc preview \(widget) --scenario \(scenario) \(StarterProject.window) --out today.html

            """)
        return .success
    }

    /// `path` as a shell reads it: as it stands when it has no special character, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+,:@".unicodeScalars.contains($0) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Creates each missing directory of `path`, noting the ones it made.
    static func makeDirectories(_ path: String, created: inout [String]) throws(UsageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o777) == 0 {
                created.append(prefix)
            } else if errno != EEXIST {
                throw UsageError(message: "cannot create directory '\(prefix)': \(POSIXFiles.errorText(errno))")
            } else if POSIXFiles.status(prefix)?.type != .directory {
                throw UsageError(message: "cannot create directory '\(prefix)': a file of that name exists")
            }
        }
    }

    /// Writes a file that must not exist yet (`O_EXCL`: one created meanwhile is not overwritten either).
    static func writeNew(_ path: String, _ contents: String) throws(UsageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw UsageError(message: "cannot create '\(path)': \(POSIXFiles.errorText(errno))") }
        let bytes = Array(contents.utf8)
        var offset = 0
        var failure: Int32 = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += n
        }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw UsageError(message: "cannot write '\(path)': \(POSIXFiles.errorText(failure))")
        }
    }
}

/// The starter project's files, for an app id. Every YAML line says what it does.
struct StarterProject {
    let app: String

    /// The day the scenario plays (a Monday), as `run` and `preview` take it.
    static let window = "--from 2026-12-07T06:00:00Z --for 16h --tz UTC"

    /// The app's name from its id's last component (`com.example.myapp` → `Myapp`).
    var displayName: String {
        let last = app.split(separator: ".").last.map(String.init) ?? app
        return last.prefix(1).uppercased() + last.dropFirst()
    }

    /// The URL scheme the widget opens (the id's last component, lowercased, as a scheme allows).
    var scheme: String {
        let last = (app.split(separator: ".").last.map(String.init) ?? app).lowercased()
        let scheme = String(last.unicodeScalars.filter { $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || $0 == "-" })
        return scheme.first.map { ("a"..."z").contains($0) } == true ? scheme : "app" + scheme
    }

    var files: [(path: String, contents: String)] {
        [("app.yaml", Self.aligned(manifest)), ("today.yaml", Self.aligned(widget)), ("container/today.json", data),
         ("scenarios/day.yaml", Self.aligned(scenario)), ("Localizable.xcstrings", catalog)]
    }

    /// The comments after code start in one column (or two spaces after longer code), whatever the app id's length.
    static func aligned(_ text: String) -> String {
        let column = 48
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let mark = line.range(of: "  # "), !line[..<mark.lowerBound].allSatisfy(\.isWhitespace) else { return String(line) }
            var code = line[..<mark.lowerBound]
            while code.last == " " { code = code.dropLast() }
            let padded = String(code)
            return padded + String(repeating: " ", count: max(2, column - padded.count)) + "# " + line[mark.upperBound...]
        }.joined(separator: "\n")
    }

    var manifest: String {
        """
        # \(displayName)'s widgets: the manifest lists the widget bundle.
        app: \(app)                                  # the app's bundle identifier
        displayName: \(displayName)                  # the app's name, as the generated bundle is named
        appGroup: group.\(app)                       # the app group the app and the extension share (the container)
        localization: { catalog: Localizable.xcstrings }   # the String Catalog with the translations
        widgets: [today.yaml]                        # the widget files of the bundle; their kinds are unique

        """
    }

    var widget: String {
        """
        # Today: the day's focus and how far along it is, greeting by the time of day.
        kind: \(app).today                           # WidgetKit's kind: unique in the app
        displayName: Today                           # the name in the widget gallery
        description: Your focus for the day and how far along it is.   # the gallery's line under it
        families: [systemSmall, systemMedium]        # the sizes it offers; the first is the default
        localization: { catalog: Localizable.xcstrings }   # its strings are translated there

        data:                                        # files the app writes into the app group container
          today: { file: today.json }                # read at every reload (here: container/today.json)

        placeholder: { greeting: "Today", focus: "", done: 0, total: 1 }   # while the widget loads
        snapshot: { greeting: "Good morning", focus: "Plan the week", done: 1, total: 4 }   # in the gallery

        content:                                     # each entry's fields: templates over the data
          greeting: "Today"                          # each daily slot below replaces it
          focus: "{{data.today.focus}}"              # the task the app set
          done: "{{data.today.done}}"                # one whole tag keeps the number a number
          total: "{{data.today.total}}"              # how many steps the task has

        url: "\(scheme)://today"                     # what a tap opens in the app

        timeline:                                    # when the widget changes: three entries a day
          daily:                                     # at these local wall times
            - { at: "06:00", name: morning, content: { greeting: "Good morning" } }       # from 6 am
            - { at: "12:00", name: afternoon, content: { greeting: "Good afternoon" } }   # from noon
            - { at: "18:00", name: evening, content: { greeting: "Good evening" } }       # from 6 pm

        view:                                        # the face (widgetc docs/views.md): drawn by preview, generated as SwiftUI
          vstack:                                    # from top to bottom
            - text: "{{greeting}}"                   # the slot's greeting
              font: headline                         # a text style
            - text: "{{focus}}"                      # the day's focus
              font: subheadline                      # a smaller style
              color: secondary                       # a system colour
              lineLimit: 2                           # at most two lines
            - spacer: {}                             # pushes the rest down
            - progress: "{{done}}"                   # a bar: done of total
              total: 4                               # the bar's whole (the sample task has 4 steps)
              label: "{{done}} of {{total}} done"    # read by VoiceOver and shown under the bar
              color: orange                          # the bar's colour
          alignment: leading                         # everything to the left
        background: { color: { light: "#FFF7E6", dark: "#2B2112" } }   # the container background, light and dark

        """
    }

    var data: String {
        """
        {
          "focus": "Write the first widget",
          "done": 1,
          "total": 4
        }

        """
    }

    var scenario: String {
        """
        # A day of the app: what it writes and when it asks WidgetKit to reload (`run --scenario`).
        - at: 2026-12-07T13:30:00Z                   # after lunch the user ticks two more steps
          write: { file: today.json, value: { focus: "Write the first widget", done: 3, total: 4 } }   # the app saves the new state
        - at: 2026-12-07T13:30:00Z                   # and asks for a new timeline
          reload: \(app).today                       # WidgetCenter.shared.reloadTimelines(ofKind:)

        """
    }

    /// The String Catalog as Xcode writes it, with the widget's strings: what `widgetc strings`
    /// writes for these files (a run over them changes nothing).
    var catalog: String {
        #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "{{done}} of {{total}} done" : {
              "extractionState" : "manual"
            },
            "Good afternoon" : {
              "extractionState" : "manual"
            },
            "Good evening" : {
              "extractionState" : "manual"
            },
            "Good morning" : {
              "extractionState" : "manual"
            },
            "Plan the week" : {
              "extractionState" : "manual",
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Plan the week"
                  }
                }
              }
            },
            "Today" : {
              "extractionState" : "manual"
            },
            "Your focus for the day and how far along it is." : {
              "extractionState" : "manual"
            }
          },
          "version" : "1.0"
        }
        """#
    }
}
