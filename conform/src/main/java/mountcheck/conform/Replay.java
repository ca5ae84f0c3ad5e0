package mountcheck.conform;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.engine.Property;
import mountcheck.engine.Runner;
import mountcheck.engine.Verdict;
import mountcheck.kernel.KernelRunner;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.text.ScenarioParser;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.KnownBugProperties;
import mountcheck.properties.counterexample.CounterexampleReader;
import mountcheck.properties.counterexample.Status;
import mountcheck.properties.counterexample.StoredCounterexample;

/**
 * Replays stored counterexamples: a {@code regression} file must now pass the property it names, a
 * {@code witness} file (a documented real difference, such as the 2017 generation's answer to Al
 * Viro's reproducer) must keep failing it. It knows every name a stored file can carry: the
 * catalogue's, the variants' and {@link KernelConformance#NAME}, whose files replay against the
 * live host kernel.
 */
public final class Replay {
  private Replay() {}

  /** The outcome of replaying one file; {@code skipped} when it needs the kernel and has none. */
  public record Outcome(
      Path file, String property, Status status, boolean ok, String detail, boolean skipped) {
    Outcome(Path file, String property, Status status, boolean ok, String detail) {
      this(file, property, status, ok, detail, false);
    }
  }

  private static KernelRunner hostRunner;

  private static synchronized KernelRunner hostRunner() {
    if (hostRunner == null) hostRunner = new KernelRunner();
    return hostRunner;
  }

  /** The catalogue property or variant property with this name. */
  public static Optional<Property<Scenario>> propertyNamed(String name) {
    return propertyNamed(name, Model.linux());
  }

  /**
   * The catalogue property with this name on {@code model}'s states, or the variant property with
   * this name (a variant is always compared with the unmodified host model).
   */
  public static Optional<Property<Scenario>> propertyNamed(String name, Model model) {
    Optional<Property<Scenario>> p = Catalogue.byName(name, model);
    if (p.isPresent()) return p;
    if (name.startsWith("variant-"))
      return KnownBugProperties.property(name.substring("variant-".length()));
    return Optional.empty();
  }

  public static Outcome replay(Path file) {
    return replay(file, Kernels.host());
  }

  /**
   * Replays {@code file} with {@code kernel}'s model. A model-versus-kernel file compares with the
   * live host kernel, so on a guest kernel's model it is reported as skipped, with the command that
   * compares it with that kernel.
   */
  public static Outcome replay(Path file, Kernel kernel) {
    boolean hostModel = kernel.isHost();
    StoredCounterexample stored;
    try {
      stored = CounterexampleReader.read(file, body -> ScenarioParser.parse(file.toString(), body));
    } catch (RuntimeException e) {
      return new Outcome(file, "?", Status.REGRESSION, false, "cannot read: " + e.getMessage());
    }
    String name = stored.header().property();
    Status status = stored.header().status();
    if (name.equals(KernelConformance.NAME) && !hostModel) {
      return new Outcome(
          file,
          name,
          status,
          true,
          "skipped: compares the model with the live host kernel; on kernel "
              + kernel.name()
              + " run ./mountcheck diff --kernel "
              + kernel.name()
              + " "
              + file,
          true);
    }
    if (name.equals(KernelConformance.NAME) && !hostRunner().available()) {
      return new Outcome(
          file,
          name,
          status,
          true,
          "skipped: the live kernel cannot be used here: " + hostRunner().unavailableReason(),
          true);
    }
    Optional<Property<Scenario>> property =
        name.equals(KernelConformance.NAME)
            ? Optional.of(KernelConformance.property(hostRunner()))
            : propertyNamed(name, Model.forKernel(kernel.profile()));
    if (property.isEmpty())
      return new Outcome(file, name, status, false, "no property named " + name);
    Verdict v = Runner.check(property.get(), stored.scenario());
    boolean ok = status == Status.WITNESS ? v.failed() : v.passed();
    String detail =
        status == Status.WITNESS
            ? (ok
                ? "still fails, as documented: " + v.message()
                : "no longer fails: the documented difference is gone")
            : (ok ? "passes" : "fails again: " + v.message());
    return new Outcome(file, name, status, ok, detail);
  }

  public static List<Outcome> replayAll(Path dir) {
    List<Outcome> out = new ArrayList<>();
    for (Path f : CounterexampleReader.list(dir)) out.add(replay(f));
    return out;
  }
}
