package mountcheck.kernel;

import static mountcheck.kernel.KernelTests.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mountcheck.model.ops.MakeDirs;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.ops.Umount;
import mountcheck.model.text.MountInfoRow;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(HostMountTableUnchanged.class)
class KernelRunnerTest {

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  /** line -> errno name of the failing lines. */
  private static Map<Integer, String> failures(KernelResult r) {
    Map<Integer, String> m = new TreeMap<>();
    for (LineOutcome o : r.failures()) m.put(o.line(), o.errno());
    return m;
  }

  private static MountInfoRow at(KernelResult r, String mountPoint) {
    List<MountInfoRow> rows =
        r.rows().stream().filter(x -> x.mountPoint().equals(mountPoint)).toList();
    assertEquals(1, rows.size(), () -> "rows at " + mountPoint + ": " + r.rows());
    return rows.get(0);
  }

  @Test
  void successfulScenarioGivesItsMountsOnly() throws Exception {
    KernelResult r =
        run(
            "ok.sh",
            """
            # a shared tmpfs and a bind of a subdirectory
            mount -t tmpfs root /mnt
            mkdir -p /mnt/a/x /mnt/b
            mount --make-shared /mnt
            mount --bind /mnt/a /mnt/b
            """);
    assertEquals(Map.of(), failures(r));
    assertEquals(List.of(2, 3, 4, 5), r.outcomes().stream().map(LineOutcome::line).toList());
    assertEquals("mount --bind /mnt/a /mnt/b", r.outcomes().get(3).command());
    assertEquals(2, r.rows().size(), () -> r.rows().toString());
    MountInfoRow mnt = at(r, "/mnt");
    MountInfoRow b = at(r, "/mnt/b");
    assertEquals("tmpfs", mnt.fsType());
    assertEquals("root", mnt.source());
    assertEquals("/", mnt.root());
    assertEquals("/a", b.root());
    assertEquals(mnt.mountId(), b.parentId());
    assertTrue(mnt.sharedGroup() != 0);
    assertEquals(mnt.sharedGroup(), b.sharedGroup());
    assertEquals(mnt.minor(), b.minor());
    assertTrue(r.mountsBefore() > 0, "the namespace inherits the host's mounts");
  }

  @Test
  void reportsEachErrnoByLineAndGoesOn() throws Exception {
    KernelResult r =
        run(
            "errors.sh",
            """
            mkdir -p /mnt/early
            mount -t tmpfs a /mnt
            mkdir -p /mnt/a/b /mnt/c /mnt/d
            umount /mnt/c
            mount --bind /mnt/nope /mnt/c
            mount -t tmpfs b /mnt/c
            mkdir -p /mnt/c/x /mnt/c/y
            mount -t tmpfs e /mnt/c/x
            umount /mnt/c
            mount --move /mnt/c /mnt/c/y
            mount --make-unbindable /mnt/c
            mount --bind /mnt/c /mnt/d
            umount -l /mnt/nope
            mount --make-shared /mnt/d
            umount -l /mnt/c
            """);
    assertEquals(
        Map.of(
            1, "EROFS", // outside the scenario's tmpfs the root is read-only
            4, "EINVAL", // not a mount point
            5, "ENOENT", // no such source
            9, "EBUSY", // has a child mount
            10, "ELOOP", // move into its own subtree
            12, "EINVAL", // bind of an unbindable mount
            13, "ENOENT",
            14, "EINVAL"), // not a mount point
        failures(r));
    LineOutcome erofs = r.outcomes().get(0);
    assertEquals(30, erofs.errnoNumber());
    assertTrue(erofs.message().contains("Read-only file system"), erofs.message());
    assertEquals(
        40, r.outcomes().stream().filter(o -> o.line() == 10).findFirst().get().errnoNumber());
    assertEquals(List.of("/mnt"), r.rows().stream().map(MountInfoRow::mountPoint).toList());
  }

  /** mount(8) exits 16 after a successful move (it cannot update utab on the read-only root). */
  @Test
  void successfulMoveIsOk() throws Exception {
    KernelResult r =
        run(
            "move-ok.sh",
            """
            mount -t tmpfs a /mnt
            mkdir -p /mnt/a /mnt/b
            mount -t tmpfs x /mnt/a
            mount --move /mnt/a /mnt/b
            """);
    assertEquals(Map.of(), failures(r));
    assertEquals("x", at(r, "/mnt/b").source());
    assertEquals(
        List.of("/mnt", "/mnt/b"), r.rows().stream().map(MountInfoRow::mountPoint).toList());
  }

  @Test
  void moveUnderASharedParentIsEinval() throws Exception {
    KernelResult r =
        run(
            "move.sh",
            """
            mount -t tmpfs a /mnt
            mkdir -p /mnt/a /mnt/b
            mount -t tmpfs x /mnt/a
            mount --make-shared /mnt
            mount --move /mnt/a /mnt/b
            """);
    assertEquals(Map.of(5, "EINVAL"), failures(r));
  }

  /**
   * The per-namespace mount limit (fs.mount-max, 100000 by default; read, never written): each bind
   * of the shared /mnt/1 into its own subtree doubles the number of its peers, so the 17th would
   * need 2^17 mounts. The tree stays shallow, so reading mountinfo stays cheap.
   */
  @Test
  void tooManyMountsIsEnospc() throws Exception {
    String max;
    try (var in = Files.newInputStream(Path.of("/proc/sys/fs/mount-max"))) {
      max = new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
    }
    Assumptions.assumeTrue(
        max.equals("100000"), "fs.mount-max is " + max + ", the scenario is sized for 100000");
    StringBuilder s = new StringBuilder("mount -t tmpfs top /mnt\nmkdir -p /mnt/1\n");
    s.append("mount -t tmpfs one /mnt/1\nmkdir -p");
    for (int k = 1; k <= 17; k++) s.append(" /mnt/1/a").append(k);
    s.append("\nmount --make-shared /mnt/1\n");
    for (int k = 1; k <= 17; k++) s.append("mount --bind /mnt/1 /mnt/1/a").append(k).append('\n');
    s.append("umount -l /mnt/1\n"); // line 23: leave a small table behind
    KernelResult r = run("enospc.sh", s.toString());
    assertEquals(Map.of(22, "ENOSPC"), failures(r));
    assertEquals(List.of("/mnt"), r.rows().stream().map(MountInfoRow::mountPoint).toList());
  }

  @Test
  void nestedUnshareKeepsEarlierNamespacesAlive() throws Exception {
    KernelResult r =
        run(
            "nested.sh",
            """
            mount -t tmpfs a /mnt
            mkdir -p /mnt/x /mnt/y /mnt/z
            mount --make-shared /mnt
            unshare -m --propagation unchanged
            mount -t tmpfs z /mnt/y
            mount --make-slave /mnt
            unshare -Urm --propagation unchanged
            mount -t tmpfs w /mnt/z
            """);
    assertEquals(Map.of(), failures(r));
    MountInfoRow mnt = at(r, "/mnt");
    MountInfoRow y = at(r, "/mnt/y");
    MountInfoRow z = at(r, "/mnt/z");
    // Line 6 made /mnt of the second namespace a slave of its peer group. Had the first
    // namespace died, that group would have had no other member and /mnt would have become
    // private. The third namespace (new user namespace) copies it as a slave of the same master.
    assertTrue(mnt.masterGroup() != 0, mnt::toString);
    assertEquals(0, mnt.sharedGroup(), mnt::toString);
    // The mount of line 5 propagated into the first namespace (same peer group); across the user
    // namespace boundary the third namespace's copy is a slave of that group.
    assertTrue(y.masterGroup() != 0 && y.masterGroup() != mnt.masterGroup(), y::toString);
    assertEquals(0, z.sharedGroup());
    assertEquals(0, z.masterGroup());
  }

  @Test
  void reportsAFailedUnshareAsAFailure() throws Exception {
    // User namespaces nest at most 32 deep (ENOSPC beyond): some of these 40 must fail.
    StringBuilder s = new StringBuilder("mount -t tmpfs a /mnt\n");
    for (int i = 0; i < 40; i++) s.append("unshare -Urm\n");
    s.append("mkdir -p /mnt/after\nmount -t tmpfs b /mnt/after\n");
    KernelResult r = run("deep.sh", s.toString());
    List<LineOutcome> unshares = r.outcomes().subList(1, 41);
    int firstFailure = 0;
    while (firstFailure < unshares.size() && unshares.get(firstFailure).ok()) firstFailure++;
    assertTrue(firstFailure > 0 && firstFailure < 40, "the first " + firstFailure + " succeeded");
    for (LineOutcome o : unshares.subList(firstFailure, 40)) {
      assertEquals("ENOSPC", o.errno(), o::toString);
      assertEquals(28, o.errnoNumber());
    }
    assertTrue(
        r.outcomes().get(41).ok() && r.outcomes().get(42).ok(), () -> r.outcomes().toString());
    assertEquals("b", at(r, "/mnt/after").source());
  }

  @Test
  void generatedScenariosWithoutLineNumbersWork() throws Exception {
    KernelResult r =
        KernelTests.RUNNER.run(
            new Scenario(
                "generated",
                List.of(
                    new Step(0, new MountTmpfs("a", "/mnt")),
                    new Step(0, new Umount("/mnt/x", false)),
                    new Step(0, new MakeDirs(List.of("/mnt/x"))))));
    assertEquals(List.of(true, false, true), r.outcomes().stream().map(LineOutcome::ok).toList());
    assertEquals("ENOENT", r.outcomes().get(1).errno());
  }

  @Test
  void emptyScenarioHasNoRows() throws Exception {
    KernelResult r = run("empty.sh", "# nothing\n");
    assertEquals(List.of(), r.outcomes());
    assertEquals(List.of(), r.rows());
    assertNull(KernelTests.RUNNER.unavailableReason());
  }
}
