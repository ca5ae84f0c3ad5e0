package mountcheck.kernel.live;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Linux calls the live observers need, through JNA and libc's {@code syscall()}: listmount(2)
 * and statmount(2) (6.8+), fanotify_init(2) and fanotify_mark(2) with mount-namespace marks
 * (6.15+), the nsfs ioctl that names a mount namespace, and poll(2). Constants and layouts are
 * those of the kernel's uapi headers (include/uapi/linux/mount.h, fanotify.h, nsfs.h); system call
 * numbers are x86_64's (arch/x86/entry/syscalls/syscall_64.tbl).
 */
public final class LinuxCalls {
  static final long SYS_FANOTIFY_INIT = 300;
  static final long SYS_FANOTIFY_MARK = 301;
  static final long SYS_STATMOUNT = 457;
  static final long SYS_LISTMOUNT = 458;

  static final long FAN_CLOEXEC = 0x1;
  static final long FAN_NONBLOCK = 0x2;
  static final long FAN_REPORT_MNT = 0x4000;
  static final long FAN_UNLIMITED_QUEUE = 0x10;
  public static final long FAN_Q_OVERFLOW = 0x4000;
  static final long FAN_MARK_ADD = 0x1;
  static final long FAN_MARK_MNTNS = 0x110;
  public static final long FAN_MNT_ATTACH = 0x01000000L;
  public static final long FAN_MNT_DETACH = 0x02000000L;
  static final int FAN_EVENT_INFO_TYPE_MNT = 7;

  static final long NS_GET_MNTNS_ID = 0x8008b705L; // _IOR(0xb7, 5, __u64)
  static final long LSMT_ROOT = -1L;
  static final int MNT_ID_REQ_SIZE_VER1 = 32;
  static final long STATMOUNT_SB_BASIC = 0x1;
  static final long STATMOUNT_MNT_BASIC = 0x2;
  static final long STATMOUNT_MNT_ROOT = 0x8;
  static final long STATMOUNT_MNT_POINT = 0x10;
  static final long STATMOUNT_MNT_NS_ID = 0x40;
  static final long STATMOUNT_SB_SOURCE = 0x200;
  static final int STATMOUNT_STRINGS = 512; // offsetof(struct statmount, str)

  static final int O_RDONLY = 0;
  static final int O_CLOEXEC = 0x80000;
  static final int EAGAIN = 11;
  public static final short POLLPRI = 0x2;
  public static final short POLLERR = 0x8;

  private static volatile String unavailable; // null until probed, "" when usable
  private static NativeLibrary libc;

  private LinuxCalls() {}

  /** Null when these calls can be made here, else why not. */
  public static synchronized String unavailableReason() {
    if (unavailable == null) unavailable = probe();
    return unavailable.isEmpty() ? null : unavailable;
  }

  private static String probe() {
    String arch = System.getProperty("os.arch");
    if (!System.getProperty("os.name").equals("Linux")) return "not Linux";
    if (!arch.equals("amd64") && !arch.equals("x86_64"))
      return "system call numbers are only known for x86_64, not " + arch;
    try {
      libc = NativeLibrary.getInstance("c");
    } catch (UnsatisfiedLinkError e) {
      return "libc cannot be loaded through JNA: " + e.getMessage();
    }
    long fd =
        syscall(SYS_FANOTIFY_INIT, FAN_REPORT_MNT | FAN_NONBLOCK | FAN_CLOEXEC, (long) O_RDONLY);
    if (fd < 0)
      return "fanotify_init(FAN_REPORT_MNT) fails with errno "
          + Native.getLastError()
          + " (needs Linux 6.15+ and CAP_SYS_ADMIN)";
    close((int) fd);
    return "";
  }

  private static final Map<String, Function> FUNCTIONS = new ConcurrentHashMap<>();

  private static Function f(String name) {
    return FUNCTIONS.computeIfAbsent(name, libc::getFunction);
  }

  static long syscall(long number, Object... args) {
    Object[] all = new Object[args.length + 1];
    all[0] = number;
    System.arraycopy(args, 0, all, 1, args.length);
    return f("syscall").invokeLong(all);
  }

  static int errno() {
    return Native.getLastError();
  }

  static void close(int fd) {
    f("close").invokeInt(new Object[] {fd});
  }

  /** open(2) read-only, or an exception naming the errno. */
  static int openReadOnly(String path) {
    int fd = f("open").invokeInt(new Object[] {path, O_RDONLY | O_CLOEXEC});
    if (fd < 0) throw new LiveException("open " + path + ": errno " + errno());
    return fd;
  }

  /** The 64-bit id of the mount namespace behind an nsfs file descriptor (NS_GET_MNTNS_ID). */
  static long mountNamespaceId(int nsFd) {
    Memory m = new Memory(8);
    int r = f("ioctl").invokeInt(new Object[] {nsFd, NS_GET_MNTNS_ID, m});
    if (r != 0) throw new LiveException("NS_GET_MNTNS_ID: errno " + errno());
    return m.getLong(0);
  }

  private static Memory request(long mountId, long param, long nsId) {
    Memory req = new Memory(MNT_ID_REQ_SIZE_VER1);
    req.clear();
    req.setInt(0, MNT_ID_REQ_SIZE_VER1); // size; the next u32 (spare or mnt_ns_fd) stays 0
    req.setLong(8, mountId);
    req.setLong(16, param);
    req.setLong(24, nsId);
    return req;
  }

  /** listmount(LSMT_ROOT) of a namespace: every mount id, in id order, all pages. */
  public static List<Long> listMounts(long nsId) {
    List<Long> out = listMountsIfAlive(nsId);
    if (out == null) throw new LiveException("listmount of namespace " + nsId + ": errno 2");
    return out;
  }

  /** {@link #listMounts}, or null when no namespace has that id any more (ENOENT). */
  public static List<Long> listMountsIfAlive(long nsId) {
    List<Long> out = new ArrayList<>();
    int page = 4096;
    Memory ids = new Memory(8L * page);
    long last = 0;
    while (true) {
      long n = syscall(SYS_LISTMOUNT, request(LSMT_ROOT, last, nsId), ids, (long) page, 0L);
      if (n < 0) {
        int e = errno();
        if (e == 2 && out.isEmpty()) return null; // ENOENT
        throw new LiveException("listmount of namespace " + nsId + ": errno " + e);
      }
      for (int i = 0; i < n; i++) out.add(ids.getLong(8L * i));
      if (n < page) return out;
      last = out.get(out.size() - 1);
    }
  }

  /** statmount() of one mount of a namespace, or null when it is gone (ENOENT). */
  public static StatMount statMount(long mountId, long nsId) {
    long mask =
        STATMOUNT_SB_BASIC
            | STATMOUNT_MNT_BASIC
            | STATMOUNT_MNT_ROOT
            | STATMOUNT_MNT_POINT
            | STATMOUNT_MNT_NS_ID
            | STATMOUNT_SB_SOURCE;
    int size = 1 << 14;
    while (true) {
      Memory buf = new Memory(size);
      buf.clear();
      long r = syscall(SYS_STATMOUNT, request(mountId, mask, nsId), buf, (long) size, 0L);
      if (r < 0) {
        int e = errno();
        if (e == 2) return null; // ENOENT
        if (e == 75 && size < (1 << 22)) { // EOVERFLOW: strings did not fit
          size *= 4;
          continue;
        }
        throw new LiveException("statmount of mount " + mountId + ": errno " + e);
      }
      long got = buf.getLong(8);
      return new StatMount(
          buf.getLong(40),
          buf.getLong(48),
          buf.getLong(112),
          (got & STATMOUNT_MNT_POINT) != 0
              ? buf.getString(STATMOUNT_STRINGS + buf.getInt(108))
              : "",
          (got & STATMOUNT_MNT_ROOT) != 0 ? buf.getString(STATMOUNT_STRINGS + buf.getInt(104)) : "",
          (got & STATMOUNT_SB_SOURCE) != 0
              ? buf.getString(STATMOUNT_STRINGS + buf.getInt(124))
              : "",
          buf.getInt(16) + ":" + buf.getInt(20));
    }
  }

  /** fanotify_init(FAN_REPORT_MNT | FAN_NONBLOCK | FAN_CLOEXEC). */
  static int fanotifyMountGroup() {
    // no queue limit (16384 events by default): a scenario may attach tens of thousands of mounts
    long fd =
        syscall(
            SYS_FANOTIFY_INIT,
            FAN_REPORT_MNT | FAN_NONBLOCK | FAN_CLOEXEC | FAN_UNLIMITED_QUEUE,
            (long) O_RDONLY);
    if (fd < 0) throw new LiveException("fanotify_init(FAN_REPORT_MNT): errno " + errno());
    return (int) fd;
  }

  /** fanotify_mark(FAN_MARK_ADD | FAN_MARK_MNTNS, FAN_MNT_ATTACH | FAN_MNT_DETACH, nsfd). */
  static void markMountNamespace(int group, int nsFd) {
    long r =
        syscall(
            SYS_FANOTIFY_MARK,
            group,
            FAN_MARK_ADD | FAN_MARK_MNTNS,
            FAN_MNT_ATTACH | FAN_MNT_DETACH,
            nsFd,
            Pointer.NULL);
    if (r < 0) throw new LiveException("fanotify_mark(FAN_MARK_MNTNS): errno " + errno());
  }

  /** Every event queued on a non-blocking fanotify group: {mask, mount id} pairs. */
  static List<long[]> readEvents(int group) {
    List<long[]> out = new ArrayList<>();
    Memory buf = new Memory(1 << 16);
    while (true) {
      int n = f("read").invokeInt(new Object[] {group, buf, (long) (1 << 16)});
      if (n < 0) {
        if (errno() == EAGAIN) return out;
        throw new LiveException("read of the fanotify group: errno " + errno());
      }
      if (n == 0) return out;
      int off = 0;
      while (off + 24 <= n) {
        int eventLen = buf.getInt(off);
        int metadataLen = buf.getShort(off + 6) & 0xffff;
        long mask = buf.getLong(off + 8);
        long mountId = 0;
        for (int info = off + metadataLen; info + 4 <= off + eventLen; ) {
          int type = buf.getByte(info) & 0xff;
          int len = buf.getShort(info + 2) & 0xffff;
          if (type == FAN_EVENT_INFO_TYPE_MNT) mountId = buf.getLong(info + 8);
          if (len == 0) break;
          info += len;
        }
        out.add(new long[] {mask, mountId});
        if (eventLen <= 0) break;
        off += eventLen;
      }
    }
  }

  /** poll(2) on one descriptor for POLLPRI|POLLERR with a timeout; the revents. */
  public static short poll(int fd, int timeoutMillis) {
    Memory pfd = new Memory(8);
    pfd.setInt(0, fd);
    pfd.setShort(4, (short) (POLLPRI | POLLERR));
    pfd.setShort(6, (short) 0);
    int r = f("poll").invokeInt(new Object[] {pfd, 1L, timeoutMillis});
    if (r < 0) throw new LiveException("poll: errno " + errno());
    return pfd.getShort(6);
  }

  /** read(2) of a whole file from its current offset until EOF: the bytes read. */
  public static long readToEnd(int fd, Memory buf) {
    long total = 0;
    while (true) {
      int n = f("read").invokeInt(new Object[] {fd, buf, buf.size()});
      if (n < 0) throw new LiveException("read: errno " + errno());
      if (n == 0) return total;
      total += n;
    }
  }

  /** lseek(fd, 0, SEEK_SET). */
  public static void rewind(int fd) {
    long r = f("lseek").invokeLong(new Object[] {fd, 0L, 0});
    if (r < 0) throw new LiveException("lseek: errno " + errno());
  }

  public static int open(String path) {
    return openReadOnly(path);
  }

  public static void closeFd(int fd) {
    close(fd);
  }
}
