package mountcheck.kernel;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.StateMountInfo;
import mountcheck.model.text.TableDiff;

/**
 * The model against a kernel's answer step by step: after every scenario line, the canonical table
 * of the current namespace (the mounts at or below /mnt that the scenario made) must be the same.
 * The kernel's tables are the ones its {@link ScenarioScript} captured after each line ({@link
 * KernelResult#stepRows()}), on the host or in a guest; the model starts from the state the kernel
 * started in, as the final-table comparison does.
 */
public final class StepComparison {
  private StepComparison() {}

  /**
   * Whether the kernel's answer can be compared step by step: false when its namespace grew past
   * {@link ScenarioScript#MAX_STEP_ROWS} mounts and the runner stopped capturing (such a scenario
   * is compared on its final table only; campaigns count it apart).
   */
  public static boolean comparable(KernelResult live) {
    return !live.stepsTooLarge();
  }

  /**
   * The first step after which the model's table differs from the kernel's, as "first step where
   * the tables part: step I (line L: COMMAND)" and the difference, or null when every step agrees
   * or the answer is not {@link #comparable}.
   */
  public static String firstDifference(
      KernelProfile profile, Scenario scenario, KernelResult live) {
    return firstDifference(Model.forKernel(profile), profile, scenario, live);
  }

  /** As {@link #firstDifference(KernelProfile, Scenario, KernelResult)} with another model. */
  public static String firstDifference(
      Model model, KernelProfile profile, Scenario scenario, KernelResult live) {
    if (!comparable(live)) return null;
    List<List<MountInfoRow>> kernel = live.stepRows();
    if (kernel.size() != scenario.steps().size())
      return "the kernel's per-step tables are missing ("
          + kernel.size()
          + " of "
          + scenario.steps().size()
          + " steps captured)";
    ScenarioRunner.ObservedRun observed =
        new ScenarioRunner(model)
            .observe(
                scenario,
                MountTable.initial(
                    100_000, Math.max(1, live.mountsBefore()), live.mountPointsBefore()));
    for (int i = 0; i < observed.steps().size(); i++) {
      ScenarioRunner.ObservedStep s = observed.steps().get(i);
      CanonicalTable m =
          CanonicalTable.of(ModelAnswer.rows(StateMountInfo.rows(s.after()), profile));
      CanonicalTable k = CanonicalTable.of(kernel.get(i));
      if (!m.equals(k))
        return "first step where the tables part: step "
            + i
            + " (line "
            + s.step().line()
            + ": "
            + s.step().operation().toCommand()
            + ")\n"
            + TableDiff.of("model", m, "kernel", k).render();
    }
    return null;
  }
}
