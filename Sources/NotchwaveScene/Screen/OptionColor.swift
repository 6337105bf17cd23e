import NotchwaveModel

/// A colour as scene options take it (`color=`, `tint=`): a system colour name (light
/// appearance), `#RRGGBB[AA]`, or bare hex.
public struct OptionColor: ParameterValue {
    public var color: Color
    /// A colour.
    public init(_ color: Color) { self.color = color }
    public static var kind: String { "a colour" }
    public static func parse(_ text: String) throws(ParameterProblem) -> OptionColor {
        let bareHex = (text.count == 6 || text.count == 8) && text.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit }
        do {
            return OptionColor(try Color.parse(bareHex ? "#" + text : text))
        } catch {
            throw ParameterProblem(error.description)
        }
    }
    public static func decode(_ node: JSONNode) throws(ParameterProblem) -> OptionColor { try decodeText(node) }
    public var json: JSONOutput { .string(color.description) }
}
