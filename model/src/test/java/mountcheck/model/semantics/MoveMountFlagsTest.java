package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.Invariants;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/**
 * MOVE_MOUNT_SET_GROUP and MOVE_MOUNT_BENEATH (docs/semantics.md §2.16). Expected values are
 * derived by hand from do_set_group() and can_move_mount_beneath() in fs/namespace.c (noted at each
 * assertion) or taken from the kernels' answers recorded for
 * conformance/C48-set-group-joins-peers.sh, conformance/C49-set-group-refusals.sh and
 * conformance/C52-beneath-takes-over-lock.sh.
 */
class MoveMountFlagsTest {
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

  /** The model's id of the topmost mount shown at that mount point. */
  private static int top(ScenarioRunner.Run r, String mountPoint) {
    List<MountInfoRow> at =
        StateMountInfo.rows(r.state()).stream()
            .filter(row -> row.mountPoint().equals(mountPoint))
            .toList();
    return at.stream()
        .filter(row -> at.stream().noneMatch(o -> o.parentId() == row.mountId()))
        .findFirst()
        .orElseThrow()
        .mountId();
  }

  private static final String SET_GROUP =
      "mount -t tmpfs top /mnt\n" // 1
          + "mkdir -p /mnt/a /mnt/b1 /mnt/b2 /mnt/c /mnt/d1 /mnt/d2 /mnt/e\n" // 2
          + "mount -t tmpfs x /mnt/a\n" // 3
          + "mount --make-shared /mnt/a\n" // 4
          + "mount --bind /mnt/a /mnt/b1\n" // 5
          + "mount --bind /mnt/a /mnt/b2\n" // 6
          + "mount --bind /mnt/a /mnt/c\n" // 7
          + "mount --make-private /mnt/c\n" // 8
          + "mountfd move_mount /mnt/b1 /mnt/c MOVE_MOUNT_SET_GROUP\n" // 9
          + "mount --bind /mnt/a /mnt/d1\n" // 10
          + "mount --make-slave /mnt/d1\n" // 11
          + "mount --bind /mnt/a /mnt/d2\n" // 12
          + "mount --make-slave /mnt/d2\n" // 13
          + "mount --bind /mnt/a /mnt/e\n" // 14
          + "mount --make-private /mnt/e\n" // 15
          + "mountfd move_mount /mnt/d1 /mnt/e MOVE_MOUNT_SET_GROUP\n"; // 16

  @Test
  void theTargetFollowsTheSourceInTheRingAndInTheSlaveList() {
    ScenarioRunner.Run r = run(Model.linux(), SET_GROUP);
    assertEquals(List.of(), failures(r));
    MountTable t = r.state();
    int a = top(r, "/mnt/a");
    int b1 = top(r, "/mnt/b1");
    int b2 = top(r, "/mnt/b2");
    int c = top(r, "/mnt/c");
    int d1 = top(r, "/mnt/d1");
    int d2 = top(r, "/mnt/d2");
    int e = top(r, "/mnt/e");
    // do_set_group(): list_add(&to->mnt_share, &from->mnt_share), c right after b1
    int[] ring = t.groupMembers(t.mount(a).group());
    int at = List.of(box(ring)).indexOf(b1);
    assertEquals(c, ring[(at + 1) % ring.length]);
    assertEquals(4, ring.length);
    assertTrue(List.of(box(ring)).contains(b2));
    // clone_mnt() puts each bind right after a in the ring (list_add()): a, d1, b2, b1, c when d1
    // is made a slave, a, d2, b2, b1, c for d2, and do_make_slave() takes the next peer with the
    // same root, b2, as the master of each. The slave source's
    // master becomes e's, e right after d1 (6.17+ hlist_add_behind()); the model appends d1 and d2
    // to b2's slave list in the order they came
    Mount em = t.mount(e);
    assertEquals(b2, em.master());
    assertEquals(b2, t.mount(d1).master());
    assertEquals(b2, t.mount(d2).master());
    assertFalse(em.shared());
    assertArrayEquals(new int[] {d1, e, d2}, t.slaves(b2));
  }

  @Test
  void aKernelWithoutTheFlagRefusesItBeforeAnyLookup() {
    // 5.10: move_mount() checks its flags first (EINVAL), so neither EBADF nor ENOENT (C49 lines
    // 31 and 32 on 5.10); 6.1 has SET_GROUP (5.15) but not BENEATH (6.5)
    String text =
        "mountfd move_mount zz /mnt/nothere MOVE_MOUNT_SET_GROUP\n"
            + "mountfd move_mount zz /mnt/nothere MOVE_MOUNT_BENEATH\n";
    Model on510 = Model.forKernel(Kernels.byName("5.10").orElseThrow().profile());
    Model on61 = Model.forKernel(Kernels.byName("6.1").orElseThrow().profile());
    assertEquals(List.of("1 EINVAL", "2 EINVAL"), failures(run(on510, text)));
    assertEquals(List.of("1 EBADF", "2 EINVAL"), failures(run(on61, text)));
  }

  private static final String BENEATH_LOCKED =
      "mount -t tmpfs top /mnt\n" // 1
          + "mkdir -p /mnt/a /mnt/b\n" // 2
          + "mount -t tmpfs a /mnt/a\n" // 3
          + "mount -t tmpfs a2 /mnt/a\n" // 4
          + "unshare -Urm\n" // 5: a and a2 are locked here
          + "mount -t tmpfs n /mnt/b\n" // 6
          + "mountfd open_tree t /mnt/b OPEN_TREE_CLONE\n" // 7
          + "mountfd move_mount t /mnt/a MOVE_MOUNT_BENEATH\n"; // 8

  @Test
  void beneathPutsTheTreeUnderTheTopAndOnlySevenTwoTakesALockOver() {
    // 6.18: can_move_mount_beneath() refuses the locked a2 (C52 line 20 on the host)
    assertEquals(List.of("8 EINVAL"), failures(run(Model.linux(), BENEATH_LOCKED)));
    // 7.2: the copy goes between a and a2, takes a2's lock, and a2 can go (C52 lines 20-22 on 7.2)
    Model on72 = Model.forKernel(Kernels.byName("7.2").orElseThrow().profile());
    ScenarioRunner.Run r = run(on72, BENEATH_LOCKED);
    assertEquals(List.of(), failures(r));
    int a2 = top(r, "/mnt/a");
    Mount copy = r.state().mount(r.state().mount(a2).parent());
    assertTrue(copy.locked());
    assertFalse(r.state().mount(a2).locked());
    assertEquals(
        "/mnt/a",
        StateMountInfo.rows(r.state()).stream()
            .filter(row -> row.mountId() == copy.parent())
            .findFirst()
            .orElseThrow()
            .mountPoint());
    ScenarioRunner.Run after = run(on72, BENEATH_LOCKED + "umount /mnt/a\numount /mnt/a\n");
    assertEquals(List.of("10 EINVAL"), failures(after));
  }

  private static Integer[] box(int[] ids) {
    Integer[] out = new Integer[ids.length];
    for (int i = 0; i < ids.length; i++) out[i] = ids[i];
    return out;
  }
}
