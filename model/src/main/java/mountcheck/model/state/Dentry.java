package mountcheck.model.state;

/**
 * A directory or regular file of a superblock. {@code parent} is 0 for the superblock's root.
 *
 * @param path absolute path within the superblock ({@code /} for its root)
 * @param file true for a regular file (made by {@code touch}, or a namespace file of nsfs)
 */
public record Dentry(int id, int superblock, int parent, String name, String path, boolean file) {
  /**
   * What dentry_path() (fs/d_path.c) appends to the path of a removed dentry; mountinfo shows a
   * mount whose root was removed with it, e.g. {@code /d//deleted}.
   */
  public static final String DELETED_SUFFIX = "//deleted";

  /**
   * True once the directory was removed (rmdir): it is out of its parent's names, nothing can be
   * made in it or mounted on it, and its path carries {@link #DELETED_SUFFIX}.
   */
  public boolean deleted() {
    return path.endsWith(DELETED_SUFFIX);
  }

  /** This dentry as rmdir leaves it (d_delete): the same id, its path marked removed. */
  public Dentry asDeleted() {
    return deleted() ? this : new Dentry(id, superblock, parent, name, path + DELETED_SUFFIX, file);
  }

  /** True when this dentry is {@code ancestor} or lies below it (the kernel's is_subdir). */
  public boolean isAtOrBelow(Dentry ancestor) {
    if (superblock != ancestor.superblock) return false;
    if (ancestor.path.equals("/")) return true;
    // a removed directory is empty and no longer below a directory made later at the same path;
    // live paths never contain "//", so no live dentry is below a removed one
    if (deleted()) return id == ancestor.id;
    return path.equals(ancestor.path) || path.startsWith(ancestor.path + "/");
  }

  /**
   * This dentry's path relative to {@code ancestor}'s path, starting with '/' ("" if equal). A
   * dentry outside the ancestor (only a planted bug puts a mount there) is shown as "/.." + path.
   */
  public String relativeTo(Dentry ancestor) {
    if (!isAtOrBelow(ancestor)) return "/.." + path;
    if (ancestor.path.equals("/")) return path.equals("/") ? "" : path;
    return path.substring(ancestor.path.length());
  }
}
