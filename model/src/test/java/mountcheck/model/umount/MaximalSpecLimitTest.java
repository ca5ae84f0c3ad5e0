package mountcheck.model.umount;

import static mountcheck.model.umount.Plans.assertPlan;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The exhaustive search takes exactly {@link MaximalSpec#MAX_CANDIDATES} candidates, not more. */
class MaximalSpecLimitTest {
  private final TestGraph.Builder b = TestGraph.builder();
  private final int top = b.top(1);

  /** {@code size} peers on the top, each with a child at dentry 11; returns the children. */
  private int[] peersWithChildren(int group, int size, int firstMountpoint) {
    int[] peers = new int[size];
    int[] children = new int[size];
    for (int i = 0; i < size; i++) {
      peers[i] = b.mount(top, firstMountpoint + i, 10);
      children[i] = b.mount(peers[i], 11, 20);
    }
    b.share(group, peers);
    return children;
  }

  @Test
  void sixteenCandidatesAreSearched() {
    // unmounting the child of one of 17 peers: the 16 other peers' children are the candidates
    int[] children = peersWithChildren(1, 17, 100);
    Set<Integer> all = new HashSet<>();
    for (int c : children) all.add(c);
    assertPlan(new MaximalSpec(), b.build(), List.of(children[0]), all, Set.of());
  }

  @Test
  void aSeventeenthCandidateFromAnotherUnmountedMountIsRefused() {
    int[] sixteenMore = peersWithChildren(1, 17, 100);
    int[] oneMore = peersWithChildren(2, 2, 200);
    TestGraph g = b.build();
    assertThrows(
        IllegalArgumentException.class,
        () -> new MaximalSpec().plan(g, List.of(sixteenMore[0], oneMore[0])));
  }
}
