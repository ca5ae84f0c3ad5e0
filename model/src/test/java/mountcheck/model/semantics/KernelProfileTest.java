package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.kernels.Kernels;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

class KernelProfileTest {
  /** An unbindable mount, a namespace copy, then a bind of the copy and an rbind of its parent. */
  private static final Scenario COPY_OF_UNBINDABLE =
      ScenarioParser.parse(
          "copy.sh",
          String.join(
              "\n",
              "mount -t tmpfs root /mnt",
              "mkdir -p /mnt/u /mnt/w /mnt/r",
              "mount -t tmpfs u /mnt/u",
              "mount --make-unbindable /mnt/u",
              "unshare -m --propagation unchanged",
              "mount --bind /mnt/u /mnt/w",
              "mount --rbind /mnt /mnt/r",
              ""));

  private static ScenarioRunner.Run run(String kernel) {
    Model model = Model.forKernel(profile(kernel));
    return new ScenarioRunner(model).run(COPY_OF_UNBINDABLE, MountTable.initial(100_000, 3));
  }

  /** The profile of the registry's kernel of that name (6.18 is the host's series). */
  private static KernelProfile profile(String kernel) {
    return Kernels.byName(kernel).orElseThrow().profile();
  }

  @Test
  void kernelsInReleaseOrderWithTheirUmountGeneration() {
    assertEquals(List.of("5.10", "6.1", "6.12", "host", "7.2"), Kernels.names());
    assertEquals("2017", profile("6.12").umountGeneration());
    assertEquals("2025", profile("6.18").umountGeneration());
    assertEquals("2025", profile("7.2").umountGeneration());
    assertEquals("6.18", Kernels.host().series());
    assertEquals(Kernels.host(), Kernels.byName("6.18").orElseThrow());
    assertTrue(Kernels.byName("6.17").isEmpty());
  }

  @Test
  void kernelsThatKeepTheUnbindableMarkRefuseToBindTheCopy() {
    for (String k : List.of("5.10", "6.1", "6.12", "7.2")) {
      ScenarioRunner.Run r = run(k);
      assertEquals(1, r.failures().size(), k + ": " + r.failures());
      assertEquals(6, r.failures().get(0).step().line(), k);
      assertEquals(Errno.EINVAL, r.failures().get(0).errno(), k);
    }
  }

  @Test
  void linux618DropsTheMarkSoTheBindWorks() {
    ScenarioRunner.Run r = run("6.18");
    assertEquals(List.of(), r.failures());
    assertFalse(Kernels.host().profile().has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY));
  }

  @Test
  void theRbindPrunesTheKeptUnbindableCopy() {
    assertEquals(List.of("/mnt", "/mnt/r", "/mnt/u"), mountPoints(run("6.1")));
    assertEquals(
        List.of("/mnt", "/mnt/r", "/mnt/r/u", "/mnt/r/w", "/mnt/u", "/mnt/w"),
        mountPoints(run("6.18")));
  }

  /**
   * C29's shape: a copy propagated into a less privileged namespace slides under the locked copy of
   * U there; then a plain bind of the parent in that namespace (line 15) and a umount of the locked
   * U' (line 16).
   */
  private static final Scenario TUCK_UNDER_LOCKED =
      ScenarioParser.parse(
          "tuck.sh",
          String.join(
              "\n",
              "mount -t tmpfs top /mnt",
              "mkdir -p /mnt/ns /mnt/s",
              "mount --bind /mnt/ns /mnt/ns",
              "mount --make-private /mnt/ns",
              "touch /mnt/ns/c",
              "mount -t tmpfs S /mnt/s",
              "mount --make-shared /mnt/s",
              "mkdir -p /mnt/s/z /mnt/s/z2 /mnt/s/b",
              "mount -t tmpfs T /mnt/s/z",
              "mkdir -p /mnt/s/z/u",
              "mount -t tmpfs U /mnt/s/z/u",
              "mount --bind /mnt/s/z /mnt/s/z2",
              "unshare -Urm --propagation unchanged --mount=/mnt/ns/c true",
              "mount -t tmpfs N /mnt/s/z2/u",
              "nsenter --mount=/mnt/ns/c mount --bind /mnt/s/z /mnt/s/b",
              "nsenter --mount=/mnt/ns/c umount /mnt/s/z/u",
              ""));

  @Test
  void onlyKernelsWhoseTuckedCopyTakesTheLockRefuseTheBindThatWouldExposeIt() {
    for (String k : Kernels.names()) {
      ScenarioRunner.Run r =
          new ScenarioRunner(Model.forKernel(profile(k)))
              .run(TUCK_UNDER_LOCKED, MountTable.initial(100_000, 3));
      List<Integer> failing = r.failures().stream().map(f -> f.step().line()).toList();
      boolean takesLock = k.equals("7.2");
      assertEquals(takesLock ? List.of(15, 16) : List.of(16), failing, k);
      assertEquals(takesLock, profile(k).has(KernelRule.TUCKED_COPY_TAKES_LOCK), k);
    }
  }

  /**
   * conformance/C31: the bind of /mnt/b/2 propagates a copy into the slave namespace kept on
   * /mnt/n1 (another user namespace), where it slides under the /mnt/b/2 that namespace already
   * has; then tmpfs o3 lands on it and umount -l /mnt/a propagates there. Recorded answers: 5.10
   * keeps /mnt/a/2 and /mnt/b/2 in that namespace (locked when the copy was tucked, before
   * ce7df1968653), 6.1 and later remove them.
   */
  private static final Scenario COVERING_TREE =
      ScenarioParser.parse(
          "c31.sh",
          String.join(
              "\n",
              "mount -t tmpfs t0 /mnt",
              "mkdir -p /mnt/a /mnt/b",
              "mount -t tmpfs A /mnt/a",
              "mount --make-shared /mnt/a",
              "mount --bind /mnt/a /mnt/b",
              "mkdir -p /mnt /mnt/b/2",
              "touch /mnt/n1 /mnt/n2",
              "unshare -Urm --propagation slave --mount=/mnt/n1 true",
              "mount --bind /mnt/b/2 /mnt/b/2",
              "mount -t tmpfs o3 /mnt/b/2",
              "umount -l /mnt/a",
              ""));

  @Test
  void only510LocksTheCoveringTreeWhenACopySlidesUnderIt() {
    for (String k : Kernels.names()) {
      ScenarioRunner.Run r =
          new ScenarioRunner(Model.forKernel(profile(k)))
              .run(COVERING_TREE, MountTable.initial(100_000, 3));
      boolean locksCovering = k.equals("5.10");
      List<String> kept =
          ModelAnswer.namespaces(r).get(0).rows().stream()
              .map(MountInfoRow::mountPoint)
              .sorted()
              .toList();
      assertEquals(
          locksCovering
              ? List.of("/mnt", "/mnt/a", "/mnt/a/2", "/mnt/b", "/mnt/b/2")
              : List.of("/mnt", "/mnt/a", "/mnt/b"),
          kept,
          k);
      assertEquals(locksCovering, profile(k).has(KernelRule.COVERING_TREE_LOCKED_ON_TUCK), k);
    }
  }

  private static List<String> mountPoints(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream().map(MountInfoRow::mountPoint).sorted().toList();
  }
}
