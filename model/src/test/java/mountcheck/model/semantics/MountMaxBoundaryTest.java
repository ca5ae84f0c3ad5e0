package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.Namespace;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * fs.mount-max exactly: count_mounts() (fs/namespace.c) lets a namespace reach the limit and
 * refuses one mount more, at every place that adds mounts: mount, bind, rbind, move (through
 * propagation), propagation into another namespace, and unshare (copy_mnt_ns() does not check, so
 * the copy of a full namespace is full). Each scenario starts with one pre-existing mount.
 */
class MountMaxBoundaryTest {
  private record Outcome(Map<Integer, Errno> failures, MountTable state) {
    int count() {
      return state.currentNamespace().mountCount();
    }
  }

  private static Outcome run(int mountMax, String text) {
    ScenarioRunner.Run r =
        new ScenarioRunner(Model.linux())
            .run(ScenarioParser.parse("limit.sh", text), MountTable.initial(mountMax, 1));
    Map<Integer, Errno> failures = new TreeMap<>();
    for (ScenarioRunner.Failure f : r.failures()) failures.put(f.step().line(), f.errno());
    return new Outcome(failures, r.state());
  }

  private static final String BASE = "mount -t tmpfs root /mnt\nmkdir -p /mnt/1 /mnt/2 /mnt/3\n";

  @Test
  void newMountsReachTheLimitAndNoFurther() {
    Outcome o =
        run(
            4,
            BASE + "mount -t tmpfs a /mnt/1\nmount -t tmpfs b /mnt/2\nmount -t tmpfs c /mnt/3\n");
    assertEquals(Map.of(5, Errno.ENOSPC), o.failures());
    assertEquals(4, o.count());
  }

  @Test
  void bindsReachTheLimitAndNoFurther() {
    Outcome o =
        run(
            4,
            BASE
                + "mount --bind /mnt /mnt/1\nmount --bind /mnt /mnt/2\nmount --bind /mnt /mnt/3\n");
    assertEquals(Map.of(5, Errno.ENOSPC), o.failures());
    assertEquals(4, o.count());
  }

  @Test
  void anRbindCountsItsWholeTree() {
    String tree = BASE + "mount -t tmpfs a /mnt/1\nmkdir -p /mnt/1/x\nmount -t tmpfs b /mnt/1/x\n";
    // 4 mounts; the rbind of /mnt/1 adds 2
    assertEquals(Map.of(), run(6, tree + "mount --rbind /mnt/1 /mnt/2\n").failures());
    assertEquals(6, run(6, tree + "mount --rbind /mnt/1 /mnt/2\n").count());
    Outcome over = run(5, tree + "mount --rbind /mnt/1 /mnt/2\n");
    assertEquals(Map.of(6, Errno.ENOSPC), over.failures());
    assertEquals(4, over.count());
  }

  @Test
  void aMoveAddsOnlyItsPropagatedCopies() {
    String s =
        BASE
            + "mount -t tmpfs d /mnt/1\nmkdir -p /mnt/1/x\nmount --make-shared /mnt/1\n"
            + "mount --bind /mnt/1 /mnt/2\nmount -t tmpfs m /mnt/3\nmount --move /mnt/3 /mnt/1/x\n";
    // 5 mounts before the move (pre-existing, root, d, its peer, m); the copy on the peer adds 1
    Outcome at = run(6, s);
    assertEquals(Map.of(), at.failures());
    assertEquals(6, at.count());
    Outcome above = run(5, s);
    assertEquals(Map.of(8, Errno.ENOSPC), above.failures());
    assertEquals(5, above.count());
  }

  @Test
  void propagationCountsEveryCopyInTheNamespace() {
    String s =
        BASE
            + "mount -t tmpfs d /mnt/1\nmkdir -p /mnt/1/x\nmount --make-shared /mnt/1\n"
            + "mount --bind /mnt/1 /mnt/2\nmount --bind /mnt/1 /mnt/3\nmount -t tmpfs n /mnt/1/x\n";
    // 5 mounts before; the new mount and its copies on two peers add 3
    assertEquals(Map.of(), run(8, s).failures());
    assertEquals(8, run(8, s).count());
    assertEquals(Map.of(8, Errno.ENOSPC), run(7, s).failures());
  }

  @Test
  void aFullReceivingNamespaceRefusesTheWholePropagation() {
    String s =
        BASE
            + "mount -t tmpfs d /mnt/1\nmount --make-shared /mnt/1\nmkdir -p /mnt/1/x /mnt/1/y\n"
            + "unshare -m --propagation unchanged\n"
            + "mount -t tmpfs n /mnt/1/x\n"
            + "mount -t tmpfs o /mnt/1/y\n";
    // each namespace holds 3; each mount adds one here and one in the first namespace
    Outcome o = run(4, s);
    assertEquals(Map.of(8, Errno.ENOSPC), o.failures());
    assertEquals(List.of(4, 4), counts(o.state()));
  }

  @Test
  void unshareCopiesAFullNamespaceAndTheNextMountFails() {
    String s =
        BASE
            + "mount -t tmpfs a /mnt/1\nmount -t tmpfs b /mnt/2\nunshare -m\nmount -t tmpfs c"
            + " /mnt/3\n";
    Outcome o = run(4, s);
    assertEquals(Map.of(6, Errno.ENOSPC), o.failures());
    assertEquals(List.of(4, 4), counts(o.state()));
  }

  private static List<Integer> counts(MountTable t) {
    return t.namespaces().stream().map(Namespace::mountCount).toList();
  }
}
