package mountcheck.model.text;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mountcheck.model.events.MountEvent;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;

/**
 * A mount event without ids, comparable between the model and a kernel as canonical tables are: the
 * namespace by its place in the scenario (1 = the starting namespace, then one per namespace the
 * scenario makes: each unshare of the shell, each namespace kept on a file), the mount by where it
 * is (its path from the namespace root), what it mounts (source label and root directory; {@link
 * #HOST_SOURCE} for a filesystem the scenario did not create; for a namespace file, {@link
 * #namespaceFileRoot} names the namespace it holds by its place in the scenario, as the namespace
 * of an event is named), and for a move where it was before.
 *
 * @param from the path before a move, "" for attach and detach
 */
public record CanonicalEvent(
    MountEvent.Kind kind, int namespace, String path, String source, String root, String from)
    implements Comparable<CanonicalEvent> {

  /** The source of a mount of a filesystem the scenario did not create (the host's). */
  public static final String HOST_SOURCE = "(host)";

  private static final Comparator<CanonicalEvent> ORDER =
      Comparator.comparing(CanonicalEvent::kind)
          .thenComparingInt(CanonicalEvent::namespace)
          .thenComparing(CanonicalEvent::path)
          .thenComparing(CanonicalEvent::source)
          .thenComparing(CanonicalEvent::root)
          .thenComparing(CanonicalEvent::from);

  @Override
  public int compareTo(CanonicalEvent o) {
    return ORDER.compare(this, o);
  }

  /**
   * The root of a mount of a namespace file, {@code mnt:[INODE]} in mountinfo, in canonical form:
   * the namespace it names by its place in the scenario, {@code mnt:[nsK]}.
   */
  public static String namespaceFileRoot(int namespace) {
    return "mnt:[ns" + namespace + "]";
  }

  /** One line: {@code attach ns1 /mnt/b a:/}, a move adds {@code from /mnt/c}. */
  public String line() {
    String s = kind.word() + " ns" + namespace + " " + path + " " + source + ":" + root;
    return from.isEmpty() ? s : s + " from " + from;
  }

  /**
   * The model's events of one step in canonical form, as a sorted multiset. Attached and moved
   * mounts are described in the state after the step, detached ones in the state before it. The
   * model numbers namespaces in creation order, which is already the scenario's order.
   */
  public static List<CanonicalEvent> of(
      MountTable before, MountTable after, List<MountEvent> events) {
    Map<Integer, String> pathsBefore = new HashMap<>();
    Map<Integer, String> pathsAfter = new HashMap<>();
    List<CanonicalEvent> out = new ArrayList<>();
    for (MountEvent e : events) {
      boolean gone = e.kind() == MountEvent.Kind.DETACH;
      MountTable t = gone ? before : after;
      Mount m = t.mount(e.mount());
      String path = StateMountInfo.mountPath(t, e.mount(), gone ? pathsBefore : pathsAfter);
      String from =
          e.kind() == MountEvent.Kind.MOVE
              ? StateMountInfo.mountPath(before, e.mount(), pathsBefore)
              : "";
      out.add(
          new CanonicalEvent(
              e.kind(),
              e.namespace(),
              path,
              t.superblock(m.superblock()).opaque()
                  ? HOST_SOURCE
                  : t.superblock(m.superblock()).source(),
              rootOf(t, e.mount()),
              from));
    }
    out.sort(null);
    return out;
  }

  /** A mount's root directory, or for a namespace file the namespace it names. */
  private static String rootOf(MountTable t, int mount) {
    int named = t.namespaceOfFile(mount);
    if (named != 0) return namespaceFileRoot(named);
    return t.dentry(t.mount(mount).root()).path();
  }
}
