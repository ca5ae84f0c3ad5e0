package mountcheck.kernel.live;

import java.util.ArrayList;
import java.util.List;

/**
 * One mount namespace under observation: its own fanotify group with a mount-namespace mark, so
 * every event read from it belongs to this namespace. The namespace file is closed right after
 * marking (a mark does not keep the namespace alive, so its teardown is observed too).
 */
final class NamespaceWatch implements AutoCloseable {
  final int index; // 1 = the scenario's first namespace, then one per unshare
  final long id; // the kernel's 64-bit namespace id
  private final int group;

  private NamespaceWatch(int index, long id, int group) {
    this.index = index;
    this.id = id;
    this.group = group;
  }

  /** Marks the mount namespace of process {@code pid}; {@code known} ids are not marked twice. */
  static NamespaceWatch ofProcess(int index, long pid) {
    int nsFd = LinuxCalls.openReadOnly("/proc/" + pid + "/ns/mnt");
    int group = -1;
    try {
      long id = LinuxCalls.mountNamespaceId(nsFd);
      group = LinuxCalls.fanotifyMountGroup();
      LinuxCalls.markMountNamespace(group, nsFd);
      return new NamespaceWatch(index, id, group);
    } catch (RuntimeException e) {
      if (group >= 0) LinuxCalls.close(group);
      throw e;
    } finally {
      LinuxCalls.close(nsFd);
    }
  }

  static long namespaceIdOf(long pid) {
    int nsFd = LinuxCalls.openReadOnly("/proc/" + pid + "/ns/mnt");
    try {
      return LinuxCalls.mountNamespaceId(nsFd);
    } finally {
      LinuxCalls.close(nsFd);
    }
  }

  /** The events queued since the last call: {mask, mount id}. */
  List<long[]> drain() {
    return new ArrayList<>(LinuxCalls.readEvents(group));
  }

  @Override
  public void close() {
    LinuxCalls.close(group);
  }
}
