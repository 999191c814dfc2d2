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
            // The pictures an earlier run wrote here, as its sheet lists them: those this run does
            // not draw are removed once it has written its own, so the folder never shows a step
            // that no longer exists. Nothing else in the folder is touched.
            let earlier = Self.linkedPictures(inSheet: folder + "/index.html")
            var written: Set<String> = []
            for scene in scenes {
                let name = scene.picture.fileName + ".svg"
                guard writeFile(folder + "/" + name, SVGWriter().document(scene), inputs: identities) else {
                    return false
                }
                written.insert(name)
            }
            let sheet = ContactSheet(title: Self.title(of: scenes), scenes: scenes)
            let page = ContactSheetWriter(pictures: .linked).html(sheet, player: PreviewPlayer.markup(for: sheet))
            guard writeFile(folder + "/index.html", page, inputs: identities) else { return false }
            for name in earlier.subtracting(written).sorted() where unlink(folder + "/" + name) != 0 && errno != ENOENT {
                Terminal.error("cannot remove the picture '\(folder)/\(name)' that an earlier run wrote: \(FileSystem.systemError())")
                return false
            }
            return true
        }
    }

    /// The SVG files a folder's `index.html` written by `guidec preview` shows (`<img src="NAME.svg"`),
    /// by name; none when there is no such sheet. Only plain names of a picture's characters count,
    /// so no path leaves the folder.
    static func linkedPictures(inSheet path: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 << 20 else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("<!-- guidec-preview: player -->") else { return [] }
        var names: Set<String> = []
        for piece in text.components(separatedBy: "<img src=\"").dropFirst() {
            guard let end = piece.firstIndex(of: "\"") else { continue }
            let name = String(piece[..<end])
            let allowed = name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
            if allowed, name.hasSuffix(".svg"), !name.hasPrefix(".") { names.insert(name) }
        }
        return names
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
