import PopSimParameters

extension DevicePreset {
    /// Every name `--device` accepts: the presets, then the earlier names.
    public static var acceptedNames: [String] { all.map(\.name) + aliases.keys.sorted() }
}

extension Parameter {
    /// `device`: a preset by name (see `popsim devices`), applied by `place` before the parameters that
    /// override its parts; categorical, so a sweep may list several.
    public static func device(
        _ path: WritableKeyPath<Root, DevicePreset?> & Sendable, _ summary: String,
        place: (@Sendable (inout Root, DevicePreset) -> Void)? = nil
    ) -> Parameter {
        let description = ParameterDescription(
            name: "device", syntax: .choice(DevicePreset.acceptedNames), placeholder: "NAME",
            summary: summary, isCategorical: true,
            hint: "see 'popsim devices'; a comma-separated list is a 'popsim sweep' axis")
        return Parameter(
            description,
            read: { root in root[keyPath: path].map { .word($0.name) } },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                guard case let .word(name) = value, let device = DevicePreset(named: name) else {
                    throw ParameterError("\(description.flag) must name one preset: \(DevicePreset.names)")
                }
                root[keyPath: path] = device
                place?(&root, device)
            })
    }

    /// `estimator`: a release-velocity estimator by name, nil until given (the model's own).
    public static func estimator(
        _ path: WritableKeyPath<Root, VelocityEstimatorKind?> & Sendable, _ summary: String,
        default defaultText: String? = nil
    ) -> Parameter {
        Parameter(
            ParameterDescription(
                name: "estimator", syntax: .choice(VelocityEstimatorKind.allCases.map(\.rawValue)),
                summary: summary, defaultText: defaultText),
            read: { root in root[keyPath: path].map { .word($0.rawValue) } },
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value { root[keyPath: path] = VelocityEstimatorKind(rawValue: word) }
            })
    }

    /// `profile`: a motion profile by name (`human`: a release drawn from the model fitted to recorded
    /// flings), `defaultProfile` unless given.
    public static func profile(
        _ path: WritableKeyPath<Root, MotionProfile.Name> & Sendable, _ summary: String,
        default defaultProfile: MotionProfile.Name = .minimumJerk
    ) -> Parameter {
        .choice("profile", path, summary, default: defaultProfile.rawValue)
    }
}
