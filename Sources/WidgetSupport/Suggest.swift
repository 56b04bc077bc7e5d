/// "Did you mean …?" suggestions by edit distance.
package enum Suggest {
    /// The candidate closest to `word`, if it is close enough to be a likely typo.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars))
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        // Allow roughly one edit per three characters, at least one, and at most one per two
        // characters of the part that differs (so that systemHuge is not taken for systemLarge:
        // only their middles, Hug and Larg, differ).
        guard d <= max(1, min(w.count, name.count) / 3) else { return nil }
        let c = Array(name.lowercased().unicodeScalars)
        var prefix = 0
        while prefix < min(w.count, c.count), w[prefix] == c[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(w.count, c.count) - prefix, w[w.count - 1 - suffix] == c[c.count - 1 - suffix] { suffix += 1 }
        let core = max(w.count, c.count) - prefix - suffix
        return d <= max(1, core / 2) ? name : nil
    }

    /// ` (did you mean 'x'?)` for a likely typo of one of `candidates`, else "".
    package static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent swaps).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
