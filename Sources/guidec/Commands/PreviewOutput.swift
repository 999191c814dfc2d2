#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang
import GuidePreview

/// Where `guidec preview` writes: one SVG, one HTML contact sheet, or a folder of SVGs with an
/// `index.html`; every file replaced atomically, and an output that is an input refused.
struct PreviewOutput {
    /// `-o`, as typed.
    let path: String
    /// What it names.
    let kind: PreviewCommand.OutputKind

    /// The sheet's title: what was drawn.
    static func title(of scenes: [PreviewScene]) -> String {
        var guides: [String] = []
        for scene in scenes where !guides.contains(scene.picture.guide) { guides.append(scene.picture.guide) }
        return "guidec preview: " + guides.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Writes `scenes`; false when something could not be written (it is reported).
    func write(_ scenes: [PreviewScene], inputs identities: [FileIdentity: String]) -> Bool {
        switch kind {
        case .svg:
            return writeFile(path, SVGWriter().document(scenes[0]), inputs: identities)
        case .sheet:
            let sheet = ContactSheet(title: Self.title(of: scenes), scenes: scenes)
            return writeFile(path, ContactSheetWriter().html(sheet, player: PreviewPlayer.markup(for: sheet)), inputs: identities)
        case .folder:
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                Terminal.error("cannot create the folder '\(path)': \(FileSystem.systemError())")
                return false
            }
            let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
            for scene in scenes {
                guard writeFile(folder + "/" + scene.picture.fileName + ".svg", SVGWriter().document(scene), inputs: identities) else {
                    return false
                }
            }
            let sheet = ContactSheet(title: Self.title(of: scenes), scenes: scenes)
            let page = ContactSheetWriter(pictures: .linked).html(sheet, player: PreviewPlayer.markup(for: sheet))
            return writeFile(folder + "/index.html", page, inputs: identities)
        }
    }

    /// Writes `text` to `file` atomically, unless `file` is one of the inputs.
    private func writeFile(_ file: String, _ text: String, inputs: [FileIdentity: String]) -> Bool {
        if file == "-" {
            Terminal.standardOutput(text)
            return true
        }
        var bytes = Array(text.utf8)
        switch OutputDestination.of(file, inputs: inputs) {
        case .failure(let refusal):
            Terminal.error(refusal.message)
            return false
        case .success(.file):
            break
        case .success(let stream):
            // A pipe or a device is written into, never replaced.
            return stream.write(to: file) { write in
                bytes.withUnsafeBytes { write($0) }
                return true
            } == .success
        }
        let failure = FileSystem.writeAtomically(to: file) { write in
            bytes.withUnsafeMutableBytes { write(UnsafeRawBufferPointer($0)) }
            return true
        }
        if let failure {
            Terminal.error(failure)
            return false
        }
        return true
    }
}

extension FileSystem {
    /// Whether `path` names a folder (through symlinks).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
