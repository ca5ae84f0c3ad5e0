package mountcheck.kernel.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One mount namespace under observation: its own fanotify group with a mount-namespace mark, so
 * every event read from it belongs to this namespace. The namespace file is closed right after
 * marking (a mark does not keep the namespace alive, so its teardown is observed too).
 */
public final class NamespaceWatch implements AutoCloseable {
  final int index; // in the order the scenario makes namespaces: 1 = its first
  public final long id; // the kernel's 64-bit namespace id
  final long inode; // the nsfs inode, which a namespace file's root shows as mnt:[INODE]
  private final int group;

  private NamespaceWatch(int index, long id, long inode, int group) {
    this.index = index;
    this.id = id;
    this.inode = inode;
    this.group = group;
  }

  /**
   * Marks the mount namespace behind a namespace file: a process's {@code /proc/PID/ns/mnt}, or a
   * namespace file mounted in a shell's namespace, reached as {@code /proc/PID/root/FILE}.
   */
  public static NamespaceWatch ofFile(int index, String path) {
    int nsFd = LinuxCalls.openReadOnly(path);
    int group = -1;
    try {
      long id = LinuxCalls.mountNamespaceId(nsFd);
      long inode = inode(path);
      group = LinuxCalls.fanotifyMountGroup();
      LinuxCalls.markMountNamespace(group, nsFd);
      return new NamespaceWatch(index, id, inode, group);
    } catch (RuntimeException e) {
      if (group >= 0) LinuxCalls.close(group);
      throw e;
    } finally {
      LinuxCalls.close(nsFd);
    }
  }

  private static long inode(String path) {
    try {
      return ((Number) Files.getAttribute(Path.of(path), "unix:ino")).longValue();
    } catch (IOException e) {
      throw new LiveException("stat " + path + ": " + e.getMessage());
    }
  }

  /** The root a namespace file of this namespace shows in mountinfo and statmount(). */
  String fileRoot() {
    return "mnt:[" + inode + "]";
  }

  /** The events queued since the last call: {mask, mount id}. */
  public List<long[]> drain() {
    return new ArrayList<>(LinuxCalls.readEvents(group));
  }

  @Override
  public void close() {
    LinuxCalls.close(group);
  }
}
