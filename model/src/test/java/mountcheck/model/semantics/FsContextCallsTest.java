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
 * fsopen(2), fsconfig(2) and fsmount(2) (docs/semantics.md §2.17). Expected values are derived by
 * hand from fs/fsopen.c and fsmount() and agree with conformance/C53 as recorded on 6.18 and 5.10;
 * each line notes its answer.
 */
class FsContextCallsTest {
  private static ScenarioRunner.Run run(Model model, String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    MountTable start = MountTable.initial(100000, 1);
    ScenarioRunner runner = new ScenarioRunner(model);
    ScenarioRunner.Run r = runner.run(s, start);
    var broken = Invariants.check(r.state());
    assertTrue(broken.isEmpty(), broken.toString());
    return r;
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  private static List<String> rows(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream()
        .map(row -> row.mountPoint() + " " + row.mountOptions() + " " + row.source())
        .toList();
  }

  @Test
  void aContextIsConfiguredOnceCreatedOnceAndMountedOnce() {
    ScenarioRunner.Run r =
        run(
            Model.linux(),
            "mount -t tmpfs top /mnt\n" // 1
                + "mkdir -p /mnt/a\n" // 2
                + "mountfd fsopen fs tmpfs\n" // 3
                + "mountfd fsmount m fs\n" // 4: EINVAL, no superblock yet
                + "mountfd fsconfig fs source lbl\n" // 5
                + "mountfd fsconfig fs source two\n" // 6: EINVAL, a second source
                + "mountfd fsconfig fs create\n" // 7
                + "mountfd fsconfig fs create\n" // 8: EBUSY, created already
                + "mountfd fsmount m fs attr=ro,noatime\n" // 9
                + "mountfd fsmount m2 fs\n" // 10: EBUSY, mounted once
                + "mountfd fsconfig m create\n" // 11: EBADF, m is an O_PATH file
                + "mountfd fsconfig none create\n" // 12: EINVAL, passed as -1
                + "mountfd move_mount m /mnt/a\n"); // 13
    assertEquals(
        List.of("4 EINVAL", "6 EINVAL", "8 EBUSY", "10 EBUSY", "11 EBADF", "12 EINVAL"),
        failures(r));
    // the label is the source; ro and noatime are the mount's own
    assertEquals(List.of("/mnt rw,relatime top", "/mnt/a ro,noatime lbl"), rows(r));
  }

  @Test
  void anUnattachedMountGoesWithItsDescriptorAndAContextIsNoMount() {
    ScenarioRunner.Run r =
        run(
            Model.linux(),
            "mount -t tmpfs top /mnt\n" // 1
                + "mkdir -p /mnt/a\n" // 2
                + "mountfd fsopen fs tmpfs\n" // 3
                + "mountfd open_tree t fs\n" // 4: an O_PATH file on anon_inodefs
                + "mountfd move_mount t /mnt/a\n" // 5: EINVAL
                + "mountfd move_mount fs /mnt/a\n" // 6: EINVAL
                + "mountfd mount_setattr fs attr_set=ro\n" // 7: EINVAL
                + "mountfd fsmount m t\n" // 8: EBADF, O_PATH
                + "mountfd fsconfig fs create\n" // 9
                + "mountfd fsmount m fs\n" // 10
                + "mountfd close m\n" // 11: dissolved
                + "mountfd move_mount m /mnt/a\n"); // 12: EBADF
    assertEquals(List.of("5 EINVAL", "6 EINVAL", "7 EINVAL", "8 EBADF", "12 EBADF"), failures(r));
    assertEquals(List.of("/mnt rw,relatime top"), rows(r));
    // the dissolved mount is freed: as many mounts as after lines 1-2 alone
    ScenarioRunner.Run plain = run(Model.linux(), "mount -t tmpfs top /mnt\nmkdir -p /mnt/a\n");
    assertEquals(plain.state().mountIds().size(), r.state().mountIds().size());
  }

  @Test
  void fsmountTakesNosymfollowFrom512() {
    String text =
        "mount -t tmpfs top /mnt\n" // 1
            + "mkdir -p /mnt/a\n" // 2
            + "mountfd fsopen fs tmpfs\n" // 3
            + "mountfd fsconfig fs create\n" // 4
            + "mountfd fsmount m fs attr=nosymfollow\n" // 5: EINVAL on 5.10 only
            + "mountfd move_mount m /mnt/a\n"; // 6: EBADF on 5.10
    Model on510 = Model.forKernel(Kernels.byName("5.10").orElseThrow().profile());
    assertEquals(List.of("5 EINVAL", "6 EBADF"), failures(run(on510, text)));
    ScenarioRunner.Run r = run(Model.linux(), text);
    assertEquals(List.of(), failures(r));
    assertEquals(List.of("/mnt rw,relatime top", "/mnt/a rw,relatime,nosymfollow none"), rows(r));
  }
}
