package mountcheck.kernel.live;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.CanonicalEvent;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.StateMountInfo;
import mountcheck.model.text.TableDiff;

/**
 * The model's change stream against the live kernel's, line by line: the canonical events (mounts
 * at or below /mnt) of each line must be the same multiset. The model starts from the state the
 * live run started in (the host's mounts below /mnt as locked opaque mounts).
 */
public final class EventComparison {
  private EventComparison() {}

  /** The first line where model and kernel part, or null when every line agrees. */
  public record Difference(
      int index, String command, List<CanonicalEvent> model, List<CanonicalEvent> kernel) {
    public String describe() {
      StringBuilder b =
          new StringBuilder(
              (index >= 0 ? "step " + index : "shell exit " + -index)
                  + " ("
                  + command
                  + "): model and kernel events differ\n  model:");
      for (CanonicalEvent e : model) b.append("\n    ").append(e.line());
      b.append("\n  kernel:");
      for (CanonicalEvent e : kernel) b.append("\n    ").append(e.line());
      return b.toString();
    }
  }

  /** The model's initial state for a live run: its first namespace's mounts below /mnt. */
  public static MountTable initialState(LiveRun live) {
    Map<Long, StatMount> first = live.initial().get(1);
    List<String> hostPoints = new ArrayList<>();
    for (StatMount m : first.values())
      if (LiveRun.underMnt(m.mountPoint())) hostPoints.add(m.mountPoint());
    return MountTable.initial(100_000, first.size(), hostPoints);
  }

  public static ScenarioRunner.ObservedRun model(Scenario scenario, LiveRun live) {
    return new ScenarioRunner(Model.linux()).observe(scenario, initialState(live));
  }

  /**
   * The first line after which poll() on a namespace's mountinfo answered differently from the
   * model's counters (a change exactly when the line moved the namespace's {@code ns->event}), as
   * "step I (COMMAND): nsN: kernel X, model Y", or null.
   */
  public static String firstPollDifference(ScenarioRunner.ObservedRun model, LiveRun live) {
    ChangeCounters before = ChangeCounters.ZERO;
    for (int i = 0; i < model.steps().size(); i++) {
      ScenarioRunner.ObservedStep s = model.steps().get(i);
      for (Map.Entry<Integer, Boolean> p : live.steps().get(i).pollReports().entrySet()) {
        boolean modelSays = s.counters().event(p.getKey()) != before.event(p.getKey());
        if (modelSays != p.getValue()) {
          return "step "
              + i
              + " ("
              + s.step().operation().toCommand()
              + "): ns"
              + p.getKey()
              + ": poll on mountinfo "
              + (p.getValue() ? "reports" : "does not report")
              + " a change, the model "
              + (modelSays ? "moved" : "did not move")
              + " ns->event";
        }
      }
      before = s.counters();
    }
    return null;
  }

  /**
   * The first line after which the model's canonical table of the current namespace differs from
   * the kernel's, as "step I (COMMAND): " and the table difference, or null when every line agrees
   * (per-step tables; the final-table comparison is the last step).
   */
  public static String firstTableDifference(ScenarioRunner.ObservedRun model, LiveRun live) {
    for (int i = 0; i < model.steps().size(); i++) {
      ScenarioRunner.ObservedStep s = model.steps().get(i);
      CanonicalTable m = CanonicalTable.of(StateMountInfo.rows(s.after()));
      CanonicalTable k = live.canonicalTable(i);
      if (!m.equals(k)) {
        return "step "
            + i
            + " (line "
            + s.step().line()
            + ": "
            + s.step().operation().toCommand()
            + "): the tables part\n"
            + TableDiff.of("model", m, "kernel", k).render();
      }
    }
    return null;
  }

  /**
   * The first shell exit at the end of the scenario (innermost first) whose canonical events differ
   * between the model ({@link Model#teardown} for each nested shell, then {@link
   * Model#lastTeardown}) and the kernel, or null when every exit agrees. Its index is -1 for the
   * innermost shell's exit, -2 for the next, and so on.
   */
  public static Difference firstTeardownDifference(
      Model modelSemantics, ScenarioRunner.ObservedRun model, LiveRun live) {
    List<Model.ShellExit> exits = modelSemantics.exitsAtEnd(model.state());
    for (int k = 0; k < exits.size(); k++) {
      Model.ShellExit exit = exits.get(k);
      List<CanonicalEvent> m = new ArrayList<>();
      for (CanonicalEvent e :
          CanonicalEvent.of(exit.before(), exit.after(), exit.changes().events()))
        if (LiveRun.underMnt(e.path())) m.add(e);
      List<CanonicalEvent> kernel =
          k < live.teardowns().size() ? live.canonicalTeardownEvents(k) : List.of();
      String what = "exit of the shell in ns" + exit.namespace();
      if (k >= live.teardowns().size()) what += " (no such exit on the kernel)";
      if (!m.equals(kernel) || k >= live.teardowns().size())
        return new Difference(-(k + 1), what, m, kernel);
    }
    if (exits.size() != live.teardowns().size())
      return new Difference(
          -(exits.size() + 1), "an exit the model does not have", List.of(), List.of());
    return null;
  }

  public static Difference firstDifference(ScenarioRunner.ObservedRun model, LiveRun live) {
    MountTable before = model.initial();
    for (int i = 0; i < model.steps().size(); i++) {
      ScenarioRunner.ObservedStep s = model.steps().get(i);
      List<CanonicalEvent> m = new ArrayList<>();
      for (CanonicalEvent e : CanonicalEvent.of(before, s.after(), s.events()))
        if (LiveRun.underMnt(e.path())) m.add(e);
      List<CanonicalEvent> k = live.canonicalEvents(i);
      if (!m.equals(k)) return new Difference(i, s.step().operation().toCommand(), m, k);
      before = s.after();
    }
    return null;
  }
}
