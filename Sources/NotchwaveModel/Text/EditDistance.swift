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

    /// The candidate closest to `word`, if it is within `limit` edits.
    public static func closest(to word: String, in candidates: [String], limit: Int) -> String? {
        guard let best = candidates.min(by: { levenshtein($0, word) < levenshtein($1, word) }) else { return nil }
        return levenshtein(best, word) <= limit ? best : nil
    }
}
