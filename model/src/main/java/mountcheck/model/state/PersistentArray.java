package mountcheck.model.state;

/**
 * A persistent (structurally shared) sparse array of references indexed by a non-negative int: a
 * 32-way trie that grows in depth as indexes grow, so {@code get} and {@code with} cost O(log32 n).
 * An update copies only the path to the changed slot; earlier arrays stay valid.
 *
 * <p>Batch edits: an update made with an edit token mutates in place the nodes that the same token
 * created, as Clojure's transients do. {@link MountTableBuilder} holds one token per working copy
 * and drops it when it freezes, so a frozen table's nodes are never touched again; an operation
 * that creates a million mounts allocates about one node per 32 mounts.
 *
 * <p>Why our own and not a library (all four resolve from Maven Central except Capsule 0.7.1): the
 * model indexes everything by dense small ints and needs transient batch edits for the
 * million-mount operations. pcollections 4.0.2 and Vavr 0.10.5 have no transient editing (each of a
 * million updates would copy a path) and box every int; Paguro 3.10.3 has transients but boxes ints
 * and its vector cannot hold holes cheaply; Capsule offers maps and sets only. Together with {@link
 * PersistentIntArray} and {@link PersistentLongMap} this is about 300 lines.
 */
final class PersistentArray<T> {
  static final int BITS = 5;
  static final int WIDTH = 1 << BITS;
  static final int MASK = WIDTH - 1;

  private static final PersistentArray<?> EMPTY = new PersistentArray<>(null, 0);

  /** A trie node; leaves (shift 0) hold the elements. */
  private static final class Node {
    final Object edit;
    final Object[] slots;

    Node(Object edit, Object[] slots) {
      this.edit = edit;
      this.slots = slots;
    }

    Node editable(Object token) {
      return token != null && edit == token ? this : new Node(token, slots.clone());
    }
  }

  private final Node root; // null: all slots empty
  private final int shift; // the root covers indexes [0, WIDTH << shift)

  private PersistentArray(Node root, int shift) {
    this.root = root;
    this.shift = shift;
  }

  @SuppressWarnings("unchecked")
  static <T> PersistentArray<T> empty() {
    return (PersistentArray<T>) EMPTY;
  }

  @SuppressWarnings("unchecked")
  T get(int index) {
    if (index < 0 || root == null || (index >>> shift) >= WIDTH) return null;
    Node n = root;
    for (int s = shift; s > 0; s -= BITS) {
      n = (Node) n.slots[(index >>> s) & MASK];
      if (n == null) return null;
    }
    return (T) n.slots[index & MASK];
  }

  /** This array with {@code value} at {@code index}; {@code edit} may be null (always copy). */
  PersistentArray<T> with(int index, T value, Object edit) {
    if (index < 0) throw new IndexOutOfBoundsException(index);
    Node r = root;
    int s = shift;
    if (r == null && value == null) return this;
    while ((index >>> s) >= WIDTH) {
      if (r != null) {
        Object[] up = new Object[WIDTH];
        up[0] = r;
        r = new Node(edit, up);
      }
      s += BITS;
    }
    Node updated = set(r, s, index, value, edit);
    return updated == root && s == shift ? this : new PersistentArray<>(updated, s);
  }

  private static Node set(Node n, int s, int index, Object value, Object edit) {
    Node e = n == null ? new Node(edit, new Object[WIDTH]) : n.editable(edit);
    int k = (index >>> s) & MASK;
    if (s == 0) {
      e.slots[k] = value;
    } else {
      e.slots[k] = set((Node) e.slots[k], s - BITS, index, value, edit);
    }
    return e;
  }
}
