/// Takes a program's guides one at a time as the checker lowers them, so that a large program's
/// IR never has to be held whole (see `Compilation.compile(roots:provider:streamingGuidesTo:)`).
///
/// The checker calls `begin` once, before any guide, then `receive` for each guide that lowered,
/// in declaration order. What it receives is only valid if the compilation reports no error: a
/// later guide, or a check that runs after all guides, can still fail the program, so a receiver
/// writes somewhere it can discard (the temporary file of an atomic write).
public protocol GuideStreamReceiver: AnyObject {
    /// Called once, before the first guide, with the document's locales.
    func begin(defaultLocale: String?, locales: [String])
    /// Called once, before the first guide, with the document's locales and the rules its
    /// guides share; by default, the same as `begin(defaultLocale:locales:)`.
    func begin(defaultLocale: String?, locales: [String], rules: IRProgramRules)
    /// Called for each lowered guide, in declaration order.
    func receive(_ guide: IRGuide)
    /// Whether the receiver reads the tours' steps: one that only wants the diagnostics
    /// (`guidec check`) gets tours without them, so a huge tour's IR is never held.
    var readsSteps: Bool { get }
}

extension GuideStreamReceiver {
    /// Receivers read the steps unless they say otherwise.
    public var readsSteps: Bool { true }
}

extension GuideStreamReceiver {
    /// A receiver that needs no rules takes only the locales.
    public func begin(defaultLocale: String?, locales: [String], rules: IRProgramRules) {
        begin(defaultLocale: defaultLocale, locales: locales)
    }
}
