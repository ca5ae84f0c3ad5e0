package mountcheck.properties.scenario;

import java.util.function.Predicate;

/**
 * One named pass of the {@link ScenarioShrinker}: a kind of rewrite it tries on every place of the
 * current scenario, keeping each rewrite that still fails and is smaller.
 *
 * @param name the stable name shown by {@code check --verbose} and accepted by {@link
 *     ScenarioShrinker#ScenarioShrinker(java.util.List)}
 * @param whenStuck true for a pass that runs only when a round of the others changed nothing
 * @param body tries the rewrites on a run; true when at least one was kept
 */
record ScenarioShrinkPass(String name, boolean whenStuck, Predicate<ScenarioShrinkRun> body) {}
