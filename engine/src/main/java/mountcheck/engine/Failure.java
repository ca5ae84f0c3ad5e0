package mountcheck.engine;

import java.util.List;

/**
 * A failing example as found and as shrunk. {@code original} is the example the run found; {@code
 * choiceShrunk} the result of choice-sequence shrinking (its choices in {@code shrunkChoices});
 * {@code shrunk} the final value after domain-level shrinking, with the verdict the check gave it.
 * Steps count re-checks during shrinking; {@code shrinkPasses} says what each named pass did: the
 * choice shrinker's passes, then the value shrinker's (for a scenario, {@code ScenarioShrinker}'s).
 */
public record Failure<T>(
    int exampleIndex,
    T original,
    ChoiceSequence originalChoices,
    Verdict originalVerdict,
    T choiceShrunk,
    ChoiceSequence shrunkChoices,
    T shrunk,
    Verdict verdict,
    int shrinkSteps,
    long shrinkNanos,
    List<PassStatistics> shrinkPasses) {
  public Failure {
    shrinkPasses = List.copyOf(shrinkPasses);
  }
}
