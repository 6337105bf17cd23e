/// Parsing of the option values that name one case of a list (`--region bar`,
/// `"quality": "draft"`), the same way on the command line and in job files.
extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// The case named `text`, ignoring letter case; nil for an unknown name.
    public init?(named text: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue == text.lowercased() }) else { return nil }
        self = match
    }

    /// The names of every case, for messages (`light, dark`).
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
