package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The resident executor's one table of names and numbers ({@code perl syscalls.pl constants})
 * against the values written here by hand from the kernel's headers, each group with the header it
 * is read from. A name added to the table must be added here too.
 */
class ExecutorConstantsTest {
  private static final Map<String, Long> EXPECTED = new TreeMap<>();

  static {
    // arch/x86/entry/syscalls/syscall_64.tbl
    put("SYS_open", 2);
    put("SYS_close", 3);
    put("SYS_dup2", 33);
    put("SYS_fchdir", 81);
    put("SYS_chroot", 161);
    put("SYS_pivot_root", 155);
    put("SYS_openat", 257);
    put("SYS_mkdirat", 258);
    put("SYS_mount", 165);
    put("SYS_umount2", 166);
    put("SYS_unshare", 272);
    put("SYS_setns", 308);
    put("SYS_open_tree", 428);
    put("SYS_move_mount", 429);
    put("SYS_fsopen", 430);
    put("SYS_fsconfig", 431);
    put("SYS_fsmount", 432);
    put("SYS_mount_setattr", 442);
    // include/uapi/linux/mount.h: mount(2) flags
    put("MS_RDONLY", 1);
    put("MS_NOSUID", 2);
    put("MS_NODEV", 4);
    put("MS_NOEXEC", 8);
    put("MS_REMOUNT", 32);
    put("MS_NOSYMFOLLOW", 256);
    put("MS_NOATIME", 1024);
    put("MS_NODIRATIME", 2048);
    put("MS_BIND", 4096);
    put("MS_MOVE", 8192);
    put("MS_REC", 16384);
    put("MS_UNBINDABLE", 131072);
    put("MS_PRIVATE", 262144);
    put("MS_SLAVE", 524288);
    put("MS_SHARED", 1048576);
    put("MS_RELATIME", 2097152);
    put("MS_STRICTATIME", 16777216);
    // include/linux/fs.h (and glibc's <sys/mount.h>): umount2(2)
    put("MNT_DETACH", 2);
    // include/uapi/linux/mount.h: the fd-based mount API
    put("OPEN_TREE_CLONE", 1);
    // OPEN_TREE_NAMESPACE (Linux 7.0): 1 << 1
    put("OPEN_TREE_NAMESPACE", 2);
    put("MOVE_MOUNT_F_EMPTY_PATH", 0x04);
    put("MOVE_MOUNT_T_EMPTY_PATH", 0x40);
    put("MOVE_MOUNT_SET_GROUP", 0x100);
    put("MOVE_MOUNT_BENEATH", 0x200);
    put("FSOPEN_CLOEXEC", 0x1);
    put("FSCONFIG_SET_STRING", 1);
    put("FSCONFIG_CMD_CREATE", 6);
    put("FSMOUNT_CLOEXEC", 0x1);
    put("MOUNT_ATTR_RDONLY", 0x1);
    put("MOUNT_ATTR_NOSUID", 0x2);
    put("MOUNT_ATTR_NODEV", 0x4);
    put("MOUNT_ATTR_NOEXEC", 0x8);
    put("MOUNT_ATTR__ATIME", 0x70);
    put("MOUNT_ATTR_RELATIME", 0x0);
    put("MOUNT_ATTR_NOATIME", 0x10);
    put("MOUNT_ATTR_STRICTATIME", 0x20);
    put("MOUNT_ATTR_NODIRATIME", 0x80);
    put("MOUNT_ATTR_IDMAP", 0x100000);
    put("MOUNT_ATTR_NOSYMFOLLOW", 0x200000);
    put("MOUNT_ATTR_SIZE_VER0", 32);
    // include/uapi/linux/fcntl.h
    put("AT_FDCWD", -100);
    put("AT_EMPTY_PATH", 0x1000);
    put("AT_RECURSIVE", 0x8000);
    // include/uapi/asm-generic/fcntl.h (octal there: 00000001, 00000100, 00000400, 00004000,
    // 02000000)
    put("O_WRONLY", 1);
    put("O_CREAT", 64);
    put("O_NOCTTY", 256);
    put("O_NONBLOCK", 2048);
    put("O_CLOEXEC", 524288);
    // include/uapi/linux/sched.h
    put("CLONE_NEWNS", 0x00020000);
    put("CLONE_NEWUSER", 0x10000000);
    // include/uapi/asm-generic/errno-base.h
    put("ENOENT", 2);
    put("EISDIR", 21);
    put("EINVAL", 22);
  }

  private static void put(String name, long value) {
    EXPECTED.put(name, value);
  }

  @Test
  void theTableHoldsTheHeadersValues() throws Exception {
    assertEquals(EXPECTED, new TreeMap<>(ExecutorDryRun.constants()));
  }
}
