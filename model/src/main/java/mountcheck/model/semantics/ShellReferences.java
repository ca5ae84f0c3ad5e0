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
    Result<Location> at = PathWalk.resolve(t, t.currentNamespace(), op.path());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    t.setShell(t.shell().open(op.fd(), ok.value().mount()));
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
