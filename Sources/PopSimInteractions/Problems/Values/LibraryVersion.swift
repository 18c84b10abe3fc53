import PopSimParameters

/// A release of a library PopSim models, as `--library-version` names it: the version a user pins and
/// the commit whose sources every rule cites. Each family's releases are the cases of one enumeration.
public protocol LibraryVersion: RawRepresentable, CaseIterable, Sendable, Hashable
where RawValue == String {
    /// The abbreviated commit the rules were read from.
    var commit: String { get }
}

extension Parameter {
    /// `--library-version VERSION`: whose rules, one of `Version`'s releases.
    public static func libraryVersion<Version: LibraryVersion>(
        _ path: WritableKeyPath<Root, Version> & Sendable, _ summary: String, default defaultText: String? = nil,
        hint: String? = nil, placeholder: String? = "VERSION"
    ) -> Parameter {
        libraryVersion(
            Version.self, summary, default: defaultText, hint: hint, placeholder: placeholder,
            read: { .word($0[keyPath: path].rawValue) },
            set: { $0[keyPath: path] = $1 })
    }

    /// `--library-version VERSION` where none given means the release the problem's library pins (nil).
    public static func libraryVersion<Version: LibraryVersion>(
        _ path: WritableKeyPath<Root, Version?> & Sendable, _ summary: String, default defaultText: String? = nil,
        hint: String? = nil, placeholder: String? = "VERSION"
    ) -> Parameter {
        libraryVersion(
            Version.self, summary, default: defaultText, hint: hint, placeholder: placeholder,
            read: { $0[keyPath: path].map { .word($0.rawValue) } }, set: { $0[keyPath: path] = $1 })
    }

    private static func libraryVersion<Version: LibraryVersion>(
        _: Version.Type, _ summary: String, default defaultText: String?, hint: String?, placeholder: String?,
        read: @escaping @Sendable (Root) -> ParameterValue?, set: @escaping @Sendable (inout Root, Version) -> Void
    ) -> Parameter {
        Parameter(
            ParameterDescription(
                name: "library_version", syntax: .choice(Version.allCases.map(\.rawValue)), placeholder: placeholder,
                summary: summary, defaultText: defaultText, hint: hint),
            read: read,
            assign: { (root: inout Root, value: ParameterValue) throws(ParameterError) in
                if case let .word(word) = value, let version = Version(rawValue: word) { set(&root, version) }
            })
    }
}
