package mountcheck.model.semantics;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The rules the semantics follow in one run: the kernel's {@link KernelRule}s and any {@link
 * PlantedBug}. One set, handed to every operation through a {@link Transition}.
 */
public record RuleSet(Set<Rule> rules) {
  /** No rule switched on: the host's series (6.18) without planted bugs. */
  public static final RuleSet NONE = new RuleSet(Set.of());

  public RuleSet {
    rules = Set.copyOf(rules);
  }

  public static RuleSet of(Collection<? extends Rule> rules) {
    return new RuleSet(Set.copyOf(rules));
  }

  public boolean has(Rule rule) {
    return rules.contains(rule);
  }

  /** These rules and {@code rule}. */
  public RuleSet with(Rule rule) {
    Set<Rule> more = new LinkedHashSet<>(rules);
    more.add(rule);
    return new RuleSet(more);
  }

  /** The planted bug among the rules, if any. */
  public Optional<PlantedBug> plantedBug() {
    return rules.stream()
        .filter(PlantedBug.class::isInstance)
        .map(PlantedBug.class::cast)
        .findFirst();
  }
}
