package mountcheck.model.text;

import java.util.List;

/**
 * One mount of a {@link CanonicalTable}: everything the model and the kernel must agree on, with
 * mount ids, peer group ids and device numbers replaced by canonical names.
 *
 * @param name the mount's canonical name (see {@link CanonicalTable})
 * @param parent the parent's canonical name, or null when the parent is not in the table
 * @param root the root of the mount within its filesystem
 * @param superblock which filesystem instance: 1 for the first one met in canonical order, ...
 * @param peers the names of the mount's peer group members in the table (itself included), or null
 *     when the mount is not shared
 * @param master the peer group the mount receives propagation from, or null when not a slave
 * @param propagateFrom the {@code propagate_from} group (the nearest group up the master chain with
 *     a member in the namespace, shown when it is not the master's), named like {@code master}, or
 *     null when the kernel prints no such field
 * @param mountOptions the per-mount options field ({@code rw,relatime})
 * @param superOptions the per-superblock options field
 */
public record CanonicalMount(
    String name,
    String parent,
    String root,
    String fsType,
    String source,
    int superblock,
    List<String> peers,
    Master master,
    Master propagateFrom,
    boolean unbindable,
    String mountOptions,
    String superOptions) {

  public CanonicalMount {
    peers = peers == null ? null : List.copyOf(peers);
  }

  /** The master of a slave mount. */
  public sealed interface Master {
    /** Readable form: {@code {a, b}} or {@code external#k}. */
    String text();

    /** A master group with members in the table, given by their names (sorted). */
    record Group(List<String> members) implements Master {
      public Group {
        members = List.copyOf(members);
      }

      @Override
      public String text() {
        return membersText(members);
      }
    }

    /**
     * A master group none of whose members is in the table; {@code number} counts such groups in
     * order of first appearance in canonical order, from 1.
     */
    record External(int number) implements Master {
      @Override
      public String text() {
        return "external#" + number;
      }
    }
  }

  /** Groups larger than this are shown by their first members and their size. */
  static final int SHOWN_MEMBERS = 12;

  /** The peer group in readable form, {@code -} when not shared. */
  public String peersText() {
    return peers == null ? "-" : membersText(peers);
  }

  /** {@code {a, b}}, or {@code {a, b, c, ... (N members)}} for a large group. */
  static String membersText(List<String> members) {
    if (members.size() <= SHOWN_MEMBERS) return "{" + String.join(", ", members) + "}";
    return "{"
        + String.join(", ", members.subList(0, 3))
        + ", ... ("
        + members.size()
        + " members)}";
  }

  /** The master in readable form, {@code -} when not a slave. */
  public String masterText() {
    return master == null ? "-" : master.text();
  }

  /** The propagate_from group in readable form, {@code -} when the kernel prints none. */
  public String propagateFromText() {
    return propagateFrom == null ? "-" : propagateFrom.text();
  }
}
