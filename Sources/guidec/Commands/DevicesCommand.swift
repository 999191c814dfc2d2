import GuideIR
import GuideLang
import GuideLayout

/// `guidec devices`: lists the device presets `lint` knows.
enum DevicesCommand {
    /// The command's declaration.
    static let command = Command(
        help: .devices,
        options: [],
        perform: run)

    /// Prints the presets as a table, the default set marked.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        try arguments.refuseOperands(of: "devices")
        // Columns as wide as their longest entry, so long iPad names stay aligned.
        let idWidth = (DeviceCatalog.presets.map(\.id.count).max() ?? 30) + 2
        let nameWidth = (DeviceCatalog.presets.map(\.name.count).max() ?? 30) + 2
        var text = "  " + "ID".padded(to: idWidth) + "NAME".padded(to: nameWidth) + "POINTS".padded(to: 18)
            + "SAFE AREA (T,L,B,R) PORTRAIT / LANDSCAPE\n"
        for device in DeviceCatalog.presets {
            let mark = DeviceCatalog.defaultIDs.contains(device.id) ? "* " : "  "
            // Sizes as the catalog has them (411.43, not 411.4), so that one typed into
            // `--screen` is the same screen.
            func insets(_ value: EdgeInsets) -> String {
                [value.top, value.leading, value.bottom, value.trailing].map(NumberText.text(length:)).joined(separator: ",")
            }
            text += mark + device.id.padded(to: idWidth) + device.name.padded(to: nameWidth)
                + "\(NumberText.text(length: device.width))x\(NumberText.text(length: device.height))".padded(to: 18)
                + insets(device.portraitSafeArea) + " / " + insets(device.landscapeSafeArea) + "\n"
        }
        text += "\n* linted by default, portrait and landscape\n"
        Terminal.standardOutput(text)
        return .success
    }
}

extension String {
    /// The text padded with spaces to `width` characters, or followed by one space when it is
    /// already as wide, so that columns never touch.
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
