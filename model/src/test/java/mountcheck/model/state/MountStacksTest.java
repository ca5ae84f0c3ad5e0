package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The mount hash and the stacks of overmounts through attach, move and detach, including two mounts
 * at one place (a propagated copy before it is tucked away). Each mount is a tmpfs of its own,
 * detached until attached; expected tops are read off the pictures in the comments.
 */
class MountStacksTest {
  private final MountTableBuilder b = MountTable.initial(100, 1).toBuilder();

  /** A new detached mount of a new tmpfs, holding an empty directory {@code d}. */
  private int tmpfs() {
    int sb = b.newSuperblock("tmpfs", "t");
    int root = b.superblockRoot.get(sb);
    b.mkdir(root, "d");
    return b.newMount(sb, root);
  }

  private int root(int mount) {
    return b.mount(mount).root();
  }

  private int d(int mount) {
    return b.childDentry(root(mount), "d");
  }

  /** Mounts each of {@code above} on the root of the one before, over {@code base}. */
  private void stack(int base, int... above) {
    int below = base;
    for (int m : above) {
      b.attach(m, below, root(below));
      below = m;
    }
  }

  @Test
  void moveOfADetachedMountAttachesIt() {
    int p = tmpfs();
    int x = tmpfs();
    b.move(x, p, d(p));
    assertEquals(p, b.mount(x).parent());
    assertEquals(x, b.lookup(p, d(p)));
    assertArrayEquals(new int[] {x}, b.children(p));
  }

  @Test
  void theFirstOfTwoMountsAtAPlaceMovesOntoTheSecondsRoot() {
    // p/d holds x, then n; x moves onto n's root: p/d -> n -> x
    int p = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    b.attach(x, p, d(p));
    b.attach(n, p, d(p));
    assertEquals(x, b.lookup(p, d(p)));
    b.move(x, n, root(n));
    assertEquals(n, b.lookup(p, d(p)));
    assertEquals(x, b.overmount(n));
    assertEquals(x, b.stackTop(n));
    assertEquals(x, b.stackTop(x));
    assertArrayEquals(new int[] {n}, b.children(p));
    assertArrayEquals(new int[] {x}, b.children(n));
  }

  @Test
  void aMountTuckedUnderAStackKeepsWhatIsStackedOnIt() {
    // o -> x -> y, and n also on o's root; x moves onto n: o -> n -> x -> y
    int o = tmpfs();
    int x = tmpfs();
    int y = tmpfs();
    int n = tmpfs();
    stack(o, x, y);
    b.attach(n, o, root(o));
    assertEquals(x, b.overmount(o));
    assertEquals(y, b.stackTop(o));
    b.move(x, n, root(n));
    assertEquals(n, b.overmount(o));
    assertEquals(x, b.overmount(n));
    assertEquals(y, b.overmount(x));
    for (int m : new int[] {o, n, x, y}) assertEquals(y, b.stackTop(m), "top over " + m);
    assertArrayEquals(new int[] {n}, b.children(o));
    assertArrayEquals(new int[] {x}, b.children(n));
  }

  @Test
  void theTopOfAStackMovedAwayLetsTheSecondMountThereContinueIt() {
    // o -> x, and n also on o's root; x moves into n's directory: o -> n, n/d -> x
    int o = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    stack(o, x);
    b.attach(n, o, root(o));
    b.move(x, n, d(n));
    assertEquals(n, b.overmount(o));
    assertEquals(n, b.stackTop(o));
    assertEquals(n, b.stackTop(n));
    assertEquals(x, b.lookup(n, d(n)));
    assertEquals(x, b.stackTop(x));
  }

  @Test
  void theTopOfAStackMovedOntoAnotherMountLeavesTheSecondMountOnTop() {
    // o -> x, and n also on o's root; x moves onto q: o -> n, q -> x
    int o = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    int q = tmpfs();
    stack(o, x);
    b.attach(n, o, root(o));
    b.move(x, q, root(q));
    assertEquals(n, b.overmount(o));
    assertEquals(n, b.stackTop(o));
    assertEquals(x, b.overmount(q));
    assertEquals(x, b.stackTop(q));
  }

  @Test
  void detachingTheTopLetsTheSecondMountContinueTheStack() {
    int o = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    stack(o, x);
    b.attach(n, o, root(o));
    b.detach(x);
    assertEquals(0, b.mount(x).parent());
    assertEquals(n, b.overmount(o));
    assertEquals(n, b.stackTop(o));
    assertEquals(x, b.stackTop(x));
  }

  @Test
  void detachingTheSecondMountAtAPlaceLeavesTheStackAlone() {
    int o = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    stack(o, x);
    b.attach(n, o, root(o));
    b.detach(n);
    assertEquals(x, b.overmount(o));
    assertEquals(x, b.stackTop(o));
    assertEquals(x, b.stackTop(x));
    assertEquals(n, b.stackTop(n));
    assertArrayEquals(new int[] {x}, b.children(o));
  }

  @Test
  void aPlaceEmptiedBySecondThenFirstTakesANewMount() {
    int p = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    int y = tmpfs();
    b.attach(x, p, d(p));
    b.attach(n, p, d(p));
    b.detach(n);
    assertEquals(x, b.lookup(p, d(p)));
    b.detach(x);
    assertEquals(0, b.lookup(p, d(p)));
    b.attach(y, p, d(p));
    assertEquals(y, b.lookup(p, d(p)));
  }

  @Test
  void aPlaceEmptiedByFirstThenSecondTakesANewMount() {
    int p = tmpfs();
    int x = tmpfs();
    int n = tmpfs();
    int y = tmpfs();
    b.attach(x, p, d(p));
    b.attach(n, p, d(p));
    b.detach(x);
    assertEquals(n, b.lookup(p, d(p)));
    b.detach(n);
    assertEquals(0, b.lookup(p, d(p)));
    b.attach(y, p, d(p));
    assertEquals(y, b.lookup(p, d(p)));
  }

  @Test
  void cuttingAStackNearItsBottomGivesTheLowerPartItsOwnTop() {
    // x1 -> x2 -> x3 -> x4 -> x5; detach x3: x1 -> x2 and x3 -> x4 -> x5
    int x1 = tmpfs();
    int x2 = tmpfs();
    int x3 = tmpfs();
    int x4 = tmpfs();
    int x5 = tmpfs();
    stack(x1, x2, x3, x4, x5);
    assertEquals(x5, b.stackTop(x1));
    b.detach(x3);
    assertEquals(x2, b.stackTop(x1));
    assertEquals(x2, b.stackTop(x2));
    assertEquals(0, b.overmount(x2));
    assertEquals(x5, b.stackTop(x3));
    assertEquals(x5, b.stackTop(x4));
  }

  @Test
  void theUpperPartOfACutStackJoinsALongerStackAtItsBottom() {
    // as above, then a stack y1 -> ... -> y5 goes on x5: x3 -> x4 -> x5 -> y1 -> ... -> y5
    int x1 = tmpfs();
    int x2 = tmpfs();
    int x3 = tmpfs();
    int x4 = tmpfs();
    int x5 = tmpfs();
    stack(x1, x2, x3, x4, x5);
    b.detach(x3);
    int[] y = {tmpfs(), tmpfs(), tmpfs(), tmpfs(), tmpfs()};
    stack(y[0], y[1], y[2], y[3], y[4]);
    b.attach(y[0], x5, root(x5));
    for (int m : new int[] {x3, x4, x5, y[0], y[2]}) assertEquals(y[4], b.stackTop(m));
    assertEquals(y[0], b.overmount(x5));
    assertEquals(x2, b.stackTop(x1));
  }

  @Test
  void theUpperPartOfACutStackMovedIntoADirectoryJoinsALongerStackWithoutItsNewParent() {
    // x1 -> ... -> x6; x4 (with x5, x6) moves into m/d; a stack y1 -> ... -> y6 goes on x6
    int m = tmpfs();
    int[] x = {tmpfs(), tmpfs(), tmpfs(), tmpfs(), tmpfs(), tmpfs()};
    stack(x[0], x[1], x[2], x[3], x[4], x[5]);
    b.move(x[3], m, d(m));
    assertEquals(x[2], b.stackTop(x[0]));
    assertEquals(x[5], b.stackTop(x[3]));
    int[] y = {tmpfs(), tmpfs(), tmpfs(), tmpfs(), tmpfs(), tmpfs()};
    stack(y[0], y[1], y[2], y[3], y[4], y[5]);
    b.attach(y[0], x[5], root(x[5]));
    assertEquals(m, b.stackTop(m));
    assertEquals(x[3], b.lookup(m, d(m)));
    for (int k = 3; k < 6; k++) assertEquals(y[5], b.stackTop(x[k]));
    assertEquals(y[5], b.stackTop(y[0]));
    assertEquals(x[2], b.stackTop(x[0]));
  }
}
