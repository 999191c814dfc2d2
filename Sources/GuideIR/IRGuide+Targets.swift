extension IRGuide {
    /// The targets of the screen `tour` runs on, by id (the first of an id, should one repeat).
    public func targets(of tour: IRTour) -> [String: IRTarget] {
        var targets: [String: IRTarget] = [:]
        for target in screens.first(where: { $0.id == tour.screen })?.targets ?? [] where targets[target.id] == nil {
            targets[target.id] = target
        }
        return targets
    }
}
