package mountcheck.model.variants;

import java.util.Objects;

/**
 * One known-bug variant: a deliberately wrong system under test that the checks must catch.
 *
 * @param name the {@code --variant} name
 * @param system what it replaces
 * @param reference what it is compared with: a generation name, "the unmodified model", or the
 *     lifetime design {@code mainline}
 * @param caughtBy the property that catches it: a catalogue property name, or {@link
 *     KnownBugVariants#LIFETIME_PROPERTIES} for lifetime designs
 * @param source the kernel commit, release or report the bug comes from
 */
public record KnownBugVariant(
    String name, SystemUnderTest system, String reference, String caughtBy, String source) {
  public KnownBugVariant {
    Objects.requireNonNull(name);
    Objects.requireNonNull(system);
    Objects.requireNonNull(reference);
    Objects.requireNonNull(caughtBy);
    Objects.requireNonNull(source);
  }

  /** Whether the scenario catalogue checks it ({@code mountcheck check --variant NAME}). */
  public boolean checkedOnScenarios() {
    return !(system instanceof SystemUnderTest.Lifetime);
  }
}
