package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
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
    Model model = Model.forKernel(KernelProfile.byName(kernel).orElseThrow());
    return new ScenarioRunner(model).run(COPY_OF_UNBINDABLE, MountTable.initial(100_000, 3));
  }

  @Test
  void profilesInReleaseOrderWithTheirUmountGeneration() {
    assertEquals(List.of("5.10", "6.1", "6.12", "6.18", "7.2"), KernelProfile.names());
    assertEquals("2017", KernelProfile.byName("6.12").orElseThrow().umountGeneration());
    assertEquals("2025", KernelProfile.byName("6.18").orElseThrow().umountGeneration());
    assertEquals("2025", KernelProfile.byName("7.2").orElseThrow().umountGeneration());
    assertEquals("6.18", KernelProfile.host().name());
    assertTrue(KernelProfile.byName("6.17").isEmpty());
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
    assertFalse(KernelProfile.host().has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY));
  }

  @Test
  void theRbindPrunesTheKeptUnbindableCopy() {
    assertEquals(List.of("/mnt", "/mnt/r", "/mnt/u"), mountPoints(run("6.1")));
    assertEquals(
        List.of("/mnt", "/mnt/r", "/mnt/r/u", "/mnt/r/w", "/mnt/u", "/mnt/w"),
        mountPoints(run("6.18")));
  }

  private static List<String> mountPoints(ScenarioRunner.Run r) {
    return StateMountInfo.rows(r.state()).stream().map(MountInfoRow::mountPoint).sorted().toList();
  }
}
