package mountcheck.model.semantics;

/**
 * One switch of the semantics: a rule that differs between kernel series ({@link KernelRule}) or a
 * bug planted in the model ({@link PlantedBug}). The operations ask a {@link RuleSet} whether a
 * rule is in force; they never ask which kernel, or which variant, they run for.
 */
public sealed interface Rule permits KernelRule, PlantedBug {
  /** The rule in one line. */
  String statement();
}
