package mountcheck.model.semantics;

import mountcheck.model.ops.DescriptorName;
import mountcheck.model.ops.MakeDirectoryAt;
import mountcheck.model.state.DescriptorHandle;
import mountcheck.model.state.MountDescriptor;
import mountcheck.model.state.MountTableBuilder;

/**
 * {@code mountfd mkdirat}: mkdirat(2) (fs/namei.c: do_mkdirat(), filename_create(), vfs_mkdir()),
 * docs/semantics.md §2.21. The walk to the parent starts at the caller's root for an absolute path
 * or at the descriptor's mount and directory for {@code NAME/REL}, crossing mounts on the way; the
 * last component is made in the superblock of the mount the walk ends on, whatever namespace that
 * mount is in (a detached tree too). No mount changes, so no mount event.
 */
final class MakeDirectoryAtCall {
  private MakeDirectoryAtCall() {}

  static Result<Void> apply(MountTableBuilder t, MakeDirectoryAt op) {
    String target = op.target();
    Location start;
    String rest;
    if (target.startsWith("/")) {
      start = PathWalk.start(t, t.currentNamespace());
      rest = target;
    } else {
      // path_init() with a dirfd: fdget() of a name not held is EBADF, a file that is no
      // directory (a filesystem context, a user namespace) ENOTDIR
      String name = DescriptorName.descriptorOf(target);
      DescriptorHandle d = t.shell().names().get(name);
      if (d == null) return Result.err(ErrorSite.BAD_DESCRIPTOR, name + ": no such descriptor");
      if (!(d instanceof MountDescriptor m))
        return Result.err(ErrorSite.NOT_DIRECTORY, name + ": not a directory");
      start = new Location(t.shell().files().get(m.file()), m.dentry());
      rest = DescriptorName.relativePart(target);
    }
    if (t.mount(start.mount()) == null)
      throw new UnsupportedOperationException(
          "not modelled: '"
              + op.toCommand()
              + "' from a mount the table no longer holds (docs/semantics.md §2.21)");
    int slash = rest.lastIndexOf('/');
    String last = rest.substring(slash + 1);
    // filename_create(): the walk to the parent (LOOKUP_PARENT), ENOENT or ENOTDIR on its way
    Result<Location> walked =
        slash < 0 ? Result.ok(start) : PathWalk.resolveFrom(t, start, rest.substring(0, slash));
    if (!(walked instanceof Result.Ok<Location> ok))
      return ((Result.Err<Location>) walked).retyped();
    Location parent = ok.value();
    if (t.dentry(parent.dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, target + ": not a directory");
    // the last component is looked up in the parent without crossing a mount: anything there,
    // a file, a directory or a mount point, is EEXIST, which filename_create() reports before
    // the EROFS of mnt_want_write()
    if (t.childDentry(parent.dentry(), last) != 0)
      return Result.err(ErrorSite.FILE_EXISTS, target + ": file exists");
    if (PathWalk.readOnly(t, parent.mount()))
      return Result.err(ErrorSite.READ_ONLY, target + ": read-only file system");
    // vfs_mkdir()'s may_create(): IS_DEADDIR, the parent was removed (a mount's root keeps it)
    if (t.dentry(parent.dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, target + ": its directory was removed");
    t.mkdir(parent.dentry(), last);
    return Result.ok(null);
  }
}
