/// How sure a preset number is.
public enum Confidence: String, Sendable, CaseIterable {
    /// A source states the number.
    case stated
    /// Computed from stated numbers; the note says how.
    case derived
    /// Measured or inferred; the note says how.
    case estimated
}

/// A number with where it came from.
public struct Sourced<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The number.
    public var value: Value
    /// Where it came from (a repository file, a document, a measurement), or nil for a
    /// user's own preset that gives a bare number.
    public var source: String?
    /// How sure it is, or nil when not given.
    public var confidence: Confidence?
    /// How it was derived or estimated, or where sources disagree.
    public var note: String?
    /// For an estimate: the measurement or source that would confirm it (every estimated
    /// number of the repository's presets names one).
    public var confirm: String?

    /// A sourced value.
    public init(_ value: Value, source: String? = nil, confidence: Confidence? = nil, note: String? = nil, confirm: String? = nil) {
        self.value = value
        self.source = source
        self.confidence = confidence
        self.note = note
        self.confirm = confirm
    }
}

/// A width and a height.
public struct Size2: Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// A size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}
