package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * The calls {@link ExpectedCalls} derives for each form of line, against calls written by hand:
 * util-linux 2.38's mount(2) and umount2(2) calls for the mount(8) and umount(8) lines (seen with
 * strace), the fd-based calls a mountfd line names, with the flag values of
 * include/uapi/linux/mount.h and include/uapi/linux/fcntl.h added up by hand.
 */
class ExpectedCallsTest {
  private static List<String> calls(String line) {
    return ExpectedCalls.explained(ScenarioParser.parseCommand("t.sh", line));
  }

  @Test
  void mkdirTouchAndRmdirOneCallPerPath() {
    assertEquals(
        List.of("mkdir_parents(\"/mnt/a\")", "mkdir_parents(\"/mnt/b/c\")"),
        calls("mkdir -p /mnt/a /mnt/b/c"));
    assertEquals(List.of("touch(\"/mnt/f\")"), calls("touch /mnt/f"));
    assertEquals(List.of("rmdir(\"/mnt/a\")", "rmdir(\"/mnt/b\")"), calls("rmdir /mnt/a /mnt/b"));
  }

  @Test
  void umountAndLazyUmount() {
    assertEquals(List.of("umount2(\"/mnt/a\", 0)"), calls("umount /mnt/a"));
    // MNT_DETACH = 2
    assertEquals(List.of("umount2(\"/mnt/a\", 2)"), calls("umount -l /mnt/a"));
  }

  @Test
  void tmpfsWithAndWithoutOptions() {
    assertEquals(
        List.of("mount(\"x\", \"/mnt/a\", \"tmpfs\", 0, NULL)"), calls("mount -t tmpfs x /mnt/a"));
    // noexec then exec cancel; nodiratime = MS_NODIRATIME 2048
    assertEquals(
        List.of("mount(\"x\", \"/mnt/a\", \"tmpfs\", 2048, NULL)"),
        calls("mount -t tmpfs -o noexec,exec,nodiratime x /mnt/a"));
  }

  @Test
  void bindRbindAndMove() {
    // MS_BIND 4096
    assertEquals(
        List.of("mount(\"/mnt/a\", \"/mnt/b\", \"none\", 4096, NULL)"),
        calls("mount --bind /mnt/a /mnt/b"));
    // MS_BIND | MS_REC | MS_RDONLY | MS_NODEV = 4096 + 16384 + 1 + 4 = 20485, then MS_REMOUNT (32)
    assertEquals(
        List.of(
            "mount(\"/mnt/a\", \"/mnt/b\", \"none\", 20485, NULL)",
            "mount(\"none\", \"/mnt/b\", NULL, 20517, NULL)"),
        calls("mount --rbind -o ro,nodev /mnt/a /mnt/b"));
    // -o rw sets nothing: no remount
    assertEquals(
        List.of("mount(\"/mnt/a\", \"/mnt/b\", \"none\", 4096, NULL)"),
        calls("mount --bind -o rw /mnt/a /mnt/b"));
    // MS_MOVE 8192
    assertEquals(
        List.of("mount(\"/mnt/a\", \"/mnt/b\", \"none\", 8192, NULL)"),
        calls("mount --move /mnt/a /mnt/b"));
  }

  @Test
  void propagationChanges() {
    // MS_SHARED 1 << 20
    assertEquals(
        List.of("mount(\"none\", \"/mnt\", NULL, 1048576, NULL)"),
        calls("mount --make-shared /mnt"));
    // MS_SLAVE (1 << 19) | MS_REC (16384)
    assertEquals(
        List.of("mount(\"none\", \"/mnt\", NULL, 540672, NULL)"),
        calls("mount --make-rslave /mnt"));
    // MS_UNBINDABLE 1 << 17
    assertEquals(
        List.of("mount(\"none\", \"/mnt\", NULL, 131072, NULL)"),
        calls("mount --make-unbindable /mnt"));
  }

  @Test
  void remountsStartFromTheMountinfoFlags() {
    // set: MS_NOSUID 2 | MS_REMOUNT 32 | MS_BIND 4096; ro then rw: clear MS_RDONLY 1
    assertEquals(
        List.of(
            "mount(\"none\", \"/mnt/a\", NULL,"
                + " mountinfo_flags(\"/mnt/a\",set=4130,clear=1), NULL)"),
        calls("mount -o remount,bind,ro,rw,nosuid /mnt/a"));
    // without bind: MS_REMOUNT | MS_RDONLY = 33
    assertEquals(
        List.of(
            "mount(\"none\", \"/mnt/a\", NULL, mountinfo_flags(\"/mnt/a\",set=33,clear=0), NULL)"),
        calls("mount -o remount,ro /mnt/a"));
  }

  @Test
  void mountfdCalls() {
    // O_CLOEXEC 0x80000 | OPEN_TREE_CLONE 1 | AT_RECURSIVE 0x8000 = 557057
    assertEquals(
        List.of("open_tree(-100, \"/mnt/a\", 557057) -> t"),
        calls("mountfd open_tree t /mnt/a OPEN_TREE_CLONE AT_RECURSIVE"));
    // from a name: AT_EMPTY_PATH 0x1000 | O_CLOEXEC | OPEN_TREE_CLONE = 528385
    assertEquals(
        List.of("open_tree(fd(u), \"\", 528385) -> t"),
        calls("mountfd open_tree t u OPEN_TREE_CLONE"));
    // MOVE_MOUNT_T_EMPTY_PATH 0x40 | MOVE_MOUNT_SET_GROUP 0x100 = 320
    assertEquals(
        List.of("move_mount(-100, \"/mnt/a\", fd(t), \"\", 320)"),
        calls("mountfd move_mount /mnt/a t MOVE_MOUNT_SET_GROUP"));
    // MOVE_MOUNT_F_EMPTY_PATH 4 | MOVE_MOUNT_BENEATH 0x200 = 516
    assertEquals(
        List.of("move_mount(fd(t), \"\", -100, \"/mnt/b\", 516)"),
        calls("mountfd move_mount t /mnt/b MOVE_MOUNT_BENEATH"));
    // MOUNT_ATTR_NOSYMFOLLOW 0x200000 | MOUNT_ATTR_IDMAP 0x100000; clear MOUNT_ATTR__ATIME 0x70;
    // MS_UNBINDABLE; AT_EMPTY_PATH | AT_RECURSIVE = 36864
    assertEquals(
        List.of(
            "mount_setattr(fd(t), \"\", 36864, mount_attr(attr_set=3145728,attr_clr=112,"
                + "propagation=131072,userns_fd=0), 32)"),
        calls(
            "mountfd mount_setattr t AT_RECURSIVE attr_set=nosymfollow,idmap attr_clr=atime"
                + " propagation=unbindable"));
    assertEquals(List.of("fsopen(\"tmpfs\", 1) -> f"), calls("mountfd fsopen f tmpfs"));
    assertEquals(
        List.of("fsconfig(fd(f), 1, \"source\", \"lbl\", 0)"),
        calls("mountfd fsconfig f source lbl"));
    assertEquals(List.of("fsconfig(fd(f), 6, NULL, NULL, 0)"), calls("mountfd fsconfig f create"));
    // MOUNT_ATTR_NOATIME 0x10 | MOUNT_ATTR_NODEV 4 = 20
    assertEquals(
        List.of("fsmount(fd(f), 1, 20) -> m"), calls("mountfd fsmount m f attr=noatime,nodev"));
    assertEquals(List.of("close(fd(m)) forget m"), calls("mountfd close m"));
    // O_CLOEXEC | OPEN_TREE_CLONE | OPEN_TREE_NAMESPACE 2 = 524291
    assertEquals(
        List.of("open_tree(-100, \"/mnt/a\", 524291) -> t"),
        calls("mountfd open_tree t /mnt/a OPEN_TREE_CLONE OPEN_TREE_NAMESPACE"));
    // the caller's own user namespace: open(2) with O_CLOEXEC; a new one: the executor's child
    assertEquals(
        List.of("open(\"/proc/self/ns/user\", 524288) -> n"), calls("mountfd userns n self"));
    assertEquals(List.of("new_userns() -> n"), calls("mountfd userns n"));
    // userns=NAME: userns_fd is the descriptor the name holds
    assertEquals(
        List.of(
            "mount_setattr(fd(t), \"\", 4096, mount_attr(attr_set=1048576,attr_clr=0,"
                + "propagation=0,userns_fd=fd(n)), 32)"),
        calls("mountfd mount_setattr t attr_set=idmap userns=n"));
    // mkdirat(2), mode 0755 = 493: from the descriptor with the relative path, or from AT_FDCWD
    assertEquals(List.of("mkdirat(fd(t), \"a/sub\", 493)"), calls("mountfd mkdirat t/a/sub"));
    assertEquals(List.of("mkdirat(-100, \"/mnt/x\", 493)"), calls("mountfd mkdirat /mnt/x"));
  }

  @Test
  void rootChangesAreMadeByTheExecutor() {
    assertEquals(List.of("change_root(\"/mnt/a\")"), calls("chroot /mnt/a"));
    assertEquals(
        List.of("pivot_root(\"/mnt/a\", \"/mnt/a/old\")"), calls("pivot_root /mnt/a /mnt/a/old"));
    // the selftests' fchdir(fd_tree) and chroot(".")
    assertEquals(List.of("fchdir(fd(t))", "chroot(\".\")"), calls("mountfd chroot t"));
  }

  @Test
  void linesBashRunsMakeNoCallOfTheExecutor() {
    for (String line :
        List.of(
            "unshare -m",
            "unshare -Urm --propagation unchanged",
            "unshare -m --mount=/mnt/ns true",
            "nsenter --mount=/mnt/ns mount --bind /mnt/a /mnt/b",
            "exec 3</mnt/a",
            "exec 3<&-",
            "cd /mnt/a")) assertEquals(List.of(ExpectedCalls.SHELL), calls(line), line);
  }
}
