package mountcheck.model.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;

/** The model's answer to a scenario, in the same shape as a recorded kernel answer. */
public final class ModelAnswer {
  private ModelAnswer() {}

  public static ExpectedOutcome of(ScenarioRunner.Run run) {
    List<ExpectedOutcome.Failure> failures =
        run.failures().stream()
            .map(f -> new ExpectedOutcome.Failure(f.step().line(), f.errno().name()))
            .toList();
    return new ExpectedOutcome(
        List.of("# answered by the mountcheck model"),
        failures,
        StateMountInfo.rows(run.state()),
        namespaces(run));
  }

  /**
   * The tables of the namespaces still held by the files the scenario persisted namespaces on, in
   * the scenario's order (a file that holds no namespace at the end has no table).
   */
  public static List<ExpectedOutcome.NamespaceTable> namespaces(ScenarioRunner.Run run) {
    List<ExpectedOutcome.NamespaceTable> out = new ArrayList<>();
    for (String file : run.namespaceFiles()) {
      Optional<Integer> ns = Model.namespaceHeldBy(run.state(), file);
      ns.ifPresent(
          n ->
              out.add(
                  new ExpectedOutcome.NamespaceTable(file, StateMountInfo.rows(run.state(), n))));
    }
    return out;
  }

  /** The answer as {@code profile}'s kernel shows it (its tmpfs superblock options). */
  public static ExpectedOutcome of(ScenarioRunner.Run run, KernelProfile profile) {
    ExpectedOutcome plain = of(run);
    return new ExpectedOutcome(
        plain.header(),
        plain.failures(),
        rows(plain.rows(), profile),
        plain.namespaces().stream()
            .map(n -> new ExpectedOutcome.NamespaceTable(n.file(), rows(n.rows(), profile)))
            .toList());
  }

  /** Model rows with {@code profile}'s tmpfs superblock options. */
  public static List<MountInfoRow> rows(List<MountInfoRow> rows, KernelProfile profile) {
    return rows.stream()
        .map(
            r ->
                new MountInfoRow(
                    r.mountId(),
                    r.parentId(),
                    r.major(),
                    r.minor(),
                    r.root(),
                    r.mountPoint(),
                    r.mountOptions(),
                    r.optionalFields(),
                    r.fsType(),
                    r.source(),
                    r.fsType().equals("tmpfs") ? tmpfsSuperOptions(r, profile) : r.superOptions()))
        .toList();
  }

  /**
   * A tmpfs superblock's options as the kernel's build shows them: the model's {@code ro} or {@code
   * rw}, then what the build adds after it (the profile gives them after {@code rw}).
   */
  private static String tmpfsSuperOptions(MountInfoRow r, KernelProfile profile) {
    String built = profile.tmpfsSuperOptions();
    return built.startsWith("rw") ? r.superOptions() + built.substring(2) : built;
  }
}
