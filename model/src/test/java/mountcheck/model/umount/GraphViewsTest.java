package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;
import static mountcheck.model.umount.Plans.assertPlan;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Receivers, the interface's default walking steps (through {@link PermutedGraph}, which does not
 * override them), large sparse mount ids, the variants built directly, and the plan's contract.
 */
class GraphViewsTest {

  /** Receivers(p) is p's peers but p, then everything downstream (fs/pnode.c propagation_next). */
  @Test
  void receiversAreThePeersAndEverythingDownstream() {
    WorkCountTest.SlaveInside c = new WorkCountTest.SlaveInside();
    assertEquals(List.of(), Receivers.of(c.g, 1), "a private mount has no receivers");
    assertEquals(List.of(3, 6, 8), Receivers.of(c.g, 2), "R: its slave group P, Q, then S");
    assertEquals(List.of(6, 8), Receivers.of(c.g, 3), "P: its peer Q, then its slave S");
    assertEquals(List.of(3, 8), Receivers.of(c.g, 6), "Q: its peer P, then P's slave S");
    assertEquals(List.of(), Receivers.of(c.g, 8), "S: a private slave");
  }

  /**
   * Every slave list keeps each peer group as one run (clone_mnt puts a copy of a slave right after
   * its source), whatever the shuffle.
   */
  @Test
  void permutedSlaveListsKeepPeerGroupsTogether() {
    TestGraph.Builder b = TestGraph.builder();
    int t = b.top(1);
    int m = b.mount(t, 2, 10);
    int[] s = new int[6];
    for (int i = 0; i < s.length; i++) {
      s[i] = b.mount(t, 3 + i, 10);
    }
    b.share(1, m).share(2, s[0], s[1], s[2]).share(3, s[3], s[4]).slaves(m, s);
    TestGraph g = b.build();
    Set<List<Integer>> orders = new HashSet<>();
    for (long seed = 0; seed < 20; seed++) {
      PermutedGraph p = new PermutedGraph(g, new Random(seed));
      int[] list = p.slaves(m);
      orders.add(Arrays.stream(list).boxed().toList());
      assertEquals(Set.of(s[0], s[1], s[2], s[3], s[4], s[5]), set(list));
      assertTrue(contiguous(list, s[0], s[1], s[2]), Arrays.toString(list));
      assertTrue(contiguous(list, s[3], s[4]), Arrays.toString(list));
      assertEquals(list[list.length - 1], p.lastSlave(m), "default lastSlave: the list's end");
      assertEquals(list[0], p.firstSlave(m));
      assertEquals(NONE, p.lastSlave(s[5]));
      assertEquals(g.group(s[0]), p.group(s[0]));
      assertEquals(0, p.group(s[5]));
      assertFalse(p.arePeers(s[5], t), "two private mounts are not peers");
      assertTrue(p.arePeers(s[3], s[4]));
      assertFalse(p.arePeers(s[0], s[3]));
      int[] ring = p.peers(s[0]);
      assertEquals(Set.of(s[0], s[1], s[2]), set(ring));
      for (int i = 0; i < ring.length; i++) {
        assertEquals(ring[(i + 1) % ring.length], p.nextPeer(ring[i]), "default nextPeer");
      }
      assertEquals(s[5], p.nextPeer(s[5]), "a private mount is its own next peer");
    }
    assertTrue(orders.size() > 1, "the slave list is shuffled: " + orders);
  }

  private static Set<Integer> set(int[] a) {
    return new HashSet<>(Arrays.stream(a).boxed().toList());
  }

  private static boolean contiguous(int[] list, int... run) {
    Set<Integer> members = set(run);
    int first = -1;
    int last = -1;
    for (int i = 0; i < list.length; i++) {
      if (members.contains(list[i])) {
        if (first < 0) first = i;
        last = i;
      }
    }
    return last - first + 1 == run.length;
  }

  /**
   * Child lists and peer rings come out in another order for some seed, and the results do not
   * change (C9 with an overmount: HandBuiltCasesTest).
   */
  @Test
  void permutedOrdersLeaveResultsAlone() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    int over = c.b.mount(c.c2, 30, 50);
    int inside = c.b.mount(c.c2, 31, 60);
    TestGraph g = c.b.build();
    Set<List<Integer>> rings = new HashSet<>();
    Set<List<Integer>> kids = new HashSet<>();
    for (long seed = 0; seed < 20; seed++) {
      PermutedGraph p = new PermutedGraph(g, new Random(seed));
      rings.add(Arrays.stream(p.peers(c.a1)).boxed().toList());
      kids.add(Arrays.stream(p.children(c.c2)).boxed().toList());
      assertEquals(Set.of(over, inside), set(p.children(c.c2)));
      for (UmountAlgorithm a : HandBuiltCasesTest.AGREE_2025) {
        assertPlan(a, p, List.of(c.c1), Set.of(c.c1, c.c3), Set.of());
      }
    }
    assertTrue(rings.size() > 1 && kids.size() > 1, rings + " " + kids);
  }

  /**
   * Mount ids need not be small or dense (the kernel's ids run into the millions on a busy host):
   * C9 with every id moved up by a million gives the same plans, moved up too.
   */
  @Test
  void largeSparseMountIds() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    int over = c.b.mount(c.c2, 30, 50);
    TestGraph g = c.b.build();
    int k = 1_000_000;
    MountGraph shifted = new Shifted(g, k);
    for (UmountAlgorithm a :
        List.of(
            Biederman2017.optimized(),
            Biederman2017.unoptimized(),
            Viro2025.optimized(),
            Viro2025.naiveGathering(),
            new MaximalSpec(),
            new ReferenceUmount2025())) {
      assertPlan(
          a,
          shifted,
          List.of(c.c1 + k),
          Set.of(c.c1 + k, c.c2 + k, c.c3 + k),
          Set.of(new Reparent(over + k, c.a2 + k, 20)));
    }
    assertPlan(new Naive2005(), shifted, List.of(c.c1 + k), Set.of(c.c1 + k, c.c3 + k), Set.of());
  }

  /** A graph with every mount id moved up by {@code k}. */
  private record Shifted(MountGraph g, int k) implements MountGraph {
    int in(int m) {
      return m == NONE ? NONE : m - k;
    }

    int out(int m) {
      return m == NONE ? NONE : m + k;
    }

    int[] out(int[] ms) {
      return Arrays.stream(ms).map(this::out).toArray();
    }

    @Override
    public int parent(int m) {
      return out(g.parent(in(m)));
    }

    @Override
    public int mountpoint(int m) {
      return g.mountpoint(in(m));
    }

    @Override
    public int root(int m) {
      return g.root(in(m));
    }

    @Override
    public int[] children(int m) {
      return out(g.children(in(m)));
    }

    @Override
    public int lookup(int parent, int dentry) {
      return out(g.lookup(in(parent), dentry));
    }

    @Override
    public int group(int m) {
      return g.group(in(m));
    }

    @Override
    public int master(int m) {
      return out(g.master(in(m)));
    }

    @Override
    public boolean locked(int m) {
      return g.locked(in(m));
    }

    @Override
    public int[] peers(int m) {
      return out(g.peers(in(m)));
    }

    @Override
    public int[] slaves(int m) {
      return out(g.slaves(in(m)));
    }

    @Override
    public int maxMountId() {
      return g.maxMountId() + k;
    }
  }

  /** The known-bug variants, built directly rather than through the registry. */
  @Test
  void variantsBuiltDirectly() {
    UmountAlgorithm skip = Biederman2017.skipWithoutVisitedCheck();
    assertEquals("skip-without-visited", skip.name());
    TestGraph.Builder b = TestGraph.builder();
    int t = b.top(1);
    int p1 = b.mount(t, 2, 10);
    int p2 = b.mount(t, 3, 10);
    int s = b.mount(t, 4, 10);
    int x1 = b.mount(p1, 11, 20);
    int x2 = b.mount(p2, 11, 20);
    int xs = b.mount(s, 11, 20);
    TestGraph g = b.share(1, p1, p2).slaves(p2, s).share(2, x1, x2).slaves(x2, xs).build();
    // the copy on p2's slave s is lost: the walk jumps over p2's slave list after finding x2
    assertPlan(skip, g, List.of(x1), Set.of(x1, x2), Set.of());
    UmountAlgorithm renamed = Biederman2017.optimized().renamed("umount-2017");
    assertEquals("umount-2017", renamed.name());
    assertPlan(renamed, g, List.of(x1), Set.of(x1, x2, xs), Set.of());
    UmountAlgorithm all = Viro2025.reparentAllOvermounts();
    assertEquals("reparent-all-overmounts", all.name());
    HandBuiltCasesTest.C15 c = new HandBuiltCasesTest.C15();
    UmountPlan plan = all.plan(c.g, List.of(c.s));
    assertTrue(plan.reparents().contains(new Reparent(c.r1, c.p, 4)), plan.toString());
    assertEquals("reference", new ReferenceUmount2025().name());
  }

  /** A plan is immutable whichever list the algorithm built it from. */
  @Test
  void plansAreImmutable() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    TestGraph g = c.b.build();
    List<Integer> u = new ArrayList<>(List.of(c.c1));
    for (UmountAlgorithm a :
        List.of(new Naive2005(), new MaximalSpec(), new ReferenceUmount2025(), new Lock2016())) {
      UmountPlan plan = a.plan(g, u);
      assertThrows(UnsupportedOperationException.class, () -> plan.victims().add(99), a.name());
      assertThrows(UnsupportedOperationException.class, () -> plan.reparents().clear());
    }
    UmountPlan frozen = Viro2025.optimized().plan(g, u);
    assertArrayEquals(
        new int[] {c.c1, c.c2, c.c3},
        frozen.victims().stream().mapToInt(Integer::intValue).sorted().toArray());
    assertThrows(UnsupportedOperationException.class, () -> frozen.victims().add(99));
  }
}
