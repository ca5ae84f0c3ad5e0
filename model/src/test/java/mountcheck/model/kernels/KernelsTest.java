package mountcheck.model.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import mountcheck.model.kernels.ImageSource.DebianPackage;
import mountcheck.model.rcu.Variant;
import mountcheck.model.semantics.KernelRule;
import org.junit.jupiter.api.Test;

/** The registry of kernels: every fact below comes from the kernels' releases, by hand. */
class KernelsTest {
  private static Kernel named(String name) {
    return Kernels.byName(name).orElseThrow();
  }

  @Test
  void theHostRunsHereAndTheGuestsBootDebiansImages() {
    assertTrue(Kernels.host().isHost());
    assertInstanceOf(StartingState.HostMounts.class, Kernels.host().start());
    assertEquals(
        List.of("5.10", "6.1", "6.12", "7.2"),
        Kernels.guests().stream().map(Kernel::name).toList());
    List<String> suites =
        Kernels.guests().stream().map(k -> ((DebianPackage) k.image()).suite()).toList();
    assertEquals(List.of("bullseye", "bookworm", "trixie", "sid"), suites);
    for (Kernel k : Kernels.guests()) {
      assertFalse(k.isHost(), k.name());
      assertEquals(new StartingState.GuestInit(3), k.start(), k.name());
    }
  }

  @Test
  void namesAreUniqueAndUnknownNamesAreEmpty() {
    assertEquals(Kernels.names().size(), Set.copyOf(Kernels.names()).size());
    assertTrue(Kernels.byName("9.9").isEmpty());
    assertTrue(Kernels.byName(null).isEmpty());
    assertEquals(Kernels.host(), named("6.18"), "the host's series names the host");
  }

  @Test
  void umountGenerationsFollowTheReleases() {
    // the 2017 rule from 4.13 to 6.16 (296990deb389), the 2025 rewrite from 6.17 (f0d0ba19985d)
    for (String k : List.of("5.10", "6.1", "6.12"))
      assertEquals("2017", named(k).profile().umountGeneration(), k);
    for (String k : List.of("host", "7.2"))
      assertEquals("2025", named(k).profile().umountGeneration(), k);
  }

  @Test
  void tmpfsOptionsAreThoseOfEachBuild() {
    assertEquals("rw", named("5.10").profile().tmpfsSuperOptions());
    assertEquals("rw", named("host").profile().tmpfsSuperOptions());
    for (String k : List.of("6.1", "6.12", "7.2"))
      assertEquals("rw,inode64", named(k).profile().tmpfsSuperOptions(), k);
  }

  @Test
  void rulesAreSwitchedOnWhereTheKernelsShowThem() {
    assertEquals(Set.of(), Kernels.host().profile().rules());
    assertEquals(
        Set.of(
            KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY, KernelRule.COVERING_TREE_LOCKED_ON_TUCK),
        named("5.10").profile().rules());
    assertEquals(
        Set.of(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY, KernelRule.TUCKED_COPY_TAKES_LOCK),
        named("7.2").profile().rules());
  }

  @Test
  void ipcNamespacesAreFreedOneByOneBefore63() {
    // e1eb26fa62d0 (5.7) frees each ipc namespace with its own grace period; a80c4adcb574 and
    // da27f796a832 (6.3) batch them
    assertEquals(Variant.IPC_SERIAL_FREE, named("5.10").lifetime());
    assertEquals(Variant.IPC_SERIAL_FREE, named("6.1").lifetime());
    assertEquals(Variant.MAINLINE, named("6.12").lifetime());
    assertEquals(Variant.MAINLINE, named("7.2").lifetime());
  }
}
