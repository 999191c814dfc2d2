import GuideIR
import GuideLayout

/// The diagnostics about a frames file given to `guidec lint --frames` (GL1014): what
/// `MeasuredFrames.read` refused, at its line and column with its JSON path (a device not in the
/// catalog with the closest one), and the screens and targets it names that no guide of the
/// program declares, with the closest name.
public enum MeasuredFramesCheck {
    /// The frames in `bytes` (file `file` of the run), or nil with the diagnostics saying why.
    public static func read(_ bytes: [UInt8], file: FileID) -> (frames: MeasuredFrames?, diagnostics: [Diagnostic]) {
        let (frames, errors) = MeasuredFrames.read(bytes)
        let diagnostics = errors.map { error in
            let range = SourceRange(fileID: file, start: error.range.lowerBound, end: error.range.upperBound)
            let diagnostic = Diagnostic(.invalidFramesFile, at: range, "\(error.path): \(error.message)")
            // A misspelt device, as an unknown target is: the closest of the catalog, written as
            // the JSON string the range covers.
            guard let device = error.unknownDevice, let suggestion = Suggestion.didYouMean(device, among: DeviceCatalog.identifiers) else {
                return diagnostic
            }
            return diagnostic.suggesting(suggestion, replacing: range, with: "\"\(suggestion.name)\"")
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

    /// GL1015 for each measurement of `frames` on a device, orientation and text size that no
    /// guide was laid out on (`laidOut`), at its first screen's key, with the options that would.
    public static func unmatchedMeasurements(in frames: MeasuredFrames, laidOut: Set<MeasuredFrames.Key>, file: FileID) -> [Diagnostic] {
        var firstNames: [MeasuredFrames.Key: MeasuredFrames.WrittenName] = [:]
        for name in frames.writtenNames where firstNames[name.key] == nil { firstNames[name.key] = name }
        var diagnostics: [Diagnostic] = []
        for key in frames.frames.keys.sorted() where !laidOut.contains(key) {
            // A measurement without a screen has no frames to compare: nothing is lost.
            guard let name = firstNames[key] else { continue }
            let range = SourceRange(fileID: file, start: name.range.lowerBound, end: name.range.upperBound)
            let isSize = DeviceCatalog.device(id: key.device) == nil
            let device = isSize ? "--screen \(key.device)" : "--device \(key.device) --orientation \(key.orientation.rawValue)"
            var help = ["lint on it too: \(device) --text-size \(key.category.shortName)"]
            if isSize && key.orientation == .landscape {
                help = ["a screen given as a size is laid out in portrait: record it on a device of the catalog, or in portrait"]
            }
            diagnostics.append(Diagnostic(.unmatchedMeasurement, at: range,
                                          "no guide was laid out on \(key.description), so its measurement was not compared",
                                          notes: ["the file measures screen \(LongText.singleQuoted(name.screen)) there"], help: help))
        }
        return diagnostics
    }
}
