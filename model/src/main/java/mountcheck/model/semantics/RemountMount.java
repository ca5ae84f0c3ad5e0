package mountcheck.model.semantics;

import java.util.List;
import mountcheck.model.events.ChangeLog;
import mountcheck.model.events.Touch;
import mountcheck.model.ops.Remount;
import mountcheck.model.state.Dentry;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountAttributes;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Superblock;

/**
 * {@code mount -o remount[,bind],OPTS PATH} (docs/semantics.md §2.14): what util-linux 2.38 passes
 * and what the kernel does with it.
 *
 * <p>libmount finds PATH in mountinfo (the last row whose mount point is PATH) and starts from that
 * row's per-mount options, applying OPTS over them; without such a row it passes OPTS alone. The
 * kernel's path_mount() turns the flags into attributes, then:
 *
 * <ul>
 *   <li>with {@code bind}, do_reconfigure_mnt(): PATH must be the root of a mount (EINVAL), the
 *       mount's locked attributes must stay (can_change_locked_flags(), EPERM), and the mount alone
 *       gets the attributes, except that making it read-only waits for no writer
 *       (mnt_make_readonly(), EBUSY while a file on it is open for writing);
 *   <li>without, do_remount(): the same two checks, then CAP_SYS_ADMIN in the user namespace that
 *       owns the superblock (EPERM), then the superblock becomes read-only or writable
 *       (reconfigure_super(); to read-only only when no mount of the superblock has a writer,
 *       sb_prepare_remount_readonly(), EBUSY) and the mount gets the attributes.
 * </ul>
 *
 * Either way set_mount_attributes() touches the mount's namespace; no mount event is sent.
 */
final class RemountMount {
  private RemountMount() {}

  static Result<Void> apply(MountTableBuilder t, Remount op, ChangeLog log) {
    int ns = t.currentNamespace();
    int flags = MountFlagWords.apply(libmountStart(t, ns, op.target()), op.options());
    Result<Location> at = PathWalk.resolve(t, ns, op.target());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    int id = ok.value().mount();
    Mount m = t.mount(id);
    // do_reconfigure_mnt() and do_remount(): check_mnt() first (C103)
    if (Model.notInNamespace(t, id))
      return Result.err(
          ErrorSite.NOT_IN_NAMESPACE, op.target() + ": not in the caller's namespace");
    if (ok.value().dentry() != m.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.target() + ": not a mount point");
    MountAttributes wanted = MountFlagWords.attributes(flags, m.attributes());
    if (!m.attributeLocks().permits(m.attributes(), wanted))
      return Result.err(
          ErrorSite.ATTRIBUTE_LOCKED, op.target() + ": would clear a locked attribute");
    if (!op.bind()) {
      Superblock sb = t.superblock(m.superblock());
      if (!t.capable(sb.userNamespace()))
        return Result.err(
            ErrorSite.SUPERBLOCK_NOT_OWNED,
            op.target() + ": its filesystem belongs to another user namespace");
      boolean toReadOnly = (flags & MountFlagWords.MS_RDONLY) != 0;
      // reconfigure_super() -> sb_prepare_remount_readonly(): a writer on any mount of the
      // superblock, in any namespace or detached but alive, keeps it writable (EBUSY)
      if (toReadOnly && !sb.readOnly() && t.shell().superblockHasWriters(m.superblock()))
        return Result.err(
            ErrorSite.WRITERS, op.target() + ": a file of its filesystem is open for writing");
      t.setSuperblock(sb.withReadOnly(toReadOnly));
    } else if (wanted.readOnly() && !PathWalk.readOnly(t, id) && t.shell().writers(id) > 0) {
      // change_mount_ro_state() -> mnt_make_readonly(): this mount's writers only
      return Result.err(ErrorSite.WRITERS, op.target() + ": a file on it is open for writing");
    }
    t.setAttributes(id, wanted);
    log.touch(new Touch.Increment(m.namespace()));
    return Result.ok(null);
  }

  /**
   * The flags libmount starts from: those of the per-mount options of the last mountinfo row of the
   * namespace whose mount point is {@code path} (mountinfo lists mounts in id order), or none.
   */
  private static int libmountStart(MountTableBuilder t, int ns, String path) {
    for (int id = t.mountIdLimit() - 1; id > 0; id--) {
      Mount m = t.mount(id);
      if (m == null || m.namespace() != ns) continue;
      if (path.equals(mountPoint(t, m))) return MountFlagWords.of(m.attributes());
    }
    return 0;
  }

  /** The mount point mountinfo shows for {@code m} (relative to the namespace root). */
  private static String mountPoint(MountTableBuilder t, Mount m) {
    StringBuilder suffix = new StringBuilder();
    while (m.parent() != 0) {
      Mount parent = t.mount(m.parent());
      Dentry at = t.dentry(m.mountpoint());
      suffix.insert(0, at.relativeTo(t.dentry(parent.root())));
      m = parent;
    }
    return suffix.length() == 0 ? "/" : suffix.toString();
  }

  /**
   * The words that clear every flag libmount could start from, so that a remount with them followed
   * by OPTS passes OPTS alone: what {@code mount --bind -o OPTS} passes in its second call.
   */
  static final List<String> CLEAR_ALL =
      List.of(
          "rw",
          "suid",
          "dev",
          "exec",
          "atime",
          "norelatime",
          "nostrictatime",
          "diratime",
          "symfollow");
}
