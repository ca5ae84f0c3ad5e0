package mountcheck.model.umount;

import static mountcheck.model.umount.Plans.assertPlan;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import mountcheck.model.variants.KnownBugVariants;
import org.junit.jupiter.api.Test;

/**
 * Conformance cases of docs/semantics.md §6 built by hand. Expected victims and reparents are
 * derived by hand from the notes (docs/semantics.md §2.8.4, §3, §6), per generation.
 */
class HandBuiltCasesTest {
  static final UmountAlgorithm NAIVE = new Naive2005();
  static final UmountAlgorithm V2016 = new Lock2016();
  static final UmountAlgorithm V2017 = Biederman2017.optimized();
  static final UmountAlgorithm V2017_NAIVE = Biederman2017.unoptimized();
  static final UmountAlgorithm V2025 = Viro2025.optimized();
  static final UmountAlgorithm V2025_NAIVE = Viro2025.naiveGathering();
  static final UmountAlgorithm SPEC = new MaximalSpec();
  static final UmountAlgorithm REFERENCE = new ReferenceUmount2025();

  static final List<UmountAlgorithm> AGREE_2017 = List.of(V2017, V2017_NAIVE);
  static final List<UmountAlgorithm> AGREE_2025 = List.of(V2025, V2025_NAIVE, SPEC, REFERENCE);

  /**
   * C9 (sharedsubtree.rst §5f): peers B1..B3 on a namespace root; A1..A3 (peers) at "b" of each;
   * C1..C3 (peers) on the root of each Ai. Dentries: 10 = B's root, 11 = b, 20 = A's root, 30 = C's
   * root, 31 = a directory in C.
   */
  static final class C9 {
    final TestGraph.Builder b = TestGraph.builder();
    final int t = b.top(1);
    final int b1 = b.mount(t, 2, 10);
    final int b2 = b.mount(t, 3, 10);
    final int b3 = b.mount(t, 4, 10);
    final int a1 = b.mount(b1, 11, 20);
    final int a2 = b.mount(b2, 11, 20);
    final int a3 = b.mount(b3, 11, 20);
    final int c1 = b.mount(a1, 20, 30);
    final int c2 = b.mount(a2, 20, 30);
    final int c3 = b.mount(a3, 20, 30);

    C9() {
      b.share(1, b1, b2, b3).share(2, a1, a2, a3).share(3, c1, c2, c3);
    }
  }

  @Test
  void c9UmountOfTheTopRemovesAllThreeCopies() {
    C9 c = new C9();
    TestGraph g = c.b.build();
    Set<Integer> all = Set.of(c.c1, c.c2, c.c3);
    for (UmountAlgorithm a :
        List.of(NAIVE, V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, List.of(c.c1), all, Set.of());
    }
  }

  @Test
  void c9CopyWithAChildInsideStays() {
    C9 c = new C9();
    c.b.mount(c.c2, 31, 40);
    TestGraph g = c.b.build();
    for (UmountAlgorithm a :
        List.of(NAIVE, V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, List.of(c.c1), Set.of(c.c1, c.c3), Set.of());
    }
  }

  @Test
  void c9OvermountedCopyGoesFrom2017OnAndItsOvermountSlidesDown() {
    C9 c = new C9();
    int over = c.b.mount(c.c2, 30, 50);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    for (UmountAlgorithm a : List.of(NAIVE, V2016)) { // any child blocks, toppers included
      assertPlan(a, g, u, Set.of(c.c1, c.c3), Set.of());
    }
    Set<Reparent> slide = Set.of(new Reparent(over, c.a2, 20));
    for (UmountAlgorithm a : List.of(V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, u, Set.of(c.c1, c.c2, c.c3), slide);
    }
  }

  @Test
  void c9LockedCopyStaysExceptInTheLockBlindNaiveGeneration() {
    C9 c = new C9();
    c.b.lock(c.c2);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    assertPlan(NAIVE, g, u, Set.of(c.c1, c.c2, c.c3), Set.of());
    for (UmountAlgorithm a :
        List.of(V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, u, Set.of(c.c1, c.c3), Set.of());
    }
  }

  /** Like C9 but each Ci sits on directory 21 inside Ai (not on its root); U = Ai's subtree. */
  static final class Chains {
    final TestGraph.Builder b = TestGraph.builder();
    final int t = b.top(1);
    final int b1 = b.mount(t, 2, 10);
    final int b2 = b.mount(t, 3, 10);
    final int b3 = b.mount(t, 4, 10);
    final int a1 = b.mount(b1, 11, 20);
    final int a2 = b.mount(b2, 11, 20);
    final int a3 = b.mount(b3, 11, 20);
    final int c1 = b.mount(a1, 21, 30);
    final int c2 = b.mount(a2, 21, 30);
    final int c3 = b.mount(a3, 21, 30);
    final List<Integer> u = List.of(a1, c1);

    Chains() {
      b.share(1, b1, b2, b3).share(2, a1, a2, a3).share(3, c1, c2, c3);
    }
  }

  @Test
  void lockedCopyGoesTogetherWithItsUnlockedParent() {
    Chains c = new Chains();
    c.b.lock(c.c2);
    TestGraph g = c.b.build();
    Set<Integer> all = Set.of(c.a1, c.c1, c.a2, c.a3, c.c2, c.c3);
    for (UmountAlgorithm a :
        List.of(V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, c.u, all, Set.of());
    }
    // 2005: copies with children stay; the childless ones go, locked or not
    assertPlan(NAIVE, g, c.u, Set.of(c.a1, c.c1, c.c2, c.c3), Set.of());
  }

  @Test
  void fullyLockedChainStays() {
    Chains c = new Chains();
    c.b.lock(c.a2, c.c2);
    TestGraph g = c.b.build();
    for (UmountAlgorithm a :
        List.of(V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, c.u, Set.of(c.a1, c.c1, c.a3, c.c3), Set.of());
    }
  }

  @Test
  void unlockedChildOfALockedCopyGoesAlone() {
    Chains c = new Chains();
    c.b.lock(c.a2);
    TestGraph g = c.b.build();
    for (UmountAlgorithm a :
        List.of(V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, c.u, Set.of(c.a1, c.c1, c.c2, c.a3, c.c3), Set.of());
    }
  }

  /**
   * C15, Eric Biederman's pathological.sh (570487d3faf2): tmpfs /mnt (dentries 1 root, 2 "1", 3
   * "2", 4 "1/1"); bind 1 1; make-shared 1; bind 1 2; bind 1/1 1/1 twice; umount 1/1. The second
   * self-bind tucks a copy under the first on /mnt/1/1 and /mnt/2/1.
   */
  static final class C15 {
    final TestGraph.Builder b = TestGraph.builder();
    final int mnt = b.top(1);
    final int p = b.mount(mnt, 2, 2); // 47 /mnt/1
    final int q = b.mount(mnt, 3, 2); // 48 /mnt/2
    final int sp = b.mount(p, 4, 4); // copy tucked under the first bind on /mnt/1/1
    final int r1 = b.mount(sp, 4, 4); // first bind, lifted onto the tucked copy
    final int s = b.mount(r1, 4, 4); // second bind: the top of /mnt/1/1
    final int sq = b.mount(q, 4, 4);
    final int r1q = b.mount(sq, 4, 4);
    final int sr = b.mount(r1q, 4, 4);
    final TestGraph g;

    C15() {
      b.share(1, p, q, r1, r1q, s, sp, sq, sr);
      g = b.build();
    }
  }

  @Test
  void c15OnlyMntAndBothBindsRemain() {
    C15 c = new C15();
    List<Integer> u = List.of(c.s);
    Set<Integer> victims = Set.of(c.s, c.sp, c.r1, c.sq, c.r1q, c.sr);
    for (UmountAlgorithm a : List.of(V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, c.g, u, victims, Set.of());
    }
    assertPlan(NAIVE, c.g, u, Set.of(c.s, c.sr), Set.of());
  }

  @Test
  void c22OvermountsThatAreVictimsAreNotReparented() {
    C15 c = new C15();
    List<Integer> u = List.of(c.s);
    // before da025cdb97a2 every committed candidate's overmount was slid down, victims included
    UmountAlgorithm variant =
        KnownBugVariants.umountAlgorithm("reparent-all-overmounts").orElseThrow();
    assertPlan(
        variant,
        c.g,
        u,
        Set.of(c.s, c.sp, c.r1, c.sq, c.r1q, c.sr),
        Set.of(
            new Reparent(c.r1, c.p, 4),
            new Reparent(c.s, c.p, 4),
            new Reparent(c.r1q, c.q, 4),
            new Reparent(c.sr, c.q, 4)));
  }

  @Test
  void c22TwoLevelStackGoesWholeWithoutReparenting() {
    TestGraph.Builder b = TestGraph.builder();
    int t = b.top(1);
    int a1 = b.mount(t, 2, 10);
    int a2 = b.mount(t, 3, 10);
    int x1 = b.mount(a1, 11, 20);
    int x2 = b.mount(a2, 11, 20);
    int y1 = b.mount(x1, 20, 30);
    int y2 = b.mount(x2, 20, 30);
    TestGraph g = b.share(1, a1, a2).share(2, x1, x2).share(3, y1, y2).build();
    List<Integer> u = List.of(x1, y1);
    Set<Integer> all = Set.of(x1, y1, x2, y2);
    for (UmountAlgorithm a :
        List.of(V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, u, all, Set.of());
    }
    assertPlan(NAIVE, g, u, Set.of(x1, y1, y2), Set.of());
    assertPlan(
        KnownBugVariants.umountAlgorithm("reparent-all-overmounts").orElseThrow(),
        g,
        u,
        all,
        Set.of(new Reparent(y2, a2, 11)));
  }

  /**
   * C16, Al Viro's reproducer (Al Viro, "[BUG] propagate_umount() breakage", 2025-05-11). F =
   * /tmp/foo (dentries 2 "A", 3 "B"); A shared, B its slave (a's root 100, "1" = 101); X on A/1
   * with its slave copy Xs on B/1 (x's root 200, "2" = 202); Y on A/1/2 with its slave copy Ys on
   * B/1/2 (y's root 300); Z overmounts Ys (z's root 400, "x" = 401); W on B/1/2/x. Then umount -l
   * A/1: U = [X, Y].
   */
  static final class C16 {
    final TestGraph.Builder b = TestGraph.builder();
    final int f = b.top(1);
    final int a = b.mount(f, 2, 100);
    final int bb = b.mount(f, 3, 100);
    final int x = b.mount(a, 101, 200);
    final int xs = b.mount(bb, 101, 200);
    final int y = b.mount(x, 202, 300);
    final int ys = b.mount(xs, 202, 300);
    final int z = b.mount(ys, 300, 400);
    final int w = b.mount(z, 401, 500);
    final TestGraph g;
    final List<Integer> u = List.of(x, y);

    C16() {
      b.share(1, a).slaves(a, bb).share(2, x).slaves(x, xs).share(3, y).slaves(y, ys);
      g = b.build();
    }
  }

  @Test
  void c16Since2025TheCopyOfA1StaysAndTheOvermountSlidesOnceOntoIt() {
    C16 c = new C16();
    for (UmountAlgorithm a : AGREE_2025) {
      assertPlan(a, c.g, c.u, Set.of(c.x, c.y, c.ys), Set.of(new Reparent(c.z, c.xs, 202)));
    }
  }

  @Test
  void c16The2017AlgorithmRemovesTheCopyOfA1AndRevealsTheHiddenMount() {
    C16 c = new C16();
    for (UmountAlgorithm a : AGREE_2017) {
      assertPlan(a, c.g, c.u, Set.of(c.x, c.y, c.xs, c.ys), Set.of(new Reparent(c.z, c.bb, 101)));
    }
    // Z, carrying W on its "x", now sits on B at "1": B/1/x reaches W
  }

  @Test
  void c16OlderGenerationsLeaveEveryCopy() {
    C16 c = new C16();
    for (UmountAlgorithm a : List.of(NAIVE, V2016)) {
      assertPlan(a, c.g, c.u, Set.of(c.x, c.y), Set.of());
    }
  }

  @Test
  void skipWithoutVisitedLosesTheSlavesOfAReceiver() {
    TestGraph.Builder b = TestGraph.builder();
    int t = b.top(1);
    int p1 = b.mount(t, 2, 10);
    int p2 = b.mount(t, 3, 10);
    int s = b.mount(t, 4, 10);
    int x1 = b.mount(p1, 11, 20);
    int x2 = b.mount(p2, 11, 20);
    int xs = b.mount(s, 11, 20);
    TestGraph g = b.share(1, p1, p2).slaves(p2, s).share(2, x1, x2).slaves(x2, xs).build();
    List<Integer> u = List.of(x1);
    for (UmountAlgorithm a :
        List.of(NAIVE, V2016, V2017, V2017_NAIVE, V2025, V2025_NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, g, u, Set.of(x1, x2, xs), Set.of());
    }
    assertPlan(
        KnownBugVariants.umountAlgorithm("skip-without-visited").orElseThrow(),
        g,
        u,
        Set.of(x1, x2),
        Set.of());
  }

  @Test
  void variantsDifferFromTheirReferenceOnTheirWitnessCase() {
    C9 c = new C9();
    c.b.mount(c.c2, 30, 50);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    UmountAlgorithm v2016 = KnownBugVariants.umountAlgorithm("umount-2016").orElseThrow();
    assertNotEquals(Plans.victims(V2025.plan(g, u)), Plans.victims(v2016.plan(g, u)));
    C16 c16 = new C16();
    UmountAlgorithm v2017 = KnownBugVariants.umountAlgorithm("umount-2017").orElseThrow();
    assertTrue(!Plans.same(SPEC.plan(c16.g, c16.u), v2017.plan(c16.g, c16.u)));
  }
}
