package mountcheck.model.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.AttributeLocks;
import mountcheck.model.state.MountAttributes;
import mountcheck.model.state.MountAttributes.Atime;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;
import org.junit.jupiter.api.Test;

/**
 * Per-mount attributes and their locks (docs/semantics.md §2.14). Expected flags are the ones
 * strace showed util-linux 2.38's mount(8) passing on 6.18, expected options the ones the kernel's
 * mountinfo showed after them (the conformance cases C35a to C35e and the probes run by hand in
 * unshare -Urm).
 */
class MountAttributesTest {
  private static final int RDONLY = 1;
  private static final int NOSUID = 2;
  private static final int NODEV = 4;
  private static final int NOEXEC = 8;
  private static final int NOSYMFOLLOW = 256;
  private static final int NOATIME = 1024;
  private static final int NODIRATIME = 2048;
  private static final int RELATIME = 1 << 21;
  private static final int STRICTATIME = 1 << 24;

  @Test
  void mountinfoShowsTheFlagsInTheKernelsOrder() {
    assertEquals("rw,relatime", MountAttributes.DEFAULT.options());
    assertEquals("rw", MountAttributes.INTERNAL.options(), "strictatime shows no word");
    MountAttributes all = new MountAttributes(true, true, true, true, Atime.RELATIME, true, true);
    assertEquals("ro,nosuid,nodev,noexec,nodiratime,relatime,nosymfollow", all.options());
    assertEquals(
        "ro,nosuid,nodev,noexec,noatime,nodiratime,nosymfollow",
        all.withAtime(Atime.NOATIME).options());
  }

  @Test
  void libmountAppliesTheWordsOverTheCurrentOptions() {
    // "rw,nosuid,noexec,relatime" + remount,bind,ro: MS_RDONLY|MS_NOSUID|MS_NOEXEC|MS_RELATIME
    MountAttributes current = MountAttributes.DEFAULT.withNoSuid(true).withNoExec(true);
    int start = MountFlagWords.of(current);
    assertEquals(NOSUID | NOEXEC | RELATIME, start);
    assertEquals(RDONLY | NOSUID | NOEXEC | RELATIME, MountFlagWords.apply(start, List.of("ro")));
    // "ro,nosuid,noexec,relatime" + rw,nodev: the ro flag goes, nodev comes
    assertEquals(
        NOSUID | NODEV | NOEXEC | RELATIME,
        MountFlagWords.apply(RDONLY | NOSUID | NOEXEC | RELATIME, List.of("rw", "nodev")));
    // "rw,noatime" + strictatime: MS_NOATIME|MS_STRICTATIME
    assertEquals(NOATIME | STRICTATIME, MountFlagWords.apply(NOATIME, List.of("strictatime")));
    assertEquals(
        NOSYMFOLLOW | NODIRATIME,
        MountFlagWords.apply(0, List.of("nodiratime", "nosymfollow", "nosuid", "suid")));
  }

  @Test
  void pathMountMakesTheAttributes() {
    MountAttributes noatime = MountAttributes.DEFAULT.withAtime(Atime.NOATIME);
    // relatime over noatime: both flags, the kernel keeps noatime (shown "rw,noatime")
    assertEquals("rw,noatime", MountFlagWords.attributes(NOATIME | RELATIME, noatime).options());
    assertEquals("rw", MountFlagWords.attributes(NOATIME | STRICTATIME, noatime).options());
    // a remount naming no atime flag keeps a strictatime mount strictatime ("ro")
    MountAttributes strict = MountAttributes.DEFAULT.withAtime(Atime.STRICTATIME);
    assertEquals("ro", MountFlagWords.attributes(RDONLY, strict).options());
    // a new mount is relatime unless told otherwise
    assertEquals("ro,nosuid,relatime", MountFlagWords.attributes(RDONLY | NOSUID, null).options());
    // nodiratime alone is an atime flag: relatime comes back
    assertEquals("rw,nodiratime,relatime", MountFlagWords.attributes(NODIRATIME, strict).options());
  }

  @Test
  void locksKeepLockedAttributesFromBeingCleared() {
    MountAttributes ro = MountAttributes.DEFAULT.withReadOnly(true).withNoSuid(true);
    AttributeLocks locks = AttributeLocks.NONE.lockedFor(ro);
    assertEquals(new AttributeLocks(true, true, false, false, true), locks);
    assertFalse(locks.permits(ro, ro.withReadOnly(false)));
    assertFalse(locks.permits(ro, ro.withNoSuid(false)));
    assertFalse(locks.permits(ro, ro.withAtime(Atime.NOATIME)));
    assertFalse(locks.permits(ro, ro.withNoDiratime(true)), "nodiratime is part of the atime mode");
    assertTrue(locks.permits(ro, ro.withNoDev(true).withNoExec(true).withNoSymfollow(true)));
    assertFalse(AttributeLocks.NONE.any());
  }

  @Test
  void bindWithOptionsRemountsOnlyWhenAFlagIsLeft() {
    // strace: --bind -o rw, -o suid, -o atime make one call; -o relatime, -o nosuid make two
    assertFalse(ScenarioRunner.bindRemounts(new Bind("/mnt/a", "/mnt/b", false, List.of("rw"))));
    assertFalse(ScenarioRunner.bindRemounts(new Bind("/mnt/a", "/mnt/b", false, List.of("suid"))));
    assertTrue(
        ScenarioRunner.bindRemounts(new Bind("/mnt/a", "/mnt/b", false, List.of("relatime"))));
    assertTrue(ScenarioRunner.bindRemounts(new Bind("/mnt/a", "/mnt/b", true, List.of("nosuid"))));
  }

  private static ScenarioRunner.Run run(String text) {
    Scenario s = ScenarioParser.parse("t.sh", text);
    return new ScenarioRunner(Model.linux()).run(s, MountTable.initial(100000, 1));
  }

  private static String options(MountTable t, String mountPoint) {
    return StateMountInfo.rows(t).stream()
        .filter(r -> r.mountPoint().equals(mountPoint))
        .reduce((a, b) -> b)
        .map(r -> r.mountOptions() + " " + r.superOptions())
        .orElseThrow();
  }

  @Test
  void aFailedRemountAfterABindKeepsTheBind() {
    // C35c line 31 on every kernel: the bind of a locked ro mount stays, the remount is EPERM
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs root /mnt\nmkdir -p /mnt/a /mnt/b\n"
                + "mount -t tmpfs -o ro,nosuid a /mnt/a\nunshare -Urm\n"
                + "mount --bind -o rw,nosuid /mnt/a /mnt/b\n");
    assertEquals(1, r.failures().size());
    assertEquals(Errno.EPERM, r.failures().get(0).errno());
    assertEquals("ro,nosuid,relatime ro", options(r.state(), "/mnt/b"));
  }

  @Test
  void aSuperblockRemountIsSeenThroughEveryMount() {
    // C35b lines 14-16: "ro,noexec,relatime - ... ro" on a, "rw,noexec,relatime - ... ro" on b
    ScenarioRunner.Run r =
        run(
            "mount -t tmpfs root /mnt\nmkdir -p /mnt/a /mnt/b\n"
                + "mount -t tmpfs -o noexec a /mnt/a\nmount --bind /mnt/a /mnt/b\n"
                + "mount -o remount,ro /mnt/a\nmkdir -p /mnt/b/y\n");
    assertEquals(List.of(Errno.EROFS), r.failures().stream().map(f -> f.errno()).toList());
    assertEquals("ro,noexec,relatime ro", options(r.state(), "/mnt/a"));
    assertEquals("rw,noexec,relatime ro", options(r.state(), "/mnt/b"));
  }

  @Test
  void theLinesPrintAsParsed() {
    assertEquals(
        new Remount(true, List.of("ro"), "/mnt/a"),
        ScenarioParser.parseCommand("t", "mount -o ro,remount,bind /mnt/a"));
    assertEquals(
        "mount -o remount,bind,ro /mnt/a",
        ScenarioParser.parseCommand("t", "mount -o remount,ro --bind /mnt/a").toCommand());
    for (String line :
        List.of(
            "mount -o remount,nosuid,noexec /mnt/a",
            "mount -t tmpfs -o ro,nodev t /mnt/a",
            "mount --rbind -o ro,noatime /mnt/a /mnt/b",
            "mount -o remount,bind /mnt/a"))
      assertEquals(line, ScenarioParser.parseCommand("t", line).toCommand());
  }
}
