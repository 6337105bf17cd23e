/// What a user asked for: parameter values as given (command line, job file), each with
/// where it was written. `resolve` checks them and applies the declared defaults.
public typealias RenderRequest = ParameterValues

extension ParameterValues {
    /// Re-checks every value given against its declaration (values set by the library's
    /// callers skip the readers' checks).
    public func validate() throws(ParameterError) {
        if let firstInvalid { throw firstInvalid }
        for parameter in givenParameters {
            if let problem = problem(of: parameter) { throw error(parameter, problem) }
        }
    }

    /// Fails when a parameter was given that does not apply to `scene` (or, for the notch
    /// waves, to `style`), naming it as written.
    public func checkScope(scene: String, style: String?) throws(ParameterError) {
        for parameter in givenParameters {
            switch parameter.scope {
            case let .scenes(names) where !names.contains(scene):
                throw error(parameter, "belongs to the \(names.joined(separator: " and ")) scene\(names.count > 1 ? "s" : ""), not \(scene)")
            case let .styles(names) where style.map({ !names.contains($0) }) ?? true:
                throw error(parameter, "belongs to the \(parameter.scope.summary), not \(style.map { "the \($0) style" } ?? "the \(scene) scene")")
            default: continue
            }
        }
    }
}
