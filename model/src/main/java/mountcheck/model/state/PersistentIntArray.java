package mountcheck.model.state;

import java.util.Arrays;

/**
 * {@link PersistentArray} specialised to int elements (0 = absent), with leaves of int[] so that
 * positions, counters and lists of mount ids are not boxed.
 */
final class PersistentIntArray {
  private static final int BITS = PersistentArray.BITS;
  private static final int WIDTH = PersistentArray.WIDTH;
  private static final int MASK = PersistentArray.MASK;

  static final PersistentIntArray EMPTY = new PersistentIntArray(null, 0);

  /** Inner node (children in {@code slots}) or leaf (values in {@code values}). */
  private static final class Node {
    final Object edit;
    final Node[] slots;
    final int[] values;

    Node(Object edit, Node[] slots, int[] values) {
      this.edit = edit;
      this.slots = slots;
      this.values = values;
    }

    Node editable(Object token) {
      if (token != null && edit == token) return this;
      return new Node(
          token, slots == null ? null : slots.clone(), values == null ? null : values.clone());
    }
  }

  private final Node root;
  private final int shift;

  private PersistentIntArray(Node root, int shift) {
    this.root = root;
    this.shift = shift;
  }

  int get(int index) {
    if (index < 0 || root == null || (index >>> shift) >= WIDTH) return 0;
    Node n = root;
    for (int s = shift; s > 0; s -= BITS) {
      n = n.slots[(index >>> s) & MASK];
      if (n == null) return 0;
    }
    return n.values[index & MASK];
  }

  PersistentIntArray with(int index, int value, Object edit) {
    if (index < 0) throw new IndexOutOfBoundsException(index);
    Node r = root;
    int s = shift;
    if (r == null && value == 0) return this;
    while ((index >>> s) >= WIDTH) {
      if (r != null) {
        Node[] up = new Node[WIDTH];
        up[0] = r;
        r = new Node(edit, up, null);
      }
      s += BITS;
    }
    Node updated = set(r, s, index, value, edit);
    return updated == root && s == shift ? this : new PersistentIntArray(updated, s);
  }

  private static Node set(Node n, int s, int index, int value, Object edit) {
    int k = (index >>> s) & MASK;
    if (s == 0) {
      Node e = n == null ? new Node(edit, null, new int[WIDTH]) : n.editable(edit);
      e.values[k] = value;
      return e;
    }
    Node e = n == null ? new Node(edit, new Node[WIDTH], null) : n.editable(edit);
    e.slots[k] = set(e.slots[k], s - BITS, index, value, edit);
    return e;
  }

  /** The values at indexes [0, length) that are not 0, in index order. */
  int[] nonZero(int length, int expected) {
    int[] out = new int[expected];
    int[] count = {0};
    collect(root, shift, 0, length, out, count);
    return count[0] == expected ? out : Arrays.copyOf(out, count[0]);
  }

  private static void collect(Node n, int s, int base, int length, int[] out, int[] count) {
    if (n == null || base >= length) return;
    if (s == 0) {
      int end = Math.min(WIDTH, length - base);
      for (int i = 0; i < end; i++) {
        int v = n.values[i];
        if (v != 0 && count[0] < out.length) out[count[0]++] = v;
      }
      return;
    }
    for (int k = 0; k < WIDTH; k++) {
      int b = base + (k << s);
      if (b >= length) return;
      collect(n.slots[k], s - BITS, b, length, out, count);
    }
  }
}
