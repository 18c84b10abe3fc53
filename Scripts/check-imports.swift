// Checks that the manifest's dependencies are the imports: every target of Package.swift declares each
// module of this package its sources import (`import X`, `@testable import X`, `private import X`, …; a
// C target's `#include` of a header another target provides) and imports each module it declares. A
// dependency on an executable target is a build-order dependency (tests that run the built binary) and
// is not imported. Modules from outside the package (Foundation, Testing, Glibc…) are not checked.
//
// Usage: swift Scripts/check-imports.swift [PACKAGE_DIR]   (default: the current directory)
// Exit status 0 when every target agrees, 1 when one does not (each mismatch on its own line, with the
// fix), 2 when the manifest cannot be read.
import Foundation

let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : FileManager.default.currentDirectoryPath

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("check-imports: \(message)\n".utf8))
    exit(status)
}

/// The manifest as `swift package dump-package` describes it.
func dumpPackage() -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "--package-path", root, "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fail("cannot run swift package dump-package: \(error)", status: 2) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { fail("swift package dump-package failed in \(root)", status: 2) }
    return json
}

struct Target {
    let name: String
    let type: String
    let directory: String
    let dependencies: [String]
}

let manifest = dumpPackage()
let targets: [Target] = (manifest["targets"] as? [[String: Any]] ?? []).map { target in
    let name = target["name"] as? String ?? ""
    let type = target["type"] as? String ?? ""
    let path = target["path"] as? String ?? ((type == "test" ? "Tests/" : "Sources/") + name)
    let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
        ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
    }
    return Target(name: name, type: type, directory: root + "/" + path, dependencies: dependencies)
}
let names = Set(targets.map(\.name))
let executables = Set(targets.filter { $0.type == "executable" }.map(\.name))

func files(in directory: String, endingWith suffixes: [String]) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { path in suffixes.contains { path.hasSuffix($0) } }
        .map { directory + "/" + $0 }.sorted()
}

func lines(of path: String) -> [Substring] {
    (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []
}

/// `import X` at the start of a line, after any attributes and an access level, of a whole module or one
/// declaration in it.
let importLine = try! NSRegularExpression(
    pattern: #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"#
        + #"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)
let includeLine = try! NSRegularExpression(pattern: #"^\s*#\s*include\s+[<"]([^>"]+)[>"]"#)

func firstCapture(_ expression: NSRegularExpression, in line: Substring) -> String? {
    let text = String(line)
    guard let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
        let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
}

/// Which target a C header belongs to: a regular target's public headers (its `include` folder), a
/// system library's headers by their folder (the one its module map's header includes: `gsl/`).
var headerOwners: [String: String] = [:]
var headerFolderOwners: [String: String] = [:]
for target in targets {
    if target.type == "system" {
        for header in files(in: target.directory, endingWith: [".h"]) {
            for line in lines(of: header) {
                if let included = firstCapture(includeLine, in: line), let folder = included.split(separator: "/").first,
                    included.contains("/")
                {
                    headerFolderOwners[String(folder)] = target.name
                }
            }
        }
    } else {
        for header in files(in: target.directory + "/include", endingWith: [".h"]) {
            headerOwners[URL(fileURLWithPath: header).lastPathComponent] = target.name
        }
    }
}

var mismatches: [String] = []
for target in targets where target.type != "system" && target.type != "binary" && target.type != "plugin" {
    var used = Set<String>()
    for file in files(in: target.directory, endingWith: [".swift"]) {
        for line in lines(of: file) {
            if let module = firstCapture(importLine, in: line), names.contains(module) { used.insert(module) }
        }
    }
    for file in files(in: target.directory, endingWith: [".c", ".h", ".cpp", ".m"]) {
        for line in lines(of: file) {
            guard let included = firstCapture(includeLine, in: line) else { continue }
            let name = URL(fileURLWithPath: included).lastPathComponent
            let folder = included.split(separator: "/").first.map(String.init) ?? ""
            if let owner = headerOwners[name] ?? (included.contains("/") ? headerFolderOwners[folder] : nil) {
                used.insert(owner)
            }
        }
    }
    used.remove(target.name)
    let declared = Set(target.dependencies)
    for module in used.subtracting(declared).sorted() {
        mismatches.append("\(target.name) imports \(module) but does not declare it: add \"\(module)\" to its dependencies")
    }
    for module in declared.subtracting(used).subtracting(executables).sorted() {
        mismatches.append("\(target.name) declares \(module) but never imports it: remove it from its dependencies")
    }
}

guard mismatches.isEmpty else {
    for mismatch in mismatches { FileHandle.standardError.write(Data("check-imports: \(mismatch)\n".utf8)) }
    fail("Package.swift and the imports disagree in \(mismatches.count) place\(mismatches.count == 1 ? "" : "s")", status: 1)
}
print("check-imports: the dependencies of all \(targets.count) targets are their imports")
