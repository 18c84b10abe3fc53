/// The path of `relativePath` resolved against the folder of the calling source file, so a test finds
/// the golden tables it ships beside it whatever the working directory:
///
///     let path = fixturePath("Fixtures/popover-flick.csv")   // next to this test file
public func fixturePath(_ relativePath: String, relativeTo file: String = #filePath) -> String {
    guard !relativePath.hasPrefix("/") else { return relativePath }
    let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder.isEmpty ? relativePath : folder + "/" + relativePath
}
