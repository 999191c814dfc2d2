/// What a player adds to a contact sheet, in the slot the sheet leaves for it: style rules for
/// the sheet's `<style>`, and markup (its controls, its data, its inline script) placed right
/// after the sheet's header, before the tables. With a player, the sheet's content security
/// policy lets inline scripts run; without one, no script runs at all.
public struct PlayerMarkup: Equatable, Sendable {
    /// CSS rules, appended to the sheet's own.
    public var style: String
    /// HTML placed after the header: the player's controls, data and `<script>`.
    public var body: String
}
