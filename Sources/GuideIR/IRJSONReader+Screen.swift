/// Screens, their targets and the targets' frames.
extension IRJSONReader {
    static let screenKeys = ["id", "targets"]
    static let targetKeys = ["id", "accessibilityId", "frame", "scroll", "scrollAxis"]
    static let scrollKeys = ["container", "anchor"]
    static let scrollAxes = ["horizontal", "vertical", "both"]
    static let anchors = ["leading", "center", "trailing", "top", "bottom"]
    static let frameKinds = ["constraints", "absolute"]
    static let constraintsFrameKeys = ["kind", "horizontal", "vertical"]
    static let absoluteFrameKeys = ["kind", "x", "y", "width", "height"]
    static let constraintKeys = ["attribute", "value", "unit", "relativeTo"]
    /// A percentage with a constant (`50% + 12.5`) has the points too; its unit says so, as a
    /// tagged object's `kind` says which keys it has.
    static let constraintWithPointsKeys = ["attribute", "value", "unit", "points", "relativeTo"]
    static let horizontalAttributes = ["leading", "trailing", "centerX", "width"]
    static let verticalAttributes = ["top", "bottom", "centerY", "height"]
    static let units = ["points", "fraction", "fractionPlusPoints"]
    static let references = ["screen", "safeArea"]

    mutating func readScreen(_ value: JSONValue) -> IRScreen {
        let fields = object(value, Self.screenKeys)
        return IRScreen(
            id: member(fields, "id") { $0.identifier($1) },
            targets: member(fields, "targets") { reader, value in reader.array(value) { $0.readTarget($1) } })
    }

    private mutating func readTarget(_ value: JSONValue) -> IRTarget {
        let fields = object(value, Self.targetKeys)
        return IRTarget(
            id: member(fields, "id") { $0.identifier($1) },
            accessibilityID: member(fields, "accessibilityId") { $0.nullableString($1) },
            frame: member(fields, "frame") { $0.readFrame($1) },
            scroll: member(fields, "scroll") { reader, value in
                reader.nullable(value) { reader, value in
                    let fields = reader.object(value, Self.scrollKeys)
                    return IRScroll(
                        container: reader.member(fields, "container") { $0.identifier($1) },
                        anchor: reader.member(fields, "anchor") { $0.nullableChoice($1, Self.anchors) })
                }
            },
            scrollAxis: member(fields, "scrollAxis") { $0.nullableChoice($1, Self.scrollAxes) })
    }

    private mutating func readFrame(_ value: JSONValue) -> IRFrame {
        switch kind(value, Self.frameKinds) {
        case "absolute":
            let fields = object(value, Self.absoluteFrameKeys)
            return .absolute(
                x: member(fields, "x") { $0.number($1, minimum: -Self.largestNumber, maximum: Self.largestNumber) },
                y: member(fields, "y") { $0.number($1, minimum: -Self.largestNumber, maximum: Self.largestNumber) },
                width: member(fields, "width") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
                height: member(fields, "height") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
        case "constraints":
            let fields = object(value, Self.constraintsFrameKeys)
            return .constraints(
                horizontal: member(fields, "horizontal") { $0.readAxis($1, Self.horizontalAttributes) },
                vertical: member(fields, "vertical") { $0.readAxis($1, Self.verticalAttributes) })
        default:
            return .absolute(x: 0, y: 0, width: 0, height: 0)
        }
    }

    /// The two constraints of one axis, with different attributes.
    private mutating func readAxis(_ value: JSONValue, _ attributes: [String]) -> [IRConstraint] {
        let constraints = array(value) { $0.readConstraint($1, attributes) }
        guard case .array(let elements) = value else { return constraints }
        if elements.count != 2 {
            report(.outOfRange, "expected exactly 2 constraints, one fixing the position and one the size or the other edge; found \(elements.count)")
        } else if constraints[0].attribute == constraints[1].attribute, case .string = elements[1]["attribute"] {
            report(.inconsistent, "both constraints fix \(LongText.quoted(constraints[0].attribute)); an axis needs two different attributes", at: .index(1))
        }
        return constraints
    }

    private mutating func readConstraint(_ value: JSONValue, _ attributes: [String]) -> IRConstraint {
        var hasPoints = false
        if case .string("fractionPlusPoints")? = value["unit"] { hasPoints = true }
        let fields = object(value, hasPoints ? Self.constraintWithPointsKeys : Self.constraintKeys)
        let attribute = member(fields, "attribute") { $0.choice($1, attributes) }
        let unit = member(fields, "unit") { $0.choice($1, Self.units) }
        let isSize = attribute == "width" || attribute == "height"
        // The schema's `constraintValueBounds`: sizes are not negative, a size fraction is at
        // most the whole, a position fraction lies within one reference length of it; the
        // constant added to a fraction may be anything, except that it cannot make a size
        // negative on every screen.
        let bounds: (Double?, Double?) = switch (isSize, unit) {
        case (true, "points"): (0, Self.largestNumber)
        case (true, _): (0, 1)
        case (false, "points"): (-Self.largestNumber, Self.largestNumber)
        default: (-1, 2)
        }
        let number = member(fields, "value") { $0.number($1, minimum: bounds.0, maximum: bounds.1) }
        let points = hasPoints ? member(fields, "points") { $0.number($1, minimum: -Self.largestNumber, maximum: Self.largestNumber) } : 0
        if isSize, case .number(let written)? = fields["value"], written.value == 0, points < 0 {
            report(.inconsistent, "a size of 0 of the reference length plus \(NumberText.text(points)) points is negative on every screen",
                   at: .key("points"))
        }
        return IRConstraint(
            attribute: attribute, value: number, unit: unit,
            relativeTo: member(fields, "relativeTo") { $0.choice($1, Self.references) }, points: points)
    }
}
