package mountcheck.model.state;

/**
 * A directory or regular file of a superblock. {@code parent} is 0 for the superblock's root.
 *
 * @param path absolute path within the superblock ({@code /} for its root)
 * @param file true for a regular file (made by {@code touch}, or a namespace file of nsfs)
 */
public record Dentry(int id, int superblock, int parent, String name, String path, boolean file) {

  /** True when this dentry is {@code ancestor} or lies below it (the kernel's is_subdir). */
  public boolean isAtOrBelow(Dentry ancestor) {
    if (superblock != ancestor.superblock) return false;
    if (ancestor.path.equals("/")) return true;
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
