package mountcheck.model.semantics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.events.Touch;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTable;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.umount.UmountPlan;

/**
 * {@code rmdir PATH} (do_rmdir() and vfs_rmdir() in fs/namei.c, __detach_mounts() in
 * fs/namespace.c, Linux 6.18; docs/semantics.md §2.12).
 *
 * <p>The last component is looked up in its parent directory without crossing into what is mounted
 * on it. The checks, in the kernel's order: the parent path (ENOENT, ENOTDIR); a read-only
 * filesystem (mnt_want_write(), EROFS, before the name is looked up); the name (ENOENT); a regular
 * file (ENOTDIR); a mount point in the caller's namespace (is_local_mountpoint(), EBUSY); entries
 * in it (ENOTEMPTY). Then the dentry leaves the filesystem, which every mount of it in every
 * namespace shows, and every mount attached on it, in any namespace, is detached with its subtree
 * by umount_tree(m, UMOUNT_CONNECTED): no umount propagation, locked mounts included (8ed936b5671b
 * "vfs: Lazily remove mounts on unlinked files and directories", 2015). A mount whose root is the
 * removed directory stays, its root shown as {@code PATH//deleted}.
 */
final class RemoveDirectory {
  private RemoveDirectory() {}

  static Result<MountTable> apply(MountTable table, int namespace, String path, ChangeLog log) {
    MountTableBuilder t = table.toBuilder();
    int slash = path.lastIndexOf('/');
    String parentPath = slash == 0 ? "/" : path.substring(0, slash);
    String name = path.substring(slash + 1);
    Result<Location> walked = PathWalk.resolve(t, namespace, parentPath);
    if (!(walked instanceof Result.Ok<Location> ok))
      return ((Result.Err<Location>) walked).retyped();
    Location dir = ok.value();
    if (t.dentry(dir.dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, path + ": not a directory");
    if (PathWalk.readOnly(t, dir.mount()))
      return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
    int victim = t.childDentry(dir.dentry(), name);
    if (victim == 0) return Result.err(ErrorSite.NO_DIRECTORY, path + ": no such directory");
    if (t.dentry(victim).file())
      return Result.err(ErrorSite.RMDIR_FILE, path + ": not a directory");
    List<Integer> mountedOn = mountedOn(t, victim);
    for (int m : mountedOn)
      if (t.mount(m).namespace() == namespace)
        return Result.err(ErrorSite.LOCAL_MOUNTPOINT, path + ": a mount point in this namespace");
    if (t.dentryChildCount(victim) > 0)
      return Result.err(ErrorSite.NOT_EMPTY, path + ": directory not empty");
    t.removeDentry(victim);
    if (mountedOn.isEmpty()) return Result.ok(t.build());
    // __detach_mounts(): event++, then umount_tree(m, UMOUNT_CONNECTED) of each mount on the dentry
    log.touch(new Touch.Bump());
    Set<Integer> victims = new LinkedHashSet<>();
    for (int m : mountedOn) victims.addAll(CopyTree.subtreeList(t, m));
    MountTable removed = t.build();
    return Result.ok(
        UmountTree.applyPlan(removed, new UmountPlan(new ArrayList<>(victims), List.of(), 0), log));
  }

  /** The mounts attached on this dentry, in every namespace, in creation order. */
  private static List<Integer> mountedOn(MountTableBuilder t, int dentry) {
    List<Integer> out = new ArrayList<>();
    for (int id = 1; id < t.mountIdLimit(); id++) {
      Mount m = t.mount(id);
      if (m != null && m.parent() != 0 && m.mountpoint() == dentry) out.add(id);
    }
    return out;
  }
}
