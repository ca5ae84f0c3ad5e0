package mountcheck.model.semantics;

import java.util.List;
import java.util.stream.Collectors;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.Invariants;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.StateMountInfo;

/** Runs operations on the model and answers questions about the resulting mountinfo rows. */
final class Table {
  final ScenarioRunner.Run run;
  final List<MountInfoRow> rows;

  private Table(ScenarioRunner.Run run) {
    this.run = run;
    this.rows = StateMountInfo.rows(run.state());
  }

  static Table run(Operation... ops) {
    return run(100_000, ops);
  }

  /** Runs the operations one by one and fails at the first state that breaks an invariant. */
  static Table run(int mountMax, Operation... ops) {
    MountTable state = MountTable.initial(mountMax, 1);
    ScenarioRunner runner = new ScenarioRunner(Model.linux());
    for (int i = 1; i <= ops.length; i++) {
      Scenario prefix = Scenario.of("test", List.of(ops).subList(0, i));
      var violations = Invariants.check(runner.run(prefix, state).state());
      if (!violations.isEmpty())
        throw new AssertionError(
            "after operation " + i + " (" + ops[i - 1].toCommand() + "): " + violations);
    }
    Scenario s = Scenario.of("test", List.of(ops));
    return new Table(runner.run(s, state));
  }

  int count() {
    return rows.size();
  }

  /** Rows at exactly this mount point, bottom of the stack first. */
  List<MountInfoRow> at(String path) {
    return rows.stream().filter(r -> r.mountPoint().equals(path)).collect(Collectors.toList());
  }

  /** The single (or topmost) row at this mount point. */
  MountInfoRow top(String path) {
    List<MountInfoRow> rs = at(path);
    if (rs.isEmpty()) throw new AssertionError("nothing mounted at " + path + " in\n" + this);
    // the topmost is the one no other row at the same path has as parent
    for (MountInfoRow r : rs) {
      boolean covered = rs.stream().anyMatch(o -> o.parentId() == r.mountId());
      if (!covered) return r;
    }
    throw new AssertionError("cycle at " + path);
  }

  /** Line numbers (1-based operation index) that failed, with errno names. */
  List<String> failures() {
    return run.failures().stream()
        .map(f -> f.step().line() + " " + f.errno().name())
        .collect(Collectors.toList());
  }

  MountTable state() {
    return run.state();
  }

  @Override
  public String toString() {
    return rows.stream()
        .map(
            r ->
                r.mountId()
                    + " "
                    + r.parentId()
                    + " "
                    + r.root()
                    + " "
                    + r.mountPoint()
                    + " "
                    + r.optionalFields()
                    + " "
                    + r.source())
        .collect(Collectors.joining("\n"));
  }
}
