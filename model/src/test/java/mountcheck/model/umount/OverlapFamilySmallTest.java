package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;
import static mountcheck.model.umount.OverlapFamily.MNT;
import static mountcheck.model.umount.OverlapFamily.MNT_DIR_1;
import static mountcheck.model.umount.OverlapFamily.MNT_DIR_2;
import static mountcheck.model.umount.OverlapFamily.MNT_ROOT;
import static mountcheck.model.umount.OverlapFamily.SHARED_DIR_1;
import static mountcheck.model.umount.OverlapFamily.SHARED_ROOT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The overlap family of 296990deb389 at small N, fast enough for every mutation run (the large-N
 * checks live in {@code OverlapFamilyTest}). Everything expected here follows from the family's
 * construction: N self-binds of /mnt/1/1 leave a chain of 2^N peers on /mnt/1 (each on the root of
 * the one below, the bottom one on "1" of /mnt), the rbind copies it to /mnt/2 in the same group.
 */
class OverlapFamilySmallTest {

  /** N = 2 by hand: /mnt = 1; /mnt/1 chain 2, 3, 4, 5; /mnt/2 chain 6, 7, 8, 9. */
  @Test
  void twoSelfBindsGiveTwoChainsOfFour() {
    OverlapFamily f = new OverlapFamily(2);
    assertEquals(2, f.n());
    assertEquals(9, f.mountCount());
    assertEquals(9, f.maxMountId());
    assertEquals(2, f.firstRoot());
    assertEquals(6, f.secondRoot());
    assertEquals(List.of(2, 3, 4, 5), f.firstChain());
    int[] parents = {NONE, MNT, 2, 3, 4, MNT, 6, 7, 8};
    int[] mountpoints = {
      MNT_ROOT,
      MNT_DIR_1,
      SHARED_DIR_1,
      SHARED_DIR_1,
      SHARED_DIR_1,
      MNT_DIR_2,
      SHARED_DIR_1,
      SHARED_DIR_1,
      SHARED_DIR_1
    };
    int[] roots = {
      MNT_ROOT,
      SHARED_ROOT,
      SHARED_DIR_1,
      SHARED_DIR_1,
      SHARED_DIR_1,
      SHARED_ROOT,
      SHARED_DIR_1,
      SHARED_DIR_1,
      SHARED_DIR_1
    };
    for (int m = 1; m <= 9; m++) {
      assertEquals(parents[m - 1], f.parent(m), "parent of " + m);
      assertEquals(mountpoints[m - 1], f.mountpoint(m), "mountpoint of " + m);
      assertEquals(roots[m - 1], f.root(m), "root of " + m);
      assertEquals(m == MNT ? 0 : 1, f.group(m), "group of " + m);
      assertEquals(NONE, f.master(m));
      assertFalse(f.locked(m));
      assertArrayEquals(new int[0], f.slaves(m));
      assertEquals(NONE, f.firstSlave(m));
      assertEquals(NONE, f.lastSlave(m));
      assertEquals(NONE, f.nextSlave(m));
    }
    assertEquals(NONE, f.parent(10), "no mount 10");
    assertArrayEquals(new int[] {2, 6}, f.children(MNT));
    assertArrayEquals(new int[] {3}, f.children(2));
    assertArrayEquals(new int[0], f.children(5), "top of the first chain");
    assertArrayEquals(new int[] {9}, f.children(8));
    assertArrayEquals(new int[0], f.children(9), "top of the second chain");
    assertEquals(2, f.lookup(MNT, MNT_DIR_1));
    assertEquals(6, f.lookup(MNT, MNT_DIR_2));
    assertEquals(NONE, f.lookup(MNT, MNT_ROOT));
    assertEquals(3, f.lookup(2, SHARED_DIR_1));
    assertEquals(5, f.lookup(4, SHARED_DIR_1));
    assertEquals(NONE, f.lookup(5, SHARED_DIR_1));
    assertEquals(7, f.lookup(6, SHARED_DIR_1));
    assertEquals(NONE, f.lookup(9, SHARED_DIR_1));
    assertEquals(NONE, f.lookup(3, SHARED_ROOT));
    assertEquals(NONE, f.overmount(2), "/mnt/1's root is not covered: the chain sits on \"1\"");
    assertEquals(4, f.overmount(3));
    assertArrayEquals(new int[] {MNT}, f.peers(MNT));
    assertArrayEquals(new int[] {4, 5, 6, 7, 8, 9, 2, 3}, f.peers(4));
    assertEquals(MNT, f.nextPeer(MNT));
    assertEquals(6, f.nextPeer(5));
    assertEquals(2, f.nextPeer(9));
  }

  @Test
  void acceptsNFromZeroTo28() {
    assertEquals(3, new OverlapFamily(0).mountCount());
    assertEquals((1 << 29) + 1, new OverlapFamily(28).mountCount());
    assertThrows(IllegalArgumentException.class, () -> new OverlapFamily(-1));
    assertThrows(IllegalArgumentException.class, () -> new OverlapFamily(29));
  }

  /**
   * {@code umount -l /mnt/1} leaves exactly /mnt and /mnt/2 from 2017 on: the second chain above
   * its bottom mount is a stack of candidates each on the root of the one below, nothing inside any
   * of them. /mnt/2 itself is no candidate (/mnt is not shared).
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4, 5})
  void lazyUmountOfMnt1LeavesMntAndMnt2(int n) {
    OverlapFamily f = new OverlapFamily(n);
    int mounts = (1 << (n + 1)) + 1;
    assertEquals(mounts, f.mountCount());
    Set<Integer> victims = new HashSet<>();
    for (int m = 2; m <= mounts; m++) {
      victims.add(m);
    }
    int mnt2 = (1 << n) + 2;
    victims.remove(mnt2);
    List<UmountAlgorithm> algorithms =
        List.of(
            Biederman2017.optimized(),
            Biederman2017.unoptimized(),
            Viro2025.optimized(),
            Viro2025.naiveGathering(),
            new ReferenceUmount2025());
    for (UmountAlgorithm a : algorithms) {
      Plans.assertPlan(a, f, f.firstChain(), victims, Set.of());
    }
    if (n <= 4) { // 2^N - 1 candidates: at most 15
      Plans.assertPlan(new MaximalSpec(), f, f.firstChain(), victims, Set.of());
    }
    // 2005: only a childless copy goes, the top of the /mnt/2 chain
    Set<Integer> naive = new HashSet<>(f.firstChain());
    naive.add(mounts);
    Plans.assertPlan(new Naive2005(), f, f.firstChain(), naive, Set.of());
  }

  /**
   * Work with L = 2^N chain members. Only /mnt/1/1 (the second mount of U) propagates to anything
   * new: its walk reaches all 2L - 1 other peers and looks up "1" on each (2(2L - 1)); it finds the
   * rest of U and the L - 1 candidates, each on the root of the one below.
   *
   * <ul>
   *   <li>2025: L turns, that walk, and the later U members are skipped as already gathered; trim
   *       examines L - 2 children, all committed already; L - 1 overmount lookups: 7L - 5.
   *   <li>2017: L turns, the walk, L - 2 toppers examined and L - 1 climbs as the candidates are
   *       committed, L - 2 children met again by umount_list: 8L - 7. Later U members are skipped
   *       as visited.
   *   <li>Their naive twins and 2005 walk again for each of the L - 1 U members with a peer parent:
   *       2005 costs 1 + (L - 1)(1 + 2(2L - 1)); 2017-naive 2(L - 2) + (L - 1) more; 2025-naive
   *       adds to 2005's count the L - 2 children in trim and L - 1 overmount lookups.
   *   <li>The reference: one unit per receiver per U member, (L - 1)(2L - 1), plus L - 2 children
   *       in the outsider search and L - 2 in the shifting check.
   * </ul>
   */
  @ParameterizedTest
  @ValueSource(ints = {2, 3, 4, 5})
  void workCountsAtSmallN(int n) {
    OverlapFamily f = new OverlapFamily(n);
    long l = 1L << n;
    long naive2005 = 1 + (l - 1) * (1 + 2 * (2 * l - 1));
    assertEquals(7 * l - 5, Viro2025.optimized().plan(f, f.firstChain()).work(), "2025");
    assertEquals(8 * l - 7, Biederman2017.optimized().plan(f, f.firstChain()).work(), "2017");
    assertEquals(naive2005, new Naive2005().plan(f, f.firstChain()).work(), "2005");
    assertEquals(
        naive2005 + 2 * (l - 2) + (l - 1),
        Biederman2017.unoptimized().plan(f, f.firstChain()).work(),
        "2017-naive");
    assertEquals(
        naive2005 + (l - 2) + (l - 1),
        Viro2025.naiveGathering().plan(f, f.firstChain()).work(),
        "2025-naive");
    assertEquals(
        (l - 1) * (2 * l - 1) + 2 * (l - 2),
        new ReferenceUmount2025().plan(f, f.firstChain()).work(),
        "reference");
  }
}
