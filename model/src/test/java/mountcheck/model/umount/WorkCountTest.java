package mountcheck.model.umount;

import static mountcheck.model.umount.Plans.assertPlan;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Work counts of every generation on small hand-built trees, counted by hand from the algorithms'
 * cost model (package-info: one unit per U member taken in turn, per receiver a propagation walk
 * reaches, per climb to a master at the end of a slave list, per hash lookup, per child examined
 * and per parent step). The counts pin down the walks of fs/pnode.c as each generation does them:
 * which receivers are reached, which are skipped (296990deb389's remembered visits, the 2025
 * skip_propagation_subtree), and what each candidate costs. Results are checked alongside.
 */
class WorkCountTest {
  static final UmountAlgorithm NAIVE = new Naive2005();
  static final UmountAlgorithm V2017 = Biederman2017.optimized();
  static final UmountAlgorithm V2017_NAIVE = Biederman2017.unoptimized();
  static final UmountAlgorithm V2025 = Viro2025.optimized();
  static final UmountAlgorithm V2025_NAIVE = Viro2025.naiveGathering();
  static final UmountAlgorithm SPEC = new MaximalSpec();
  static final UmountAlgorithm REFERENCE = new ReferenceUmount2025();

  private static Map<UmountAlgorithm, Long> counts(Object... algorithmAndWork) {
    Map<UmountAlgorithm, Long> m = new LinkedHashMap<>();
    for (int i = 0; i < algorithmAndWork.length; i += 2) {
      m.put((UmountAlgorithm) algorithmAndWork[i], ((Number) algorithmAndWork[i + 1]).longValue());
    }
    return m;
  }

  private static void assertWork(
      Map<UmountAlgorithm, Long> expected, MountGraph g, List<Integer> u) {
    expected.forEach(
        (a, w) -> assertEquals((long) w, a.plan(g, u).work(), a.name() + ": hand-counted work"));
  }

  /**
   * C9 (HandBuiltCasesTest.C9), U = [c1]: the walk from a1 reaches a2 and a3 (2 units) and looks up
   * c2 and c3 (2 units). 2025: +1 for c1's turn, +2 for the overmount lookups of the two committed
   * copies = 7. 2017: +1 for c1's turn, +2 for the climbs from c2 and c3 to a2 and a3 after they
   * are marked = 7. 2005: +1 = 5. The specification: the walk only (nothing has a child) = 4. The
   * reference counts one unit per receiver of a1 = 2.
   */
  @Test
  void c9UmountOfTheTop() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    assertPlan(REFERENCE, g, u, Set.of(c.c1, c.c2, c.c3), Set.of());
    assertWork(
        counts(V2025, 7, V2025_NAIVE, 7, V2017, 7, V2017_NAIVE, 7, NAIVE, 5, SPEC, 4, REFERENCE, 2),
        g,
        u);
  }

  /**
   * C9 with an overmount O on c2's root. 2025: 5 for gathering as above, 1 for c2's child in
   * trim_one, 1 for handle_locked on c2 (not childless, so not committed in trim_one), 2 overmount
   * lookups, 2 steps for reparenting O (O to c2, c2 to a2) = 11. 2017: 3 per copy (reach, lookup,
   * climb) + 1 turn + 1 for O examined by __propagate_umount + 1 for O examined by umount_list + 1
   * parent step in restore_mounts = 10. The reference: 2 receivers, 1 child in the outsider search,
   * 1 child in the shifting check = 4. O slides onto a2 at c2's mount point.
   */
  @Test
  void c9OvermountedCopy() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    int over = c.b.mount(c.c2, 30, 50);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    assertPlan(REFERENCE, g, u, Set.of(c.c1, c.c2, c.c3), Set.of(new Reparent(over, c.a2, 20)));
    assertWork(
        counts(V2025, 11, V2025_NAIVE, 11, V2017, 10, V2017_NAIVE, 10, NAIVE, 5, SPEC, 4), g, u);
    assertWork(counts(REFERENCE, 4), g, u);
  }

  /**
   * C9 with a private mount D inside c2 (not on its root): c2 stays. 2025: 5 + 1 (D examined) + 1
   * (c3's overmount lookup) = 7. 2017: 1 + 2 + 1 (D) + 2 + 1 (climb from c3) = 7. The
   * specification: the walk (4) and one call of subtreeInside on D for each of the two subsets
   * holding c2 ({c2} and {c2, c3}; {c3} is valid first, so only its supersets are tried) = 6. The
   * reference: 2 + 1 (D in the outsider search) + 1 (D in the shifting check) = 4.
   */
  @Test
  void c9CopyWithAMountInside() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    c.b.mount(c.c2, 31, 40);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    assertPlan(REFERENCE, g, u, Set.of(c.c1, c.c3), Set.of());
    assertWork(counts(V2025, 7, V2017, 7, SPEC, 6, REFERENCE, 4), g, u);
  }

  /**
   * C9 with c2 locked: it stays (its parent a2 stays, so unmounting it would reveal a2's "b").
   * 2025: 5 + 1 (handle_locked visits c2 and finds nothing holding it up) + 1 (c3's overmount
   * lookup) = 7. 2017: 1 + 3 (c2: reach, lookup, climb after marking) + 3 (c3) = 7, c2 waits on the
   * restore list and is put back where it was. The reference: 2.
   */
  @Test
  void c9LockedCopy() {
    HandBuiltCasesTest.C9 c = new HandBuiltCasesTest.C9();
    c.b.lock(c.c2);
    TestGraph g = c.b.build();
    List<Integer> u = List.of(c.c1);
    assertPlan(REFERENCE, g, u, Set.of(c.c1, c.c3), Set.of());
    assertWork(counts(V2025, 7, V2017, 7, REFERENCE, 2), g, u);
  }

  /**
   * A receiver's slave inside the unmounted tree. R (shared) at /r; P = a bind of R on R/p, made a
   * slave of R and shared with a copy Q elsewhere (so P and Q are one peer group, both slaves of
   * R); S a private slave of P. M1 on R/p/m with copies C1 on Q and C2 on S; M2 on R/m. {@code
   * umount -l /r}: U = [R, P, M1, M2]; the candidates are C1 and C2, both go. Ids: 1 root, 2 R, 3
   * P, 4 M1, 5 M2, 6 Q, 7 C1, 8 S, 9 C2; dentries: 10 R's root, 20 "p", 21 "m".
   */
  static final class SlaveInside {
    final TestGraph g;
    final List<Integer> u;

    SlaveInside() {
      TestGraph.Builder b = TestGraph.builder();
      int t = b.top(1);
      int r = b.mount(t, 2, 10);
      int p = b.mount(r, 20, 10);
      b.mount(p, 21, 30); // M1
      b.mount(r, 21, 40); // M2
      int q = b.mount(t, 3, 10);
      b.mount(q, 21, 30); // C1
      int s = b.mount(t, 4, 10);
      b.mount(s, 21, 30); // C2
      b.share(1, r).share(2, p, q).slaves(r, p, q).slaves(p, s);
      g = b.build();
      u = g.subtree(r);
    }
  }

  /**
   * The walks from R reach P, S (P's slave), then climb to P and go on to Q, then climb to R: 5
   * units. From P they reach S, climb, and reach Q: 3 units.
   *
   * <ul>
   *   <li>2025: turns 4; R's walk 1 + 0; P's walk from R: 5 + 3 lookups; M1's walk from P: 3 + 2
   *       lookups (C2, C1 gathered); M2's walk from R: reaches P (1), finds M1 already gathered (1
   *       lookup) and skips P's whole group and downstream: 2 steps to leave it; then 2 overmount
   *       lookups = 4 + 8 + 5 + 4 + 2 = 23. The naive twin walks all of R's receivers again for M2:
   *       5 + 3 = 8 instead of 4: 27.
   *   <li>2017: turns 4; P's walk 8; M1's walk 5 + 2 climbs after committing C2 and C1; M2's walk:
   *       reaches P (1), finds M1 visited (1), jumps to P's last slave S (1), climbs to P (1),
   *       reaches Q (1), finds C1 (1), climbs to R (1) = 7: 4 + 8 + 7 + 7 = 26. Without remembered
   *       visits M2's walk reaches everything: 5 + 3 = 8, total 27.
   *   <li>2005: turns 4; P's walk 8; M1's walk 5; M2's walk 8 = 25.
   *   <li>The specification: the walks without turns (8 + 5 + 8 = 21), then for each of the two
   *       subsets it checks ({C2}, then {C1} when {C2} alone is valid), the U members' children
   *       strictly inside: P (with M1 below it), M2, and M1 inside P again: 4 each = 29.
   *   <li>The reference: receivers of R (P, Q, S) for P and M2, of P (Q, S) for M1: 8.
   * </ul>
   */
  @Test
  void slaveInsideTheUnmountedTree() {
    SlaveInside c = new SlaveInside();
    for (UmountAlgorithm a :
        List.of(V2025, V2025_NAIVE, V2017, V2017_NAIVE, NAIVE, SPEC, REFERENCE)) {
      assertPlan(a, c.g, c.u, Set.of(2, 3, 4, 5, 7, 9), Set.of());
    }
    assertWork(
        counts(
            V2025,
            23,
            V2025_NAIVE,
            27,
            V2017,
            26,
            V2017_NAIVE,
            27,
            NAIVE,
            25,
            SPEC,
            29,
            REFERENCE,
            8),
        c.g,
        c.u);
  }

  /**
   * A survivor on a dying copy's root: a1, a2 peers; X1, X2 (peers) at "x" of each; Y1, Y2 (peers)
   * on the roots of X1 and X2; Z private inside Y2; K1, K2 (peers) at "k" of Y1 and Y2. {@code
   * umount -l} of X1: U = [X1, Y1, K1]; candidates X2, Y2, K2. Y2 holds Z strictly inside, so it
   * stays (non-shifting); K2 and X2 go, and Y2 slides down onto a2 where X2 was. Ids: 1 root, 2 a1,
   * 3 a2, 4 X1, 5 X2, 6 Y1, 7 Y2, 8 Z, 9 K1, 10 K2.
   *
   * <p>2017 tries Y2 twice (for Y1, then again on the way up from K2) and puts it on the restore
   * list a third time from umount_list; it must still be reparented once. Work: turns 3; X2: 1
   * reach, 1 lookup, 1 child, 1 climb; Y2: 1 + 1 + 1 (Z); K2: 1 + 1 + 1 climb + 1 (Y2 retried, Z
   * again); umount_list: 1 (Y2 under X2); restore_mounts: 1 parent step = 16. 2025: turns 3, three
   * walks of 1 reach and 1 lookup; trim_one: Z under Y2 (1), one trim_ancestors link from Y2 to X2
   * (1), Y2 under X2 (1); handle_locked on X2 (1); 2 overmount lookups; 2 steps to reparent Y2 =
   * 17. The reference: 3 receivers, 3 children in the outsider search, 3 in the shifting check = 9.
   */
  @Test
  void survivorOnADyingCopyIsReparentedOnce() {
    TestGraph.Builder b = TestGraph.builder();
    int t = b.top(1);
    int a1 = b.mount(t, 2, 10);
    int a2 = b.mount(t, 3, 10);
    int x1 = b.mount(a1, 11, 20);
    int x2 = b.mount(a2, 11, 20);
    int y1 = b.mount(x1, 20, 30);
    int y2 = b.mount(x2, 20, 30);
    b.mount(y2, 31, 40); // Z
    int k1 = b.mount(y1, 32, 50);
    int k2 = b.mount(y2, 32, 50);
    TestGraph g = b.share(1, a1, a2).share(2, x1, x2).share(3, y1, y2).share(4, k1, k2).build();
    List<Integer> u = g.subtree(x1);
    assertEquals(List.of(x1, y1, k1), u);
    Reparent slide = new Reparent(y2, a2, 11);
    for (UmountAlgorithm a : List.of(V2025, V2025_NAIVE, V2017, V2017_NAIVE, SPEC, REFERENCE)) {
      UmountPlan plan = a.plan(g, u);
      assertEquals(Set.of(x1, y1, k1, x2, k2), Plans.victims(plan), a.name());
      assertEquals(List.of(slide), plan.reparents(), a.name() + ": one reparent");
    }
    assertWork(counts(V2017, 16, V2025, 17, REFERENCE, 9), g, u);
  }
}
