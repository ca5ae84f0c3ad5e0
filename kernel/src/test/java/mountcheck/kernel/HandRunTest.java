package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The documented command that runs a scenario by hand without a JVM (README, "The fd-based mount
 * API"): {@code unshare -Urm perl syscalls.pl shell < FILE} gives the same final table and the same
 * errnos as {@code ./mountcheck kernel FILE}, for a classic one-line scenario and for one with
 * {@code mountfd} lines.
 */
@ExtendWith(HostMountTableUnchanged.class)
class HandRunTest {
  private static final String MARK = "@@hand-run-start";
  private static final Pattern ERRNO = Pattern.compile("failed \\[errno=([0-9]+)\\]");

  @BeforeAll
  static void kernel() {
    KernelTests.assumeKernel();
  }

  @Test
  void aOneLineRemountBindReadOnlyScenario() throws Exception {
    // /mnt is no mount point of its own in the fresh namespace: do_reconfigure_mnt()'s EINVAL.
    // By hand the line is util-linux's mount itself, which reports the failure in its own words.
    String scenario = "mount -o remount,bind,ro /mnt\n";
    KernelResult expected = KernelTests.run("hand.sh", scenario);
    assertEquals(List.of(22), expected.failures().stream().map(LineOutcome::errnoNumber).toList());
    assertEquals(List.of(), expected.rows());
    String err = handRun(scenario).err();
    assertTrue(err.startsWith("mount: /mnt: "), err);
  }

  @Test
  void aRemountBindReadOnlyOfTheScenariosTmpfs() throws Exception {
    List<MountInfoRow> rows =
        assertSameAsTheRunner("mount -t tmpfs top /mnt\nmount -o remount,bind,ro /mnt\n");
    // the mount is read-only, its superblock stays writable (MNT_READONLY alone)
    assertEquals(1, rows.size(), rows.toString());
    assertEquals("ro", rows.get(0).mountOptions().split(",")[0]);
    assertEquals("rw", rows.get(0).superOptions().split(",")[0]);
  }

  @Test
  void anOpenTreeAndMoveMountScenario() throws Exception {
    assertSameAsTheRunner(
        "mount -t tmpfs top /mnt\n"
            + "mkdir -p /mnt/a /mnt/b /mnt/c\n"
            + "mount --make-shared /mnt\n"
            + "mount -t tmpfs x /mnt/a\n"
            + "mkdir -p /mnt/a/d\n"
            + "mount -t tmpfs y /mnt/a/d\n"
            + "mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE\n"
            + "mountfd move_mount t /mnt/b\n"
            + "mountfd move_mount t /mnt/c\n"
            + "mountfd move_mount zz /mnt/c\n"
            + "unshare -m\n"
            + "mountfd open_tree u /mnt/c OPEN_TREE_CLONE\n"
            + "mountfd move_mount u /mnt/a/d\n");
  }

  /**
   * A root change by hand: the shell's functions send chroot and pivot_root, and the later lines,
   * to its coprocess (docs/language.md, "The caller's root"). The shell keeps its own root after
   * chroot and has no cat after pivot_root, so only the errnos are compared.
   */
  @Test
  void aChrootAndPivotRootScenario() throws Exception {
    assertSameErrnos(
        "mount -t tmpfs top /mnt\n"
            + "mkdir -p /mnt/jail\n"
            + "mount -t tmpfs jail /mnt/jail\n"
            + "mkdir -p /mnt/jail/mnt/new /mnt/jail/mnt/dir\n"
            + "mount -t tmpfs new /mnt/jail/mnt/new\n"
            + "chroot /mnt/nope\n"
            + "chroot /mnt/jail\n"
            + "mkdir -p /mnt/new/mnt/old\n"
            + "pivot_root /mnt/dir /mnt/dir\n"
            + "pivot_root /mnt/new /mnt/new/mnt/old\n"
            + "umount /mnt/old/mnt/new\n"
            + "umount /mnt/old\n"
            + "umount -l /mnt/old\n"
            + "umount /mnt/old\n");
  }

  private static void assertSameErrnos(String scenario) throws Exception {
    KernelResult expected = KernelTests.run("hand.sh", scenario);
    // the runner's answer itself (6.18): ENOENT, EBUSY, EINVAL (new left the old root), then the
    // old root, unlocked and childless, goes at once, and /mnt/old is no mount any more: EINVAL
    assertEquals(
        List.of(2, 16, 22, 22, 22),
        expected.failures().stream().map(LineOutcome::errnoNumber).toList(),
        expected.failures().toString());
    String err = handRun(scenario).err();
    assertEquals(
        expected.failures().stream().map(LineOutcome::errnoNumber).toList(), errnos(err), err);
  }

  /** The hand run's rows of the scenario, once they equal the runner's. */
  private static List<MountInfoRow> assertSameAsTheRunner(String scenario) throws Exception {
    KernelResult expected = KernelTests.run("hand.sh", scenario);
    HandRun run =
        handRun(
            "cat /proc/self/mountinfo\necho "
                + MARK
                + "\n"
                + scenario
                + "cat /proc/self/mountinfo\n");
    String[] parts = run.out().split(MARK + "\n", 2);
    // the host's mounts below /mnt (copied anew by an unshare line) are not the scenario's
    Set<String> before = new HashSet<>();
    for (MountInfoRow r : MountInfoFormat.parse(parts[0]))
      before.add(r.mountPoint() + " " + r.source());
    List<MountInfoRow> rows = new ArrayList<>();
    for (MountInfoRow r : MountInfoFormat.parse(parts[1]))
      if (!before.contains(r.mountPoint() + " " + r.source()) && r.mountPoint().startsWith("/mnt"))
        rows.add(r);
    assertEquals(
        CanonicalTable.of(expected.rows()), CanonicalTable.of(rows), run.out() + run.err());
    assertEquals(
        expected.failures().stream().map(LineOutcome::errnoNumber).toList(),
        errnos(run.err()),
        run.err());
    return rows;
  }

  private record HandRun(String out, String err) {}

  /** The documented hand run: {@code unshare -Urm perl syscalls.pl shell < input}. */
  private static HandRun handRun(String input) throws Exception {
    Path program = Files.createTempFile("syscalls", ".pl");
    try {
      Files.writeString(program, Executor.program());
      Process p =
          new ProcessBuilder("unshare", "-Urm", "perl", program.toString(), "shell").start();
      p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) p.destroyForcibly();
      return new HandRun(out, err);
    } finally {
      Files.deleteIfExists(program);
    }
  }

  /** The errnos the executor reported for its calls, in order. */
  private static List<Integer> errnos(String err) {
    List<Integer> out = new ArrayList<>();
    Matcher m = ERRNO.matcher(err);
    while (m.find()) out.add(Integer.parseInt(m.group(1)));
    return out;
  }
}
