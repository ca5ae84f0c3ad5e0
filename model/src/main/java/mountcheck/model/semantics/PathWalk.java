package mountcheck.model.semantics;

import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.ShellState;

/**
 * Path resolution through stacked mounts (the kernel's path walk with follow_mount): after each
 * component, cross into whatever is mounted there, repeatedly, so the walk ends on the topmost
 * mount. Paths are absolute and normalized, from the shell's root; there are no symlinks and no
 * "..".
 */
final class PathWalk {
  private PathWalk() {}

  static Result<Location> resolve(MountTableBuilder t, int namespace, String path) {
    return resolveFrom(t, start(t, namespace), path);
  }

  /**
   * The walk of a path from {@code here}: an absolute path's from the root, or a relative path's
   * from a directory descriptor ({@code NAME/REL} of a mountfd line; path_init() with a dfd).
   */
  static Result<Location> resolveFrom(MountTableBuilder t, Location here, String path) {
    for (String name : components(path)) {
      if (t.dentry(here.dentry()).file())
        return Result.err(ErrorSite.NOT_DIRECTORY, path + ": not a directory");
      int next = t.childDentry(here.dentry(), name);
      if (next == 0) return Result.err(ErrorSite.NO_DIRECTORY, path + ": no such directory");
      here = followMounts(t, here.mount(), next);
    }
    return Result.ok(here);
  }

  /**
   * The walk of umount2(2) (LOOKUP_MOUNTPOINT): as {@link #resolve}, and at its end it also crosses
   * into what is mounted where it stopped. Only {@code /} can stop below a mount, since the walk
   * takes the root as it is: so {@code umount /} after a root change reaches the top of the mounts
   * stacked on the root (path_lookupat()'s handle_lookup_down(), docs/semantics.md §2.18).
   */
  static Result<Location> resolveMountpoint(MountTableBuilder t, int namespace, String path) {
    Result<Location> r = resolve(t, namespace, path);
    if (!path.equals("/") || !(r instanceof Result.Ok<Location> ok)) return r;
    if (t.mount(ok.value().mount()) == null) return r; // a root no namespace holds any more
    return Result.ok(followMounts(t, ok.value().mount(), ok.value().dentry()));
  }

  /**
   * Where an absolute path starts (path_init() with the task's root): the shell's root after a
   * chroot or pivot_root, as it is (nothing mounted on the root itself is crossed, set_root() takes
   * fs->root as it is; docs/semantics.md §2.18); else the top of the namespace's root.
   */
  static Location start(MountTableBuilder t, int namespace) {
    ShellState.Root root = t.shell().root();
    if (root.changed() && namespace == t.currentNamespace())
      return new Location(root.mount(), root.dentry());
    int top = t.namespace(namespace).root();
    return followMounts(t, top, t.mount(top).root());
  }

  /**
   * touch: an existing path is only touched (EROFS on a read-only filesystem); a missing last
   * component is made an empty regular file in its directory.
   */
  static Result<Location> touch(MountTableBuilder t, int namespace, String path) {
    int slash = path.lastIndexOf('/');
    String parentPath = slash == 0 ? "/" : path.substring(0, slash);
    Result<Location> parent = resolve(t, namespace, parentPath);
    if (!(parent instanceof Result.Ok<Location> p)) return parent;
    Location dir = p.value();
    if (t.dentry(dir.dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, path + ": not a directory");
    String name = path.substring(slash + 1);
    int next = t.childDentry(dir.dentry(), name);
    if (next != 0) {
      Location here = followMounts(t, dir.mount(), next);
      if (readOnly(t, here.mount()))
        return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
      return Result.ok(here);
    }
    if (readOnly(t, dir.mount()))
      return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
    if (t.dentry(dir.dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, path + ": its directory was removed");
    return Result.ok(followMounts(t, dir.mount(), t.mkfile(dir.dentry(), name)));
  }

  /** mkdir -p: creates the missing directories of one path; EROFS on a read-only filesystem. */
  static Result<Location> makeDirs(MountTableBuilder t, int namespace, String path) {
    Location here = start(t, namespace);
    for (String name : components(path)) {
      if (t.dentry(here.dentry()).file())
        return Result.err(ErrorSite.NOT_DIRECTORY, path + ": not a directory");
      int next = t.childDentry(here.dentry(), name);
      if (next == 0) {
        if (readOnly(t, here.mount()))
          return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
        // may_create(): IS_DEADDIR, the directory was removed (a mount's root keeps it)
        if (t.dentry(here.dentry()).deleted())
          return Result.err(ErrorSite.DELETED_DIRECTORY, path + ": its directory was removed");
        next = t.mkdir(here.dentry(), name);
      }
      here = followMounts(t, here.mount(), next);
    }
    if (t.dentry(here.dentry()).file())
      return Result.err(ErrorSite.FILE_EXISTS, path + ": file exists");
    return Result.ok(here);
  }

  /**
   * __mnt_is_readonly(): writes through {@code mount} fail with EROFS when the mount is read-only
   * (MNT_READONLY) or its superblock is (SB_RDONLY).
   */
  static boolean readOnly(MountTableBuilder t, int mount) {
    Mount m = t.mount(mount);
    return m.attributes().readOnly() || t.superblock(m.superblock()).readOnly();
  }

  /**
   * Crosses into the mounts stacked at (mount, dentry), ending on the topmost one: the mount found
   * there, then the top of the stack of mounts on its root (kept by the table, so a stack of any
   * height costs one step).
   */
  static Location followMounts(MountTableBuilder t, int mount, int dentry) {
    int c = t.lookup(mount, dentry);
    if (c == 0) return new Location(mount, dentry);
    int top = t.stackTop(c);
    return new Location(top, t.mount(top).root());
  }

  private static String[] components(String path) {
    String p = path.startsWith("/") ? path.substring(1) : path;
    return p.isEmpty() ? new String[0] : p.split("/");
  }
}
