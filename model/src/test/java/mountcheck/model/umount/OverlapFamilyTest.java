package mountcheck.model.umount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The overlap family of 296990deb389. A small simulator replays its commands (every self-bind puts
 * a new peer on "1" of every member, tucked under what was there; the rbind copies /mnt/1's tree)
 * into a {@link TestGraph}; the expected outcome of {@code umount -l /mnt/1} is the measured one
 * (docs/measurements.md §1): only /mnt and /mnt/2 remain.
 */
class OverlapFamilyTest {
  static final int ROOT = 1;
  static final int DIR_1 = 2;
  static final int DIR_2 = 3;
  static final int SHARED_ROOT = 4;
  static final int SHARED_1 = 5;

  /** The family replayed from its commands; the first mount of U is /mnt/1, of R /mnt/2. */
  record Replayed(TestGraph graph, List<Integer> u, int mnt, int mnt2) {}

  static Replayed replay(int n) {
    List<int[]> mounts = new ArrayList<>(); // {parent, mountpoint, root}, id = index + 1
    mounts.add(new int[] {0, ROOT, ROOT}); // /mnt
    mounts.add(new int[] {1, DIR_1, SHARED_ROOT}); // /mnt/1, made shared
    List<Integer> group = new ArrayList<>(List.of(2));
    for (int bind = 0; bind < n; bind++) {
      for (int q : List.copyOf(group)) {
        int existing = childAt(mounts, q, SHARED_1);
        mounts.add(new int[] {q, SHARED_1, SHARED_1});
        int copy = mounts.size();
        group.add(copy);
        if (existing != 0) {
          mounts.get(existing - 1)[0] = copy; // tucked: the old mount now sits on the copy
        }
      }
    }
    // rbind /mnt/1 /mnt/2: a copy of every mount under /mnt/1, parents first, same peer group
    int[] copyOf = new int[2 * mounts.size() + 1];
    for (int m : parentsFirst(mounts, 2)) {
      int[] src = mounts.get(m - 1);
      int parent = m == 2 ? 1 : copyOf[src[0]];
      mounts.add(new int[] {parent, m == 2 ? DIR_2 : src[1], src[2]});
      copyOf[m] = mounts.size();
      group.add(mounts.size());
    }
    TestGraph.Builder b = TestGraph.builder();
    for (int[] m : mounts) {
      b.mount(m[0], m[1], m[2]);
    }
    b.share(1, group.stream().mapToInt(Integer::intValue).toArray());
    TestGraph g = b.build();
    return new Replayed(g, g.subtree(2), 1, copyOf[2]);
  }

  private static List<Integer> parentsFirst(List<int[]> mounts, int top) {
    List<Integer> out = new ArrayList<>(List.of(top));
    for (int i = 0; i < out.size(); i++) {
      for (int m = 1; m <= mounts.size(); m++) {
        if (mounts.get(m - 1)[0] == out.get(i)) {
          out.add(m);
        }
      }
    }
    return out;
  }

  private static int childAt(List<int[]> mounts, int parent, int dentry) {
    for (int i = 0; i < mounts.size(); i++) {
      if (mounts.get(i)[0] == parent && mounts.get(i)[1] == dentry) {
        return i + 1;
      }
    }
    return 0;
  }

  static Set<Integer> allBut(int size, int... survivors) {
    Set<Integer> s = new HashSet<>();
    for (int m = 1; m <= size; m++) {
      s.add(m);
    }
    for (int m : survivors) {
      s.remove(m);
    }
    return s;
  }

  @Test
  void replayedAndDirectFamiliesHaveTheCommitsMountCounts() {
    for (int n = 0; n <= 8; n++) {
      int expected = (1 << (n + 1)) + 1;
      assertEquals(expected, replay(n).graph().size(), "replayed N=" + n);
      assertEquals(expected, new OverlapFamily(n).mountCount(), "direct N=" + n);
    }
  }

  @Test
  void umountOfMnt1LeavesOnlyMntAndMnt2OnTheReplayedFamily() {
    List<UmountAlgorithm> algorithms =
        List.of(
            Biederman2017.optimized(),
            Biederman2017.unoptimized(),
            Viro2025.optimized(),
            Viro2025.naiveGathering());
    for (int n = 0; n <= 9; n++) {
      Replayed r = replay(n);
      Set<Integer> expected = allBut(r.graph().size(), r.mnt(), r.mnt2());
      for (UmountAlgorithm a : algorithms) {
        Plans.assertPlan(a, r.graph(), r.u(), expected, Set.of());
      }
      if (n <= 4) {
        Plans.assertPlan(new MaximalSpec(), r.graph(), r.u(), expected, Set.of());
      }
    }
  }

  @Test
  void directFamilyGivesTheSameAnswerAsTheReplayedOne() {
    List<UmountAlgorithm> algorithms =
        List.of(
            Biederman2017.optimized(),
            Biederman2017.unoptimized(),
            Viro2025.optimized(),
            Viro2025.naiveGathering());
    for (int n = 0; n <= 10; n++) {
      OverlapFamily f = new OverlapFamily(n);
      Set<Integer> expected = allBut(f.mountCount(), OverlapFamily.MNT, f.secondRoot());
      for (UmountAlgorithm a : algorithms) {
        Plans.assertPlan(a, f, f.firstChain(), expected, Set.of());
      }
      // the direct family's O(1) ring walk agrees with the default one derived from peers()
      assertEquals(f.nextPeer(f.firstRoot()), f.peers(f.firstRoot())[1]);
      assertEquals(f.firstRoot(), f.nextPeer(f.mountCount()));
    }
  }

  @Test
  void optimizedWorkGrowsLinearlyAndNaiveTwinsQuadratically() {
    for (int n = 4; n <= 16; n++) {
      OverlapFamily f = new OverlapFamily(n);
      long mounts = f.mountCount();
      long w2025 = Viro2025.optimized().plan(f, f.firstChain()).work();
      long w2017 = Biederman2017.optimized().plan(f, f.firstChain()).work();
      assertTrue(w2025 <= 8 * mounts, "2025 work " + w2025 + " at " + mounts + " mounts");
      assertTrue(w2017 <= 8 * mounts, "2017 work " + w2017 + " at " + mounts + " mounts");
    }
    for (int n = 6; n <= 9; n++) {
      OverlapFamily small = new OverlapFamily(n);
      OverlapFamily big = new OverlapFamily(n + 1);
      for (UmountAlgorithm twin : List.of(Biederman2017.unoptimized(), Viro2025.naiveGathering())) {
        long ws = twin.plan(small, small.firstChain()).work();
        long wb = twin.plan(big, big.firstChain()).work();
        assertTrue(wb >= 3.5 * ws, twin.name() + " work " + ws + " -> " + wb + " at N=" + n);
      }
    }
  }
}
