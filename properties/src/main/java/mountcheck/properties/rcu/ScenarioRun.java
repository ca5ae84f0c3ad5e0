package mountcheck.properties.rcu;

import mountcheck.model.rcu.RcuScenario;

/** Statistics of exploring one scenario: distinct states, transitions, BFS depth, time. */
public record ScenarioRun(
    RcuScenario scenario,
    long states,
    long transitions,
    int depth,
    long millis,
    boolean complete) {}
