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

    /// The closest suggestion under the same policy, if it is within `limit` edits.
    public static func closest(to word: String, in candidates: [String], limit: Int) -> String? {
        guard let best = suggestions(for: word, in: candidates, limit: 1).first else { return nil }
        return levenshtein(best, word) <= limit ? best : nil
    }
}
