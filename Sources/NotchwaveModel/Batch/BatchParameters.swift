/// Render parameters a job sets for every output (`defaults`) or per variant: the
/// registry's job-file keys (`Scenes.parameters`), each read with where it was written.
public typealias BatchParameters = ParameterValues

extension ParameterValues {
    /// Reads the registry's keys among `reader`'s members (the caller finishes the reader,
    /// which rejects any other key). A value of the wrong JSON type is an error of the job
    /// file; one out of range or not among the choices fails only the outputs that use it
    /// (see `BatchPlan`), with its JSON path, line and column.
    static func decode(_ reader: inout JSONObjectReader, parameters: [any AnyParameter]) throws -> ParameterValues {
        var values = ParameterValues()
        for parameter in parameters {
            guard let node = reader.optional(parameter.key) else { continue }
            let source = ParameterSource.jobFile(path: reader.path(of: parameter.key), position: node.position)
            // A value of the wrong JSON type is a malformed job file.
            do {
                _ = try parameter.read(.json(node))
            } catch where error.isTypeMismatch {
                throw reader.error(at: parameter.key, node, error.message)
            } catch {}
            values.setOrKeepInvalid(.json(node), for: parameter, from: source)
        }
        return values
    }

    /// The values as `(key, value)` pairs sorted by key (manifests).
    public var sortedValues: [(String, JSONOutput)] {
        guard case let .object(members) = json else { return [] }
        return members
    }
}

extension ParameterValues {
    /// One entry of a `devices` list: its render parameters (among `parameters`, by their
    /// job-file keys) besides its `preset`, each with where it was written (`path` is the
    /// entry's: `$.variants[1].devices[0]`, or the command line's `--devices`). Another
    /// key is an error that names it.
    public static func deviceEntry(_ node: JSONNode, file: String, path: String, parameters: [any AnyParameter]) throws -> ParameterValues {
        var reader = try JSONObjectReader(node, file: file, path: path)
        _ = try reader.string("preset")
        let values = try decode(&reader, parameters: parameters)
        try reader.finish()
        return values
    }

}
