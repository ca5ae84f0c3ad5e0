package mountcheck.properties.catalogue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mountcheck.engine.Gen;
import mountcheck.engine.Labeller;
import mountcheck.engine.Property;
import mountcheck.engine.Verdict;
import mountcheck.model.events.ChangeCounters;
import mountcheck.model.events.MountinfoPoll;
import mountcheck.model.ops.Scenario;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;

/**
 * Readers of /proc/PID/mountinfo that poll() and re-read the whole table on every wake-up, run
 * concurrently with a scenario: between two lines each reader takes 0-2 turns, a turn being a poll
 * (when it has read since its last wake-up) or the read its last wake-up asked for. The readers
 * watch the scenario's first namespace; the table they read is every mount's place (id, parent,
 * mount point, root, filesystem). Under both rules of {@link MountinfoPoll} a poll that reports no
 * change must find the reader's last read equal to the table (nothing missed); a wake-up whose read
 * finds the same table as the reader's previous read is spurious.
 */
public final class PollReaders {
  public static final String NAME = "mountinfo-poll-misses-nothing";
  static final int READERS = 3;

  private PollReaders() {}

  /** Wake-ups and spurious wake-ups of one run, per rule. */
  public record Counts(Map<MountinfoPoll.Rule, long[]> byRule) {
    /** {wake-ups, spurious wake-ups, missed changes}. */
    public long[] of(MountinfoPoll.Rule rule) {
      return byRule.get(rule);
    }

    public static Counts zero() {
      Map<MountinfoPoll.Rule, long[]> m = new HashMap<>();
      for (MountinfoPoll.Rule r : MountinfoPoll.Rule.values()) m.put(r, new long[3]);
      return new Counts(m);
    }

    public void add(Counts o) {
      for (MountinfoPoll.Rule r : MountinfoPoll.Rule.values()) {
        for (int i = 0; i < 3; i++) byRule.get(r)[i] += o.of(r)[i];
      }
    }
  }

  /** A scenario and the readers' turns: turns[gap][reader], gap 0 before the first line. */
  public record Schedule(Scenario scenario, int[][] turns) {}

  public static Gen<Schedule> schedules() {
    var scenarios = Catalogue.scenarios();
    return s -> {
      Scenario sc = scenarios.generate(s);
      int[][] turns = new int[sc.steps().size() + 1][READERS];
      for (int[] gap : turns) for (int r = 0; r < READERS; r++) gap[r] = s.draw(2);
      return new Schedule(sc, turns);
    };
  }

  public static Property<Schedule> property() {
    return Property.of(
            NAME,
            "readers that poll() /proc/PID/mountinfo and re-read it on every wake-up, concurrently"
                + " with the scenario, never miss a change, under the kernel's rule (a change since"
                + " the last poll) and under the rule proposed in 2017 (a change since the last"
                + " read"
                + " from offset 0); spurious wake-ups are counted per rule",
            schedules(),
            (s, labels) -> check(s, labels))
        .withTries(3000)
        .withTimeLimit(Duration.ofSeconds(8));
  }

  static Verdict check(Schedule s, Labeller labels) {
    Counts c = Counts.zero();
    String missed = simulate(s, c);
    for (MountinfoPoll.Rule r : MountinfoPoll.Rule.values()) {
      if (c.of(r)[1] > 0) labels.label("spurious-" + r.word());
    }
    return missed == null ? Verdict.pass() : Verdict.fail(missed);
  }

  /**
   * Runs the readers under both rules, adding to {@code counts}; the first missed change, or null.
   */
  public static String simulate(Schedule s, Counts counts) {
    ScenarioRunner.ObservedRun run =
        new ScenarioRunner(Model.linux()).observe(s.scenario(), Catalogue.smallInitial());
    String first = null;
    for (MountinfoPoll.Rule rule : MountinfoPoll.Rule.values()) {
      String m = simulate(rule, run, s.turns(), counts.of(rule));
      if (first == null && m != null) first = m;
    }
    return first;
  }

  private static final class Reader {
    MountinfoPoll file;
    Map<Integer, List<Integer>> lastRead;
    boolean woken;
  }

  private static String simulate(
      MountinfoPoll.Rule rule, ScenarioRunner.ObservedRun run, int[][] turns, long[] counts) {
    List<Reader> readers = new ArrayList<>();
    MountTable state = run.initial();
    ChangeCounters counters = ChangeCounters.ZERO;
    for (int r = 0; r < READERS; r++) {
      Reader reader = new Reader();
      reader.file = MountinfoPoll.open(rule, counters.event(1));
      reader.lastRead = table(state);
      readers.add(reader);
    }
    for (int gap = 0; gap <= run.steps().size(); gap++) {
      if (gap > 0) {
        state = run.steps().get(gap - 1).after();
        counters = run.steps().get(gap - 1).counters();
      }
      String where =
          gap == 0
              ? "before the first line"
              : "after line " + run.steps().get(gap - 1).step().line();
      Map<Integer, List<Integer>> now = table(state);
      boolean last = gap == run.steps().size();
      for (int r = 0; r < READERS; r++) {
        Reader reader = readers.get(r);
        int n = last ? 4 : turns[gap][r]; // at the end every reader settles
        for (int t = 0; t < n; t++) {
          String m = turn(reader, counters.event(1), now, counts);
          if (m != null) return rule.word() + ", reader " + r + ", " + where + ": " + m;
        }
      }
    }
    return null;
  }

  private static String turn(
      Reader reader, long nsEvent, Map<Integer, List<Integer>> now, long[] counts) {
    if (reader.woken) {
      reader.file = reader.file.afterRead(nsEvent);
      if (now.equals(reader.lastRead)) counts[1]++;
      reader.lastRead = now;
      reader.woken = false;
      return null;
    }
    boolean change = reader.file.reportsChange(nsEvent);
    reader.file = reader.file.afterPoll(nsEvent);
    if (change) {
      counts[0]++;
      reader.woken = true;
    } else if (!now.equals(reader.lastRead)) {
      counts[2]++;
      return "poll reports no change, but the table changed since the reader's last read";
    }
    return null;
  }

  /** The first namespace's mounts: id -> (parent, mount point, root, superblock). */
  static Map<Integer, List<Integer>> table(MountTable t) {
    Map<Integer, List<Integer>> out = new HashMap<>();
    for (int id : t.mountIds()) {
      Mount m = t.mount(id);
      if (m.namespace() == 1)
        out.put(id, List.of(m.parent(), m.mountpoint(), m.root(), m.superblock()));
    }
    return out;
  }
}
