package mountcheck.engine;

/**
 * What one named shrink pass did (after Hypothesis' per-pass shrinker statistics).
 *
 * @param pass the pass name: one of {@link ChoiceShrinker#PASSES}, or of a value shrinker's passes
 *     (the scenario shrinker's are in {@code ScenarioShrinker.PASSES})
 * @param runs how often the pass ran
 * @param calls candidates it replayed through the check (a candidate that is not smaller than the
 *     current example, or was tried before, is not a call)
 * @param successes candidates that still failed and became the new smallest example
 * @param removed how much smaller those successes made the example, in {@code unit}s
 * @param unit what {@code removed} counts: {@link #CHOICES} for the choice sequence, {@link
 *     #CHARACTERS} of the script for a scenario
 */
public record PassStatistics(
    String pass, int runs, int calls, int successes, int removed, String unit) {
  /** The unit of the choice shrinker's passes: choices of the choice sequence. */
  public static final String CHOICES = "choices";

  /** The unit of the scenario shrinker's passes: characters of the script, newlines included. */
  public static final String CHARACTERS = "characters";
}
