import GuideIR

/// Whether a show rule's condition holds, from the event history and the parameters' values
/// at a moment (docs/ir.md, "Conditions, parameters, frequency and groups"). The decision
/// function evaluates the conditions a `PreparedDocument` compiled once; this compiles one for
/// a single answer, through the same code, so the two cannot differ.
public enum ConditionEvaluator {
    /// Whether `condition` holds at `now`. A parameter the document does not declare (which the
    /// reader refuses) makes its comparison false rather than a guess.
    public static func holds(_ condition: IRCondition, events: EventHistory, parameters: ParameterValues,
                             declared: [String: IRParameter], now: Double) -> Bool {
        var program: [PreparedCondition.Instruction] = []
        var constants: [IRValue] = []
        var eventNames: [String] = []
        var used: [IRParameter] = []
        PreparedCondition.compile(condition, into: &program, constants: &constants,
                                  event: { name in
                                      eventNames.append(name)
                                      return eventNames.count - 1
                                  },
                                  parameter: { id in
                                      guard let parameter = declared[id] else { return nil }
                                      used.append(parameter)
                                      return used.count - 1
                                  })
        var results: [Bool] = []
        return PreparedCondition.holds(program.indices, of: program, constants: constants,
                                       eventTimes: eventNames.map { events.times[$0] ?? [] },
                                       eventTotals: eventNames.map(events.total(of:)),
                                       parameterValues: used.map(parameters.value(of:)), now: now, results: &results)
    }
}
