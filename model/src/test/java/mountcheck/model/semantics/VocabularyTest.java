package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import mountcheck.model.kernels.Kernels;
import org.junit.jupiter.api.Test;

/**
 * The names the model and its reports share: errno numbers, error sites and their coverage target
 * names, kernel rules and profiles, and what a {@link Model} says about itself.
 */
class VocabularyTest {
  @Test
  void errnoNumbersAreLinuxX8664s() {
    // include/uapi/asm-generic/errno-base.h and errno.h
    assertEquals(1, Errno.EPERM.number());
    assertEquals(2, Errno.ENOENT.number());
    assertEquals(16, Errno.EBUSY.number());
    assertEquals(22, Errno.EINVAL.number());
    assertEquals(28, Errno.ENOSPC.number());
    assertEquals(39, Errno.ENOTEMPTY.number());
    assertEquals(40, Errno.ELOOP.number());
    assertEquals(Errno.EINVAL, Errno.ofNumber(22));
    assertEquals(Errno.EROFS, Errno.ofNumber(30));
    assertNull(Errno.ofNumber(13), "EACCES is not an errno the model returns");
    assertNull(Errno.ofNumber(0));
  }

  @Test
  void errorSitesNameTheirCoverageTargets() {
    // the example of issue 11 and docs/semantics.md §2.9: move of a locked mount is EINVAL
    assertEquals("move/EINVAL/locked", ErrorSite.LOCKED.target("move"));
    assertEquals("locked", ErrorSite.LOCKED.tag());
    // and so is MOVE_MOUNT_BENEATH of a locked source (conformance/C52 line 17), and pivot_root of
    // a
    // locked new root (docs/semantics.md §2.18)
    assertEquals(
        List.of("move", "umount", "move_mount-beneath", "pivot_root"), ErrorSite.LOCKED.commands());
    // count_mounts(): ENOSPC for every command that adds mounts, never for umount
    assertEquals("rbind/ENOSPC/mount-max", ErrorSite.MOUNT_MAX.target("rbind"));
    assertTrue(ErrorSite.MOUNT_MAX.commands().containsAll(List.of("mount", "bind", "rbind")));
    assertFalse(ErrorSite.MOUNT_MAX.commands().contains("umount"));
    // the namespace root cannot be named by a scenario path (all are at or below /mnt)
    assertEquals(List.of(), ErrorSite.NAMESPACE_ROOT.commands());
  }

  @Test
  void aKernelRuleStatesItselfAndItsSource() {
    KernelRule r = KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY;
    assertTrue(r.statement().contains("unbindable"), r.statement());
    // 9676f0c6389b is the commit that introduced unbindable mounts (2.6.15)
    assertTrue(r.source().contains("9676f0c6389b"), r.source());
    assertTrue(r.source().contains("7.2"), r.source());
  }

  @Test
  void aProfileKeepsItsRulesAndMayTakeAnotherUmountGeneration() {
    // docs/semantics.md §8.2: 6.1 keeps the unbindable mark on namespace copy, 6.18 loses it
    KernelProfile custom =
        new KernelProfile("2025", EnumSet.of(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY), "rw");
    assertTrue(custom.has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY));
    KernelProfile none = new KernelProfile("2025", Set.of(), "rw");
    assertFalse(none.has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY));
    assertEquals(Set.of(), none.rules());

    KernelProfile old = Kernels.byName("6.1").orElseThrow().profile();
    KernelProfile with2025 = old.withUmount("2025");
    assertEquals("2025", with2025.umountGeneration());
    assertEquals("2017", old.umountGeneration(), "6.1 is of the 2017 generation (4.13 to 6.16)");
    assertTrue(with2025.has(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY));
    assertEquals("rw,inode64", with2025.tmpfsSuperOptions());
  }

  @Test
  void aModelNamesItsKernelItsUmountGenerationAndItsPlantedBug() {
    Model linux = Model.linux();
    assertEquals(Optional.empty(), linux.plantedBug());
    assertEquals(Kernels.host().profile(), linux.profile());
    assertEquals(Set.of(), linux.rules().rules(), "the host's series switches no rule on");
    Model planted = linux.withPlantedBug(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES);
    assertEquals(Optional.of(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES), planted.plantedBug());
    assertTrue(planted.rules().has(PlantedBug.MAKE_SLAVE_KEEPS_SLAVES));
    assertEquals(linux.profile(), planted.profile());
    Model old = Model.forKernel(Kernels.byName("5.10").orElseThrow().profile());
    assertTrue(old.rules().has(KernelRule.COVERING_TREE_LOCKED_ON_TUCK));
    assertEquals("2017", old.umountAlgorithm().name(), "5.10 is of the 2017 generation");
  }

  @Test
  void aFailureMadeFromAnErrnoAloneHasNoSite() {
    Result<Void> r = Result.err(Errno.EBUSY, "busy");
    assertFalse(r.isOk());
    Result.Err<Void> e = (Result.Err<Void>) r;
    assertEquals(Errno.EBUSY, e.errno());
    assertEquals("busy", e.reason());
    assertNull(e.site());
  }
}
