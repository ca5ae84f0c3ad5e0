package mountcheck.model.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.kernels.ImageSource.DebianPackage;
import mountcheck.model.rcu.LifetimeDesign;
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
      // the recordings' headers: 3 mounts before the scenario on 5.10-6.12, 4 on 7.2 (nullfs)
      int before = k.name().equals("7.2") ? 4 : 3;
      assertEquals(new StartingState.GuestInit(before), k.start(), k.name());
    }
  }

  @Test
  void answersLieBesideTheScenarioForTheHostAndUnderConformanceKernelsForAGuest() {
    assertEquals("conformance/C01-x.expected", Kernels.host().answerFile("conformance/C01-x.sh"));
    assertEquals(
        "conformance/kernels/6.1/C01-x.expected", named("6.1").answerFile("conformance/C01-x.sh"));
    assertEquals(
        "conformance/kernels/7.2/selftests/a.expected",
        named("7.2").answerFile("conformance/selftests/a.sh"));
    assertEquals(
        "conformance/kernels/5.10/examples/e.expected", named("5.10").answerFile("examples/e.sh"));
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
    // before 6.15 a detached tree can be neither copied nor mounted on, and move_mount looks at
    // its source first (observed on 5.10, 6.1 and 6.12, conformance C40-C46)
    Set<KernelRule> before615 =
        Set.of(
            KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
            KernelRule.MOVE_MOUNT_SOURCE_FIRST,
            KernelRule.NO_COPY_OF_DETACHED_TREE,
            KernelRule.NO_MOUNT_ON_DETACHED_TREE,
            // pivot_root /mnt /mnt from the guest's rootfs is EINVAL, not EBUSY (observed: C76)
            KernelRule.COPY_ROOT_LOCKED,
            // a slave of a detached peer receives nothing through it (observed: C79)
            KernelRule.DETACHED_PEER_HIDES_SLAVES);
    // MOVE_MOUNT_BENEATH came with 6.5 (6ac392815628): 6.1 refuses the flag; 6.12 still refuses
    // a target on the namespace root (C50, C51 recorded on each)
    Set<KernelRule> on61 = new HashSet<>(before615);
    on61.add(KernelRule.NO_MOVE_MOUNT_BENEATH);
    // tmpfs takes idmapped mounts from 6.3 (observed: C54, EINVAL on 6.1)
    on61.add(KernelRule.TMPFS_WITHOUT_IDMAP);
    assertEquals(on61, named("6.1").profile().rules());
    Set<KernelRule> on612 = new HashSet<>(before615);
    on612.add(KernelRule.BENEATH_REFUSES_NAMESPACE_ROOT_CHILD);
    assertEquals(on612, named("6.12").profile().rules());
    // 5.10 predates mount_setattr (5.12, with fsmount's nosymfollow bit), MOVE_MOUNT_SET_GROUP
    // (5.15), MOVE_MOUNT_BENEATH (6.5) and ce7df1968653's backport (observed: C45 ENOSYS, C53 line
    // 53 EINVAL)
    Set<KernelRule> on510 = new HashSet<>(before615);
    on510.add(KernelRule.COVERING_TREE_LOCKED_ON_TUCK);
    on510.add(KernelRule.NO_MOUNT_SETATTR);
    on510.add(KernelRule.NO_MOVE_MOUNT_SET_GROUP);
    on510.add(KernelRule.NO_MOVE_MOUNT_BENEATH);
    on510.add(KernelRule.FSMOUNT_WITHOUT_NOSYMFOLLOW);
    on510.add(KernelRule.TMPFS_WITHOUT_IDMAP);
    assertEquals(on510, named("5.10").profile().rules());
    // 7.2 moves MNT_LOCKED beneath (C52), refuses an unbindable SET_GROUP target (C49) and mounts
    // beneath the caller's root (C90)
    assertEquals(
        Set.of(
            KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
            KernelRule.BENEATH_UNDER_CALLER_ROOT,
            KernelRule.TUCKED_COPY_TAKES_LOCK,
            KernelRule.BENEATH_TAKES_OVER_LOCK,
            KernelRule.SET_GROUP_REFUSES_UNBINDABLE,
            KernelRule.OPEN_TREE_NAMESPACE_FLAG),
        named("7.2").profile().rules());
  }

  @Test
  void ipcNamespacesAreFreedOneByOneBefore63() {
    // e1eb26fa62d0 (5.7) frees each ipc namespace with its own grace period; a80c4adcb574 and
    // da27f796a832 (6.3) batch them
    assertEquals(LifetimeDesign.IPC_SERIAL_FREE, named("5.10").lifetime());
    assertEquals(LifetimeDesign.IPC_SERIAL_FREE, named("6.1").lifetime());
    assertEquals(LifetimeDesign.LINUX_6_12, named("6.12").lifetime());
    assertEquals(LifetimeDesign.MAINLINE, named("7.2").lifetime());
  }
}
