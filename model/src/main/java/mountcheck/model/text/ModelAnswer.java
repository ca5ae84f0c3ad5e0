package mountcheck.model.text;

import java.util.List;
import mountcheck.model.semantics.KernelProfile;
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
        List.of("# answered by the mountcheck model"), failures, StateMountInfo.rows(run.state()));
  }

  /** The answer as {@code profile}'s kernel shows it (its tmpfs superblock options). */
  public static ExpectedOutcome of(ScenarioRunner.Run run, KernelProfile profile) {
    ExpectedOutcome plain = of(run);
    return new ExpectedOutcome(plain.header(), plain.failures(), rows(plain.rows(), profile));
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
                    r.fsType().equals("tmpfs") ? profile.tmpfsSuperOptions() : r.superOptions()))
        .toList();
  }
}
