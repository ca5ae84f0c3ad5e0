package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.Invariants;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/**
 * Detached trees of the {@code mountfd} lines (docs/semantics.md §2.15). Expected values are
 * derived by hand from open_tree(2), move_mount(2) and dissolve_on_fput() in fs/namespace.c, noted
 * at each line; the starting state is the runner's.
 */
class DetachedTreesTest {
  private static final String SETUP =
      "mount -t tmpfs top /mnt\n" // 1
          + "mkdir -p /mnt/a /mnt/b /mnt/c\n" // 2
          + "mount -t tmpfs x /mnt/a\n" // 3
          + "mkdir -p /mnt/a/d\n" // 4
          + "mount -t tmpfs y /mnt/a/d\n"; // 5

  private static ScenarioRunner.Run run(Model model, String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    MountTable start = MountTable.initial(100000, 1);
    ScenarioRunner runner = new ScenarioRunner(model);
    for (int i = 1; i <= s.steps().size(); i++) {
      Scenario prefix = new Scenario("t.sh", s.steps().subList(0, i));
      var broken = Invariants.check(runner.run(prefix, start).state());
      assertTrue(broken.isEmpty(), "after line " + i + ": " + broken);
    }
    return runner.run(s, start);
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static List<String> mountPoints(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream().map(row -> row.mountPoint()).toList();
  }

  @Test
  void aDetachedCopyIsInNoTableUntilAttachedAndGoesWhenItsDescriptorCloses() {
    String text =
        SETUP
            + "mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE\n" // 6: x and y copied
            + "mountfd open_tree u /mnt/a OPEN_TREE_CLONE\n"; // 7: x alone
    ScenarioRunner.Run held = run(Model.linux(), text);
    // the shell's table shows the originals only; the model holds 2 + 1 detached copies more
    assertEquals(List.of("/mnt", "/mnt/a", "/mnt/a/d"), mountPoints(held));
    int before = held.state().mountIds().size();
    ScenarioRunner.Run closed = run(Model.linux(), text + "mountfd close t\nmountfd close u\n");
    assertEquals(before - 3, closed.state().mountIds().size());
    ScenarioRunner.Run attached =
        run(Model.linux(), text + "mountfd move_mount t /mnt/b\nmountfd close t\n");
    // attached, the tree stays when its descriptor closes
    assertEquals(
        List.of("/mnt", "/mnt/a", "/mnt/a/d", "/mnt/b", "/mnt/b/d"), mountPoints(attached));
    assertEquals(List.of(), failures(attached));
  }

  @Test
  void failuresFollowTheCallsChecks() {
    ScenarioRunner.Run r =
        run(
            Model.linux(),
            SETUP
                + "mountfd open_tree t /mnt/a AT_RECURSIVE\n" // 6: EINVAL, needs OPEN_TREE_CLONE
                + "mountfd move_mount t /mnt/b\n" // 7: EBADF, t was never made
                + "mountfd open_tree t /mnt/nope OPEN_TREE_CLONE\n" // 8: ENOENT
                + "mountfd open_tree d /mnt/a/d\n" // 9: O_PATH on y's root
                + "mountfd move_mount d /mnt/a/d\n" // 10: ELOOP, into the moved mount itself
                + "mountfd open_tree s /mnt/a\n" // 11: O_PATH on /mnt/a's root (x)
                + "umount /mnt/a/d\n" // 12: EBUSY, d holds y
                + "mountfd close d\n"
                + "umount /mnt/a/d\n" // 14: works
                + "umount /mnt/a\n"); // 15: EBUSY, s holds x
    assertEquals(
        List.of("6 EINVAL", "7 EBADF", "8 ENOENT", "10 ELOOP", "12 EBUSY", "15 EBUSY"),
        failures(r));
  }

  @Test
  void onlySixFifteenAndLaterCopyOrMountOnADetachedTree() {
    String text =
        SETUP
            + "mountfd open_tree t /mnt/a OPEN_TREE_CLONE\n" // 6
            + "mountfd open_tree u /mnt/c OPEN_TREE_CLONE\n" // 7: /mnt/c is top's directory
            + "mountfd open_tree v t OPEN_TREE_CLONE\n" // 8: may_copy_tree() (6.15)
            + "mountfd move_mount u t\n"; // 9: may_use_mount() (6.15)
    assertEquals(List.of(), failures(run(Model.forKernel(Kernels.host().profile()), text)));
    Model old = Model.forKernel(Kernels.byName("6.12").orElseThrow().profile());
    assertEquals(List.of("8 EINVAL", "9 EINVAL"), failures(run(old, text)));
  }

  @Test
  void anAttachedMountMovesOnlyWithinTheCallersNamespace() {
    ScenarioRunner.Run r =
        run(
            Model.linux(),
            SETUP
                + "mountfd open_tree t /mnt/c OPEN_TREE_CLONE\n" // 6
                + "mountfd move_mount /mnt/a t\n" // 7: EINVAL, target detached
                + "mountfd move_mount /mnt/a /mnt/b\n"); // 8: /mnt is private: a plain move
    assertEquals(List.of("7 EINVAL"), failures(r));
    assertEquals(List.of("/mnt", "/mnt/b", "/mnt/b/d"), mountPoints(r));
  }
}
