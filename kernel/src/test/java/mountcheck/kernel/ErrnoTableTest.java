package mountcheck.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The messages below were printed by util-linux 2.38.1 and coreutils on Linux 6.18. */
class ErrnoTableTest {

  @Test
  void readsLibmountsDebugLineFirst() {
    assertEquals(
        22,
        ErrnoTable.fromOutput(
            "libmount: mount(2) failed [errno=22 Invalid argument]\n"
                + "mount: /mnt/x: not mount point or bad option.\n"));
    assertEquals(
        16,
        ErrnoTable.fromOutput(
            "libmount: umount(2) failed [errno=16]\numount: /mnt/c: target is busy.\n"));
  }

  @Test
  void readsTheResidentExecutorsAnswer() {
    assertEquals(
        39, ErrnoTable.fromOutput("executor: rmdir(2) failed [errno=39]: Directory not empty\n"));
    assertEquals(
        40, ErrnoTable.fromOutput("executor: mount(2) failed [errno=40]: Too many levels\n"));
    // an errno the table has no name for still counts
    assertEquals(
        121, ErrnoTable.fromOutput("executor: umount(2) failed [errno=121]: Remote I/O error\n"));
  }

  @Test
  void readsStrerrorTexts() {
    assertEquals(
        30,
        ErrnoTable.fromOutput("mkdir: cannot create directory '/mnt/x': Read-only file system\n"));
    assertEquals(28, ErrnoTable.fromOutput("unshare: unshare failed: No space left on device\n"));
    assertEquals(
        20, ErrnoTable.fromOutput("mkdir: cannot create directory '/mnt/f/x': Not a directory\n"));
  }

  @Test
  void fallsBackOnUtilLinuxMessages() {
    assertEquals(16, ErrnoTable.fromOutput("umount: /mnt/c: target is busy.\n"));
    assertEquals(22, ErrnoTable.fromOutput("umount: /mnt/c: not mounted.\n"));
    assertEquals(
        22,
        ErrnoTable.fromOutput(
            "mount: /mnt/d: bad option; moving a mount residing under a shared mount is"
                + " unsupported.\n"));
    assertEquals(2, ErrnoTable.fromOutput("mount: /mnt/x: mount point does not exist.\n"));
    assertEquals(0, ErrnoTable.fromOutput("something else\n"));
  }

  @Test
  void exitStatus16WithoutASyscallFailureIsASuccess() {
    String utab =
        "mount: /mnt/b: filesystem was mounted, but failed to update userspace mount table.\n";
    assertEquals(
        true, ErrnoTable.isUserspaceTableFailureOnly("mount --move /mnt/a /mnt/b", 16, utab));
    assertEquals(
        false, ErrnoTable.isUserspaceTableFailureOnly("mount --move /mnt/a /mnt/b", 32, utab));
    assertEquals(false, ErrnoTable.isUserspaceTableFailureOnly("mkdir -p /mnt/a", 16, ""));
    assertEquals(
        false,
        ErrnoTable.isUserspaceTableFailureOnly(
            "mount --bind /mnt/a /mnt/b",
            16,
            "libmount: mount(2) failed [errno=22 Invalid argument]\n"));
  }

  @Test
  void namesNumbers() {
    assertEquals("ELOOP", ErrnoTable.name(40));
    assertEquals("E133", ErrnoTable.name(133));
    assertEquals(30, ErrnoTable.number("EROFS"));
  }
}
