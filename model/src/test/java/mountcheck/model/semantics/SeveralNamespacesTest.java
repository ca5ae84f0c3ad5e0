package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.ModelAnswer;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * Namespaces kept by files and references held by the shell (docs/semantics.md §2.11). Expected
 * errnos and tables are the host kernel's (6.18.44), as recorded for the conformance cases named.
 */
class SeveralNamespacesTest {
  private static final String HOLDER =
      "mount -t tmpfs host /mnt\n"
          + "mkdir -p /mnt/ns /mnt/v\n"
          + "mount --bind /mnt/ns /mnt/ns\n"
          + "mount --make-private /mnt/ns\n"
          + "touch /mnt/ns/c1 /mnt/ns/c2\n";

  private static ScenarioRunner.Run run(String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
  }

  private static List<String> failures(ScenarioRunner.Run r) {
    return r.failures().stream().map(f -> f.step().line() + " " + f.errno()).toList();
  }

  @Test
  void aHeldMountIsBusyAndALazyUmountDetachesIt() {
    // C21: EBUSY while fd 3 is open, umount -l works, the place is free at once
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs host /mnt\nmkdir -p /mnt/v\nmount -t tmpfs old /mnt/v\n"
                + "touch /mnt/v/f\nexec 3</mnt/v/f\numount /mnt/v\numount -l /mnt/v\n"
                + "mount -t tmpfs new /mnt/v\n");
    assertEquals(List.of("6 EBUSY"), failures(r));
    assertEquals(1, r.state().shell().detached().size(), "old stays alive, detached");
    ScenarioRunner.Run released =
        run(
            "mount -t tmpfs host /mnt\nmkdir -p /mnt/v\nmount -t tmpfs old /mnt/v\n"
                + "touch /mnt/v/f\nexec 3</mnt/v/f\numount -l /mnt/v\nexec 3<&-\n");
    assertTrue(released.state().shell().detached().isEmpty(), "freed with its last holder");
  }

  @Test
  void theWorkingDirectoryFollowsUnshareAndTheWaitingShellKeepsItsOwn() {
    // C30i: EBUSY on lines 7, 9 and 11
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs host /mnt\nmount --make-shared /mnt\nmkdir -p /mnt/vol\n"
                + "mount -t tmpfs vol /mnt/vol\nmkdir -p /mnt/vol/d\ncd /mnt/vol/d\n"
                + "umount /mnt/vol\nunshare -m --propagation unchanged\numount /mnt/vol\ncd /\n"
                + "umount /mnt/vol\numount -l /mnt/vol\n");
    assertEquals(List.of("7 EBUSY", "9 EBUSY", "11 EBUSY"), failures(r));
  }

  @Test
  void aNamespaceFileOnAPropagatingMountIsRefused() {
    // C30j: the new namespace holds a copy of /mnt/v, so the bind would propagate: EINVAL
    ScenarioRunner.Run r =
        run(
            HOLDER
                + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\ntouch /mnt/v/f\n"
                + "unshare -m --mount=/mnt/v/f true\nunshare -m --mount=/mnt/ns/none true\n"
                + "unshare -m --mount=/mnt/ns true\n");
    assertEquals(List.of("9 EINVAL", "10 ENOENT", "11 ENOTDIR"), failures(r));
    assertTrue(r.state().shell().named().isEmpty());
  }

  @Test
  void aSlaveNamespaceReceivesUntilItsFileIsUnmounted() {
    ScenarioRunner.Run r =
        run(
            HOLDER
                + "mount -t tmpfs v /mnt/v\nmount --make-shared /mnt/v\nmkdir -p /mnt/v/a\n"
                + "unshare -m --propagation slave --mount=/mnt/ns/c1 true\n"
                + "mount -t tmpfs a /mnt/v/a\n");
    ExpectedOutcome answer = ModelAnswer.of(r);
    assertEquals(1, answer.namespaces().size());
    assertEquals("master:2", answer.namespaces().get(0).rows().get(3).optionalFields().get(0));
    ScenarioRunner.Run gone =
        run(
            HOLDER
                + "unshare -m --mount=/mnt/ns/c1 true\numount /mnt/ns/c1\n"
                + "nsenter --mount=/mnt/ns/c1 mkdir -p /mnt/x\n");
    assertEquals(List.of("8 EINVAL"), failures(gone));
    assertTrue(gone.state().shell().named().isEmpty(), "torn down with its last reference");
    assertEquals(List.of(), ModelAnswer.of(gone).namespaces());
  }

  @Test
  void aNamespaceFileCanBeBoundOnAnotherPrivateFile() {
    // C30j line 26: a second namespace file mount of the same namespace (same root)
    ScenarioRunner.Run r =
        run(
            HOLDER
                + "touch /mnt/ns/c3\n"
                + "unshare -m --mount=/mnt/ns/c1 true\n"
                + "unshare -m --mount=/mnt/ns/c2 true\n"
                + "mount --bind /mnt/ns/c1 /mnt/ns/c3\n");
    assertEquals(List.of(), failures(r));
    List<String> roots =
        ModelAnswer.of(r).rows().stream()
            .filter(row -> row.fsType().equals("nsfs"))
            .map(row -> row.mountPoint() + " " + row.root())
            .toList();
    assertEquals(3, roots.size());
    assertEquals(roots.get(0).split(" ")[1], roots.get(2).split(" ")[1], "c3 names c1's namespace");
  }
}
