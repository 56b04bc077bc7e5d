// embed-files OUTPUT ENUM FILE...
// Writes a Swift file declaring `package enum ENUM { static let files: [String: String] }`
// mapping each file's name to its text. Used by the EmbedFiles build plugin.
import Foundation

let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write(Data("usage: embed-files OUTPUT ENUM FILE...\n".utf8))
    exit(2)
}
var source = "// Generated at build time by embed-files. Do not edit.\n"
source += "package enum \(args[2]) {\n    package static let files: [String: String] = [\n"
for path in args.dropFirst(3) {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    // A raw string literal needs more #s than the longest run of # in the text.
    var longest = 0, run = 0
    for c in text { if c == "#" { run += 1; longest = max(longest, run) } else { run = 0 } }
    let hashes = String(repeating: "#", count: longest + 1)
    let name = URL(fileURLWithPath: path).lastPathComponent
    source += "        \"\(name)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
source += args.count == 3 ? "        :\n    ]\n}\n" : "    ]\n}\n"
let output = URL(fileURLWithPath: args[1])
try Data(source.utf8).write(to: output, options: .atomic)
