package mountcheck.model.semantics;

import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.state.MountTableBuilder;

/**
 * The shell's references to mounts (docs/semantics.md §2.11): {@code exec N<PATH} opens a file,
 * {@code exec N<&-} closes it, {@code cd PATH} moves the working directory. Each open file and each
 * working directory holds the mount it lies in (a {@code struct path} reference, mntget()), which
 * makes a plain umount of that mount EBUSY and keeps a lazily unmounted one alive.
 */
final class ShellReferences {
  private ShellReferences() {}

  /** open(2) of a file or directory: fails like the path walk (ENOENT, ENOTDIR). */
  static Result<Void> hold(MountTableBuilder t, HoldFile op) {
    if (op.write()) return holdForWriting(t, op);
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), op.path());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    t.setShell(t.shell().open(op.fd(), ok.value().mount()));
    return Result.ok(null);
  }

  /**
   * bash's open(PATH, O_RDWR | O_CREAT, 0666) for {@code exec N<>PATH} (path_openat(), Linux
   * fs/namei.c; docs/semantics.md §2.19): the directory is walked as for any path; lookup_open()
   * refuses a removed directory (IS_DEADDIR, ENOENT) before anything else; an existing name is
   * followed into what is mounted on it, a directory is EISDIR (do_open()), and opening for writing
   * takes write access to the mount (mnt_get_write_access() in do_dentry_open(), EROFS on a
   * read-only mount or superblock); a missing name is made a regular file when the directory's
   * mount is writable (else EROFS). The open file is a writer of its mount until it closes.
   */
  private static Result<Void> holdForWriting(MountTableBuilder t, HoldFile op) {
    String path = op.path();
    int slash = path.lastIndexOf('/');
    String parentPath = slash == 0 ? "/" : path.substring(0, slash);
    Result<Location> parent = PathWalk.resolve(t, t.currentNamespace(), parentPath);
    if (!(parent instanceof Result.Ok<Location> p))
      return ((Result.Err<Location>) parent).retyped();
    Location dir = p.value();
    if (t.dentry(dir.dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, path + ": not a directory");
    if (t.dentry(dir.dentry()).deleted())
      return Result.err(ErrorSite.DELETED_DIRECTORY, path + ": its directory was removed");
    String name = path.substring(slash + 1);
    int existing = t.childDentry(dir.dentry(), name);
    Location at;
    if (existing != 0) {
      at = PathWalk.followMounts(t, dir.mount(), existing);
      if (!t.dentry(at.dentry()).file())
        return Result.err(ErrorSite.IS_DIRECTORY, path + ": is a directory");
      if (PathWalk.readOnly(t, at.mount()))
        return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
    } else {
      if (PathWalk.readOnly(t, dir.mount()))
        return Result.err(ErrorSite.READ_ONLY, path + ": read-only file system");
      at = PathWalk.followMounts(t, dir.mount(), t.mkfile(dir.dentry(), name));
    }
    t.setShell(t.shell().open(op.fd(), at.mount(), t.mount(at.mount()).superblock()));
    return Result.ok(null);
  }

  static Result<Void> release(MountTableBuilder t, ReleaseFile op) {
    t.setShell(t.shell().close(op.fd()));
    return Result.ok(null);
  }

  /** chdir(2): ENOENT, or ENOTDIR for a file; {@code cd /} holds nothing that can be unmounted. */
  static Result<Void> changeDirectory(MountTableBuilder t, ChangeDirectory op) {
    if (op.path().equals("/")) {
      t.setShell(t.shell().withCwd(0, 0).withoutFreedDetached());
      return Result.ok(null);
    }
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), op.path());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    if (t.dentry(ok.value().dentry()).file())
      return Result.err(ErrorSite.NOT_DIRECTORY, op.path() + ": not a directory");
    t.setShell(t.shell().withCwd(ok.value().mount(), ok.value().dentry()).withoutFreedDetached());
    return Result.ok(null);
  }
}
