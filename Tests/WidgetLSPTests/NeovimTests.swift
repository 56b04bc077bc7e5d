import Foundation
import Testing
import WidgetSupport
import WidgetTestSupport

/// docs/editors.md's Neovim recipe for the Neovim installed here, run headless against the built
/// server: diagnostics, completion after `{{param.` in a line that does not parse (the word
/// Neovim's own completion inserts), and a YAML file outside `widgets/` left alone.
@Suite struct NeovimTests {
    /// `nvim` on PATH and its version (major, minor), when there is one.
    static let neovim: (path: String, version: (Int, Int))? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { $0 + "/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path, let result = try? runProcess([path, "--version"]), result.status == 0,
              let first = result.stdout.split(separator: "\n").first, let v = first.split(separator: " ").last?.dropFirst() else { return nil }
        let parts = v.split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) }
        guard parts.count >= 2 else { return nil }
        return (path, (parts[0], parts[1]))
    }()

    /// The recipe's Lua, as docs/editors.md shows it.
    static func recipe(_ name: String) throws -> String {
        let doc = try String(contentsOfFile: TestPaths.root + "/docs/editors.md", encoding: .utf8)
        let marker = try #require(doc.range(of: "<!-- recipe: \(name) -->"))
        let open = try #require(doc.range(of: "```lua\n", range: marker.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "```", range: open.upperBound..<doc.endIndex))
        return String(doc[open.upperBound..<close.lowerBound])
    }

    static let script = """
        local out = {}
        local function log(s) table.insert(out, s) end
        local dir = vim.env.WIDGETC_NVIM_DIR
        vim.cmd('edit ' .. dir .. '/widgets/w.yaml')
        local buf = vim.api.nvim_get_current_buf()
        vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
        for _, d in ipairs(vim.diagnostic.get(buf)) do log('diagnostic ' .. d.lnum .. ':' .. d.col .. ' ' .. d.message) end
        vim.api.nvim_buf_set_lines(buf, 7, 8, false, { '  title: "{{param.' })
        local result = vim.lsp.buf_request_sync(buf, 'textDocument/completion',
          { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 7, character = 18 } }, 20000)
        for _, r in pairs(result or {}) do
          local items = r.result and (r.result.items or r.result) or {}
          for _, item in ipairs(items) do log('completion ' .. item.label .. ' ' .. (item.textEdit and item.textEdit.newText or '-')) end
          local convert = vim.lsp.util.text_document_completion_list_to_complete_items
          if convert then
            for _, word in ipairs(convert(r.result, '')) do log('word ' .. word.word) end
          end
        end
        vim.cmd('edit ' .. dir .. '/other.yaml')
        local other = vim.api.nvim_get_current_buf()
        log('other ' .. vim.bo[other].filetype .. ' clients ' .. #vim.tbl_keys(vim.lsp.buf_get_clients(other)))
        vim.fn.writefile(out, dir .. '/out.txt')
        vim.cmd('qa!')
        """

    @Test(.enabled(if: neovim != nil, "nvim is not installed (apt-get install neovim)"))
    func theRecipeForThisNeovimWorks() throws {
        let (nvim, version) = try #require(Self.neovim)
        let name = version >= (0, 11) ? "neovim-0.11" : version >= (0, 8) ? "neovim-0.8" : "neovim-0.7"
        let widgetc = try #require(TestPaths.widgetc, "no built widgetc; run swift build")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dir = directory.path
        try FileManager.default.createDirectory(atPath: dir + "/widgets", withIntermediateDirectories: true)
        try Self.recipe(name).write(toFile: dir + "/init.lua", atomically: true, encoding: .utf8)
        try Self.script.write(toFile: dir + "/test.lua", atomically: true, encoding: .utf8)
        try """
            kind: com.example.nvim
            displayName: N
            description: N
            families: [systemHuge]
            parameters:
              city: { type: string, default: paris }
            content:
              title: "{{param.city}}"
            timeline:
              hourly: true

            """.write(toFile: dir + "/widgets/w.yaml", atomically: true, encoding: .utf8)
        try "a: 1\n".write(toFile: dir + "/other.yaml", atomically: true, encoding: .utf8)
        let binDirectory = (widgetc as NSString).deletingLastPathComponent
        let result = try runProcess(
            ["/usr/bin/timeout", "120", nvim, "--headless", "-n", "-i", "NONE", "-u", dir + "/init.lua", "-c", "luafile " + dir + "/test.lua"],
            environment: [
                "PATH": binDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "HOME": dir,
                "XDG_CONFIG_HOME": dir + "/config", "XDG_DATA_HOME": dir + "/data", "XDG_STATE_HOME": dir + "/state",
                "WIDGETC_NVIM_DIR": dir,
            ],
            in: dir)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        let lines = try String(contentsOfFile: dir + "/out.txt", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("diagnostic 3:11 unknown family 'systemHuge'") }, "\(name): \(lines)")
        #expect(lines.contains("completion param.city city"), "\(name): \(lines)")
        if lines.contains(where: { $0.hasPrefix("word ") }) { #expect(lines.contains("word city"), "\(name): \(lines)") }
        #expect(lines.contains("other yaml clients 0"), "\(name): \(lines)")
    }
}
