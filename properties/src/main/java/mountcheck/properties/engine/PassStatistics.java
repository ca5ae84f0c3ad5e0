package mountcheck.properties.engine;

/**
 * What one named shrink pass did (after Hypothesis' per-pass shrinker statistics).
 *
 * @param pass the pass name, one of {@link ChoiceShrinker#PASSES}
 * @param runs how often the pass ran
 * @param calls candidates it replayed through the generator and the check
 * @param successes candidates that still failed and became the new smallest example
 * @param choicesRemoved how much shorter those successes made the choice sequence, in choices
 */
public record PassStatistics(String pass, int runs, int calls, int successes, int choicesRemoved) {}
