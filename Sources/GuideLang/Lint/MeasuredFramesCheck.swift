import GuideIR
import GuideLayout

/// The diagnostics about a frames file given to `guidec lint --frames` (GL1014): what
/// `MeasuredFrames.read` refused, at its line and column with its JSON path, and the screens and
/// targets it names that no guide of the program declares, with the closest name.
public enum MeasuredFramesCheck {
    /// The frames in `bytes` (file `file` of the run), or nil with the diagnostics saying why.
    public static func read(_ bytes: [UInt8], file: FileID) -> (frames: MeasuredFrames?, diagnostics: [Diagnostic]) {
        let (frames, errors) = MeasuredFrames.read(bytes)
        let diagnostics = errors.map { error in
            Diagnostic(.invalidFramesFile, at: SourceRange(fileID: file, start: error.range.lowerBound, end: error.range.upperBound),
                       "\(error.path): \(error.message)")
        }
        return (frames, diagnostics)
    }

    /// GL1014 for each screen of `frames` that no guide declares (`declared`: screen id to its
    /// targets' ids) and each target its screen does not declare.
    public static func unknownNames(in frames: MeasuredFrames, declared: [String: Set<String>], file: FileID) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let screens = declared.keys.sorted()
        for name in frames.writtenNames {
            let range = SourceRange(fileID: file, start: name.range.lowerBound, end: name.range.upperBound)
            guard let targets = declared[name.screen] else {
                // Said once, at the screen's key; its targets are not looked at.
                if name.target == nil {
                    diagnostics.append(Diagnostic(.invalidFramesFile, at: range, "\(name.path): no guide of the program declares screen \(LongText.singleQuoted(name.screen))")
                        .suggesting(Suggestion.didYouMean(name.screen, among: screens)))
                }
                continue
            }
            guard let target = name.target, !targets.contains(target) else { continue }
            diagnostics.append(Diagnostic(.invalidFramesFile, at: range, "\(name.path): screen \(LongText.singleQuoted(name.screen)) declares no target \(LongText.singleQuoted(target))",
                                          notes: ["measured on \(name.key.description)"])
                .suggesting(Suggestion.didYouMean(target, among: targets.sorted())))
        }
        return diagnostics
    }
}
