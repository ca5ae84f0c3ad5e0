package mountcheck.model.state;

/**
 * A persistent hash trie (HAMT) from long keys to long values, 0 meaning absent, with the same
 * edit-token batch edits as {@link PersistentArray}. Keys are scrambled by a bijective mixer
 * ({@link #mix}), so distinct keys have distinct 64-bit paths and no collision lists are needed: a
 * lookup reads at most 13 levels, in practice a few more than log32 of the size.
 */
final class PersistentLongMap {
  private static final int BITS = 5;
  private static final int MASK = 31;

  static final PersistentLongMap EMPTY = new PersistentLongMap(null);

  private record Leaf(long key, long value) {}

  /** Bitmap-indexed node: {@code entries} holds Leaf or Node objects, one per set bit. */
  private static final class Node {
    final Object edit;
    int bitmap;
    Object[] entries;

    Node(Object edit, int bitmap, Object[] entries) {
      this.edit = edit;
      this.bitmap = bitmap;
      this.entries = entries;
    }

    Node editable(Object token) {
      return token != null && edit == token ? this : new Node(token, bitmap, entries.clone());
    }
  }

  private final Node root;

  private PersistentLongMap(Node root) {
    this.root = root;
  }

  /** The number of keys, counted (O(n); the model never asks, the tests do). */
  int size() {
    return count(root);
  }

  private static int count(Node n) {
    if (n == null) return 0;
    int total = 0;
    for (Object e : n.entries) total += e instanceof Leaf ? 1 : count((Node) e);
    return total;
  }

  /**
   * The path of a key: bijective, so distinct keys have distinct paths. The keys are (parent id,
   * dentry or name hash) pairs; the low half, read first, is the scrambled second part with the
   * parent id's bits reversed into it, and the high half is the parent id. Keys of neighbouring
   * parents (mounts made one after the other) thus share most of their path and meet in the same
   * deepest nodes, so a million copies touch a few hot nodes each instead of random ones.
   */
  static long mix(long key) {
    int parent = (int) (key >>> 32);
    int z = (int) key;
    z = (z ^ (z >>> 16)) * 0x85ebca6b; // murmur3's fmix32, a bijection
    z = (z ^ (z >>> 13)) * 0xc2b2ae35;
    z ^= z >>> 16;
    return ((long) parent << 32) | ((z ^ Integer.reverse(parent)) & 0xffffffffL);
  }

  private static int slot(long hash, int level) {
    return (int) (hash >>> (level * BITS)) & MASK;
  }

  long get(long key) {
    long h = mix(key);
    Node n = root;
    for (int level = 0; n != null; level++) {
      int bit = 1 << slot(h, level);
      if ((n.bitmap & bit) == 0) return 0;
      Object e = n.entries[Integer.bitCount(n.bitmap & (bit - 1))];
      if (e instanceof Leaf l) return l.key == key ? l.value : 0;
      n = (Node) e;
    }
    return 0;
  }

  /** This map with key bound to value; value 0 removes the key. */
  PersistentLongMap with(long key, long value, Object edit) {
    if (value == 0) return without(key, edit);
    Node r = put(root, 0, mix(key), key, value, edit);
    return r == root ? this : new PersistentLongMap(r);
  }

  // no size is kept, so that an edit allocates nothing but the nodes it changes
  private static Node put(Node n, int level, long h, long key, long value, Object edit) {
    int bit = 1 << slot(h, level);
    if (n == null) return new Node(edit, bit, new Object[] {new Leaf(key, value)});
    int i = Integer.bitCount(n.bitmap & (bit - 1));
    if ((n.bitmap & bit) == 0) {
      Node e = n.editable(edit);
      Object[] grown = new Object[e.entries.length + 1];
      System.arraycopy(e.entries, 0, grown, 0, i);
      grown[i] = new Leaf(key, value);
      System.arraycopy(e.entries, i, grown, i + 1, e.entries.length - i);
      e.entries = grown;
      e.bitmap |= bit;
      return e;
    }
    Object old = n.entries[i];
    Object replaced;
    if (old instanceof Leaf l) {
      if (l.key == key) {
        if (l.value == value) return n;
        replaced = new Leaf(key, value);
      } else {
        replaced = split(l, mix(l.key), key, h, value, level + 1, edit);
      }
    } else {
      Node child = (Node) old;
      replaced = put(child, level + 1, h, key, value, edit);
      if (replaced == child) return n;
    }
    Node e = n.editable(edit);
    e.entries[i] = replaced;
    return e;
  }

  /** A node holding two leaves whose hashes agree below {@code level}. */
  private static Node split(
      Leaf a, long ha, long key, long hb, long value, int level, Object edit) {
    int sa = slot(ha, level);
    int sb = slot(hb, level);
    Leaf b = new Leaf(key, value);
    if (sa == sb) {
      return new Node(edit, 1 << sa, new Object[] {split(a, ha, key, hb, value, level + 1, edit)});
    }
    Object[] two = sa < sb ? new Object[] {a, b} : new Object[] {b, a};
    return new Node(edit, (1 << sa) | (1 << sb), two);
  }

  PersistentLongMap without(long key, Object edit) {
    if (root == null) return this;
    Object r = remove(root, 0, mix(key), key, edit, true);
    return r == root ? this : new PersistentLongMap((Node) r);
  }

  /** The node without the key: null when empty, a lone Leaf to inline (except at the root). */
  private static Object remove(Node n, int level, long h, long key, Object edit, boolean isRoot) {
    int bit = 1 << slot(h, level);
    if ((n.bitmap & bit) == 0) return n;
    int i = Integer.bitCount(n.bitmap & (bit - 1));
    Object old = n.entries[i];
    Object replaced;
    if (old instanceof Leaf l) {
      if (l.key != key) return n;
      replaced = null;
    } else {
      replaced = remove((Node) old, level + 1, h, key, edit, false);
      if (replaced == old) return n;
    }
    Node e = n.editable(edit);
    if (replaced == null) {
      if (e.entries.length == 1) return null;
      Object[] shrunk = new Object[e.entries.length - 1];
      System.arraycopy(e.entries, 0, shrunk, 0, i);
      System.arraycopy(e.entries, i + 1, shrunk, i, e.entries.length - i - 1);
      e.entries = shrunk;
      e.bitmap &= ~bit;
    } else {
      e.entries[i] = replaced;
    }
    if (!isRoot && e.entries.length == 1 && e.entries[0] instanceof Leaf lone) return lone;
    return e;
  }
}
