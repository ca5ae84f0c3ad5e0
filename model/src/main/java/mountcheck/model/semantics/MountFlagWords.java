package mountcheck.model.semantics;

import java.util.List;
import mountcheck.model.state.MountAttributes;
import mountcheck.model.state.MountAttributes.Atime;

/**
 * The two halves of a mount line with {@code -o}: the MS_* flags util-linux 2.38 passes to mount(2)
 * (libmount applies each option word over the flags it starts from, setting or clearing one flag;
 * observed with strace), and the per-mount attributes path_mount() makes of them (fs/namespace.c).
 * Flag values: include/uapi/linux/mount.h.
 */
final class MountFlagWords {
  static final int MS_RDONLY = 1;
  static final int MS_NOSUID = 2;
  static final int MS_NODEV = 4;
  static final int MS_NOEXEC = 8;
  static final int MS_REMOUNT = 32;
  static final int MS_NOSYMFOLLOW = 256;
  static final int MS_NOATIME = 1024;
  static final int MS_NODIRATIME = 2048;
  static final int MS_RELATIME = 1 << 21;
  static final int MS_STRICTATIME = 1 << 24;

  private static final int ATIME_FLAGS = MS_NOATIME | MS_NODIRATIME | MS_RELATIME | MS_STRICTATIME;

  /**
   * The flags for which libmount follows a bind with a remount (its MNT_BIND_SETTABLE, util-linux
   * 2.38): not MS_STRICTATIME, so {@code --bind -o strictatime} alone is one bind whose flag
   * do_loopback() ignores; with another of these words the remount carries it too (strace).
   */
  static final int BIND_SETTABLE =
      MS_RDONLY
          | MS_NOSUID
          | MS_NODEV
          | MS_NOEXEC
          | MS_NOATIME
          | MS_NODIRATIME
          | MS_RELATIME
          | MS_NOSYMFOLLOW;

  private MountFlagWords() {}

  /**
   * libmount: each word sets its flag, or clears it for the inverted words ({@code rw suid dev exec
   * atime norelatime nostrictatime diratime symfollow}), in order, over {@code start}.
   */
  static int apply(int start, List<String> words) {
    int flags = start;
    for (String w : words) {
      switch (w) {
        case "ro" -> flags |= MS_RDONLY;
        case "rw" -> flags &= ~MS_RDONLY;
        case "nosuid" -> flags |= MS_NOSUID;
        case "suid" -> flags &= ~MS_NOSUID;
        case "nodev" -> flags |= MS_NODEV;
        case "dev" -> flags &= ~MS_NODEV;
        case "noexec" -> flags |= MS_NOEXEC;
        case "exec" -> flags &= ~MS_NOEXEC;
        case "noatime" -> flags |= MS_NOATIME;
        case "atime" -> flags &= ~MS_NOATIME;
        case "relatime" -> flags |= MS_RELATIME;
        case "norelatime" -> flags &= ~MS_RELATIME;
        case "strictatime" -> flags |= MS_STRICTATIME;
        case "nostrictatime" -> flags &= ~MS_STRICTATIME;
        case "nodiratime" -> flags |= MS_NODIRATIME;
        case "diratime" -> flags &= ~MS_NODIRATIME;
        case "nosymfollow" -> flags |= MS_NOSYMFOLLOW;
        case "symfollow" -> flags &= ~MS_NOSYMFOLLOW;
        default -> throw new IllegalArgumentException("not a mount option word: " + w);
      }
    }
    return flags;
  }

  /**
   * The flags libmount reads back from a mount's per-mount options field in mountinfo (for a
   * remount it starts from them): strictatime shows no word, so it gives no flag.
   */
  static int of(MountAttributes a) {
    int flags = 0;
    if (a.readOnly()) flags |= MS_RDONLY;
    if (a.noSuid()) flags |= MS_NOSUID;
    if (a.noDev()) flags |= MS_NODEV;
    if (a.noExec()) flags |= MS_NOEXEC;
    if (a.atime() == Atime.NOATIME) flags |= MS_NOATIME;
    if (a.atime() == Atime.RELATIME) flags |= MS_RELATIME;
    if (a.noDiratime()) flags |= MS_NODIRATIME;
    if (a.noSymfollow()) flags |= MS_NOSYMFOLLOW;
    return flags;
  }

  /**
   * path_mount(): relatime unless MS_NOATIME, MS_STRICTATIME clears relatime and noatime; for a
   * remount that names no atime flag, the mount's atime mode and nodiratime stay as they are.
   *
   * @param current the mount's attributes before a remount, or null for a new mount
   */
  static MountAttributes attributes(int flags, MountAttributes current) {
    Atime atime = (flags & MS_NOATIME) != 0 ? Atime.NOATIME : Atime.RELATIME;
    if ((flags & MS_STRICTATIME) != 0) atime = Atime.STRICTATIME;
    boolean noDiratime = (flags & MS_NODIRATIME) != 0;
    if (current != null && (flags & ATIME_FLAGS) == 0) {
      atime = current.atime();
      noDiratime = current.noDiratime();
    }
    return new MountAttributes(
        (flags & MS_RDONLY) != 0,
        (flags & MS_NOSUID) != 0,
        (flags & MS_NODEV) != 0,
        (flags & MS_NOEXEC) != 0,
        atime,
        noDiratime,
        (flags & MS_NOSYMFOLLOW) != 0,
        current != null && current.idmapped()); // a remount keeps the mount's idmapping
  }
}
