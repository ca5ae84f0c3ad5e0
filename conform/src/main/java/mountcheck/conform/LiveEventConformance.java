package mountcheck.conform;

import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.engine.Labeller;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.kernel.live.EventComparison;
import mountcheck.kernel.live.LiveEvent;
import mountcheck.kernel.live.LiveEventRunner;
import mountcheck.kernel.live.LiveException;
import mountcheck.kernel.live.LiveRun;
import mountcheck.kernel.live.LiveStep;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.properties.catalogue.WatcherProperty;
import mountcheck.properties.scenario.ScenarioShrinker;

/**
 * The live change stream as a property: on the host kernel (fanotify mount-namespace marks,
 * listmount, statmount, poll on mountinfo) after every line of a generated scenario (with
 * namespaces kept on files, nsenter, exec, cd and rmdir: {@link WatcherProperty#scenarios()}) the
 * current namespace's canonical table is the model's, every line and every shell's exit at the end
 * causes the same canonical events as in the model, poll() on each shell's mountinfo reports a
 * change exactly when the model moves that namespace's {@code ns->event}, and a watcher that starts
 * from listmount and applies the events matches listmount after every line and every teardown. Only
 * runnable where {@link LiveEventRunner#unavailableReason()} is null.
 */
public final class LiveEventConformance {
  public static final String NAME = "model-events-agree-with-kernel";

  private LiveEventConformance() {}

  public static Property<Scenario> property(LiveEventRunner live) {
    return Property.of(
            NAME,
            "on every generated scenario, after each line the canonical table is the same, each"
                + " line and every shell's exit causes the same mount events (attach, detach, move;"
                + " canonical, per namespace) in the model and on the live kernel, poll() on"
                + " mountinfo"
                + " wakes exactly when the model moves ns->event, and a watcher of the live change"
                + " stream matches listmount after every line and every namespace teardown",
            WatcherProperty.scenarios(),
            (s, labels) -> check(live, s, labels))
        .withTries(20)
        .withTimeLimit(Duration.ofSeconds(60))
        .withShrinker(new ScenarioShrinker());
  }

  static Verdict check(LiveEventRunner live, Scenario s) throws IOException {
    return check(live, s, Labeller.NONE);
  }

  static Verdict check(LiveEventRunner live, Scenario s, Labeller labels) throws IOException {
    ScenarioRunner.Run quick =
        new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100_000, 20));
    if (quick.state().mountCount() > KernelConformance.MAX_MOUNTS)
      return Verdict.discard("more than " + KernelConformance.MAX_MOUNTS + " mounts");
    LiveRun run;
    try {
      run = live.run(s);
    } catch (LiveException e) {
      if (!e.timedOut()) throw e;
      // a stall of the loaded machine, not an answer: the same scenario once more
      run = live.run(s);
    }
    label(run, labels);
    ScenarioRunner.ObservedRun model = EventComparison.model(s, run);
    String table = EventComparison.firstTableDifference(model, run);
    if (table != null) return Verdict.fail(table);
    EventComparison.Difference d = EventComparison.firstDifference(model, run);
    if (d != null) return Verdict.fail(d.describe());
    EventComparison.Difference exit =
        EventComparison.firstTeardownDifference(Model.linux(), model, run);
    if (exit != null) return Verdict.fail(exit.describe());
    String poll = EventComparison.firstPollDifference(model, run);
    if (poll != null) return Verdict.fail(poll);
    List<String> watcher = run.watcherProblems();
    if (!watcher.isEmpty()) return Verdict.fail("live watcher: " + String.join("; ", watcher));
    return Verdict.pass();
  }

  /**
   * What the live run went through: the lines of the newer forms that worked on the kernel, and a
   * namespace kept on a file that was torn down (during the scenario, or when the first shell
   * exited).
   */
  private static void label(LiveRun run, Labeller labels) {
    for (LiveStep step : run.steps()) {
      if (step.exitStatus() != 0) continue;
      String command = step.command();
      if (command.startsWith("unshare") && command.contains("--mount="))
        labels.label(WatcherProperty.KEPT_ON_FILE);
      else if (command.startsWith("unshare")) labels.label(WatcherProperty.UNSHARED);
      if (command.startsWith("nsenter")) labels.label(WatcherProperty.NSENTER);
      if (command.startsWith("exec") || command.startsWith("cd "))
        labels.label(WatcherProperty.HELD);
      if (command.startsWith("rmdir") || command.matches("nsenter \\S+ rmdir .*"))
        labels.label(WatcherProperty.RMDIR);
    }
    Set<Integer> shells = new HashSet<>();
    for (LiveStep exit : run.teardowns()) shells.add(Integer.parseInt(exit.command().substring(2)));
    for (LiveStep exit : run.teardowns())
      for (LiveEvent e : exit.events())
        if (!shells.contains(e.namespace())) labels.label(WatcherProperty.KEPT_AT_EXIT);
    Set<Integer> seen = new HashSet<>();
    for (LiveStep step : run.steps()) {
      if (!step.tables().keySet().containsAll(seen)) labels.label(WatcherProperty.KEPT_TORN_DOWN);
      seen.addAll(step.tables().keySet());
    }
  }
}
