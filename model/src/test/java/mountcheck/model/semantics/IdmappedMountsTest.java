package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
 * Idmapped mounts and OPEN_TREE_NAMESPACE (docs/semantics.md §2.17). The expected values are
 * derived by hand from build_mount_idmapped(), can_idmap_mount() and vfs_open_tree()
 * (fs/namespace.c) and agree with conformance/C54 and C55 as recorded on 6.18; each line notes its
 * answer.
 */
class IdmappedMountsTest {
  private static final String SETUP =
      "mount -t tmpfs top /mnt\n" // 1
          + "mkdir -p /mnt/a /mnt/b\n" // 2
          + "mountfd userns u\n" // 3: a child user namespace
          + "mountfd userns me self\n" // 4: the shell's own, which owns the tmpfs below
          + "mountfd fsopen fs tmpfs\n" // 5
          + "mountfd fsconfig fs create\n" // 6
          + "mountfd fsmount m fs\n"; // 7: a detached mount

  private static ScenarioRunner.Run run(Model model, String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    ScenarioRunner.Run r = new ScenarioRunner(model).run(s, MountTable.initial(100000, 1));
    assertTrue(Invariants.check(r.state()).isEmpty(), Invariants.check(r.state()).toString());
    return r;
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static List<String> rows(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream()
        .map(row -> row.mountPoint() + " " + row.mountOptions())
        .toList();
  }

  @Test
  void onlyADetachedMountTakesAnIdmappingAndOnlyOnce() {
    ScenarioRunner.Run r =
        run(
            Model.linux(),
            SETUP
                + "mountfd mount_setattr m attr_set=idmap userns=me\n" // 8: EINVAL, sb's owner
                + "mountfd mount_setattr m attr_set=idmap\n" // 9: EINVAL, userns_fd 0
                + "mountfd mount_setattr m attr_set=idmap userns=fs\n" // 10: EINVAL, a context
                + "mountfd mount_setattr m attr_set=idmap userns=m\n" // 11: EBADF, O_PATH
                + "mountfd mount_setattr m attr_set=idmap userns=u\n" // 12
                + "mountfd mount_setattr m attr_set=idmap userns=u\n" // 13: EPERM, set already
                + "mountfd mount_setattr m attr_clr=idmap\n" // 14: EINVAL, never cleared
                + "mountfd move_mount m /mnt/a\n" // 15
                + "mount --bind /mnt/a /mnt/b\n" // 16: the copy keeps it
                + "mountfd mount_setattr /mnt/a attr_set=ro\n" // 17: other attributes change
                + "mount -t tmpfs x /mnt/a\n" // 18
                + "mountfd mount_setattr /mnt/a attr_set=idmap userns=u\n"); // 19: EINVAL, shown
    assertEquals(
        List.of(
            "8 EINVAL", "9 EINVAL", "10 EINVAL", "11 EBADF", "13 EPERM", "14 EINVAL", "19 EINVAL"),
        failures(r));
    assertEquals(
        List.of(
            "/mnt rw,relatime",
            "/mnt/a ro,relatime,idmapped",
            "/mnt/b rw,relatime,idmapped",
            "/mnt/a rw,relatime"),
        rows(r));
  }

  @Test
  void tmpfsTakesNoIdmappingBefore63() {
    String text = SETUP + "mountfd mount_setattr m attr_set=idmap userns=u\n"; // 8
    Model on61 = Model.forKernel(Kernels.byName("6.1").orElseThrow().profile());
    assertEquals(List.of("8 EINVAL"), failures(run(on61, text)));
    Model on612 = Model.forKernel(Kernels.byName("6.12").orElseThrow().profile());
    assertEquals(List.of(), failures(run(on612, text)));
  }

  @Test
  void openTreeNamespaceIsAnUnknownFlagBefore70() {
    String text =
        "mount -t tmpfs top /mnt\n" // 1
            + "touch /mnt/f\n" // 2
            + "mountfd open_tree t /mnt/f OPEN_TREE_NAMESPACE\n" // 3: ENOTDIR on 7.2
            + "mountfd open_tree t /mnt/f OPEN_TREE_NAMESPACE OPEN_TREE_CLONE\n"; // 4: EINVAL
    assertEquals(List.of("3 EINVAL", "4 EINVAL"), failures(run(Model.linux(), text)));
    Model on72 = Model.forKernel(Kernels.byName("7.2").orElseThrow().profile());
    assertEquals(List.of("3 ENOTDIR", "4 EINVAL"), failures(run(on72, text)));
    // a successful one makes a namespace the model does not follow yet
    assertThrows(
        UnsupportedOperationException.class,
        () -> run(on72, "mount -t tmpfs top /mnt\nmountfd open_tree t /mnt OPEN_TREE_NAMESPACE\n"));
  }
}
