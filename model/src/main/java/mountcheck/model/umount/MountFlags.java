package mountcheck.model.umount;

/**
 * Per-mount flag bytes for one propagate_umount run (the kernel keeps them in struct mount). Stored
 * in pages of 4096 mounts allocated when first written, so a run costs what it touches, not the
 * size of the table: a umount in a table of a million mounts touches a few pages.
 */
final class MountFlags {
  private static final int PAGE_BITS = 12;
  private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;

  private final byte[][] pages;

  MountFlags(int maxMountId) {
    pages = new byte[(maxMountId >>> PAGE_BITS) + 1][];
  }

  byte get(int m) {
    byte[] page = pages[m >>> PAGE_BITS];
    return page == null ? 0 : page[m & PAGE_MASK];
  }

  void set(int m, int value) {
    byte[] page = pages[m >>> PAGE_BITS];
    if (page == null) {
      if (value == 0) return;
      page = pages[m >>> PAGE_BITS] = new byte[1 << PAGE_BITS];
    }
    page[m & PAGE_MASK] = (byte) value;
  }

  void add(int m, int flag) {
    set(m, get(m) | flag);
  }

  void clear(int m, int flag) {
    set(m, get(m) & ~flag);
  }
}
