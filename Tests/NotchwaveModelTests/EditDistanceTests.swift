import Testing
import NotchwaveModel

@Suite("Did you mean")
struct EditDistanceTests {
    @Test("Levenshtein distances counted by hand")
    func distances() {
        #expect(EditDistance.levenshtein("kitten", "sitting") == 3)  // k→s, e→i, +g
        #expect(EditDistance.levenshtein("", "abc") == 3)
        #expect(EditDistance.levenshtein("period", "period") == 0)
        #expect(EditDistance.levenshtein("perod", "period") == 1)     // +i
    }

    @Test("one policy: within max(2, length / 3) edits, closest first, ties alphabetical, at most 3")
    func policy() {
        let names = ["period", "periods", "waves", "colors", "background", "start", "stop"]
        // "perid": period (1), periods (2); waves and the rest are farther than 2.
        #expect(EditDistance.suggestions(for: "perid", in: names) == ["period", "periods"])
        // "stat": start (1) and stop (2: a→o, t→p) — reach max(2, 4 / 3) = 2.
        #expect(EditDistance.suggestions(for: "stat", in: names) == ["start", "stop"])
        // A 12-letter word reaches 4 edits: "backgroundss" is background + 2.
        #expect(EditDistance.suggestions(for: "backgroundss", in: names) == ["background"])
        #expect(EditDistance.suggestions(for: "zzzzzz", in: names).isEmpty)
        #expect(EditDistance.suggestions(for: "a", in: ["b", "c", "d", "e"]) == ["b", "c", "d"])
        #expect(EditDistance.hint(for: "perid", in: names) { "--\($0)" } == " (did you mean --period, --periods?)")
        #expect(EditDistance.hint(for: "zzzzzz", in: names) == "")
        #expect(EditDistance.suggestions(for: "IPHONE X", in: ["iphone-x", "iphone-xr"], normalize: { $0.lowercased().filter(\.isLetter) })
                == ["iphone-x", "iphone-xr"])
    }
}
