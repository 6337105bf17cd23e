/// Edit distance, for "did you mean" suggestions.
public enum EditDistance {
    /// The Levenshtein distance between `a` and `b` (insertions, deletions, substitutions).
    public static func levenshtein(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The "did you mean" policy, the one for every unknown name (options, commands,
    /// presets, keys): the candidates within `max(2, word.count / 3)` edits of `word`,
    /// closest first (ties alphabetically), at most `limit`. Words and
    /// candidates are compared after `normalize` (identity by default); the candidates
    /// are returned as given.
    public static func suggestions(for word: String, in candidates: [String], limit: Int = 3,
                                   normalize: (String) -> String = { $0 }) -> [String] {
        let key = normalize(word)
        let reach = max(2, key.count / 3)
        let scored = candidates.map { (levenshtein(key, normalize($0)), $0) }
        return scored.filter { $0.0 <= reach }.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }

    /// The one wording of a "did you mean" hint: ` (did you mean a, b?)`, or nothing
    /// when there are no suggestions.
    public static func hint(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : " (did you mean \(suggestions.joined(separator: ", "))?)"
    }

    /// The hint for an unknown `word` among `candidates` under the policy of
    /// `suggestions(for:in:limit:normalize:)`, each suggestion written by `spelled`
    /// (`--name` for an option, `'name'` for a command).
    public static func hint(for word: String, in candidates: [String], spelled: (String) -> String = { $0 }) -> String {
        hint(suggestions(for: word, in: candidates).map(spelled))
    }
}
