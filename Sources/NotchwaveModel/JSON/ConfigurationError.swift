/// A problem in a preset, job or other configuration file: which file, where in it (JSON
/// path and, when known, line and column) and what is wrong, as one line.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// The JSON path of the offending value (`$.cutout.width`), or `$` for the document.
    public var path: String
    /// The position in the text, when known.
    public var position: JSONPosition?
    /// What is wrong.
    public var problem: String

    /// An error.
    public init(file: String, path: String, position: JSONPosition?, problem: String) {
        self.file = file
        self.path = path
        self.position = position
        self.problem = problem
    }

    /// `file: $.path: problem (line L, column C)`.
    public var description: String {
        var text = "\(file): \(path): \(problem)"
        if let position { text += " (\(position))" }
        return text
    }
}
