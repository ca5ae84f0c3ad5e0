package mountcheck.model.semantics;

import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.ops.OpenUserNamespace;
import mountcheck.model.state.DescriptorHandle;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Superblock;
import mountcheck.model.state.UserNamespaceDescriptor;

/**
 * Idmapped mounts (fs/namespace.c, Linux 5.12, 9caccd41541a "fs: introduce MOUNT_ATTR_IDMAP";
 * docs/semantics.md §2.17): a user namespace descriptor, and mount_setattr(2)'s MOUNT_ATTR_IDMAP,
 * which only a detached mount takes, once. Which ids the mapping maps is out of scope.
 */
final class IdmappedMounts {
  private IdmappedMounts() {}

  /**
   * {@code mountfd userns NAME [self]}: the caller's user namespace (its credentials'), or a new
   * child of it.
   */
  static Result<Void> open(Transition tx, OpenUserNamespace op) {
    MountTableBuilder t = tx.table();
    if (t.shell().root().changed()) {
      // the child's unshare(CLONE_NEWUSER) comes first: create_user_ns() and current_chrooted()
      if (!op.self() && RootChange.chrooted(t))
        return Result.err(ErrorSite.CHROOTED_CALLER, "a chrooted caller makes no user namespace");
      return Result.err(ErrorSite.PROC_OUTSIDE_ROOT, "/proc is not under the caller's root");
    }
    int userNs = op.self() ? t.credentials() : t.newUserNamespace(t.credentials());
    t.setShell(t.shell().openHandle(op.name(), new UserNamespaceDescriptor(userNs)));
    return Result.ok(null);
  }

  /**
   * build_mount_idmapped(), before the target is looked up: nothing to do unless attr_set or
   * attr_clr holds MOUNT_ATTR_IDMAP; clearing it is EINVAL; userns_fd must be a user namespace's
   * file: 0 (the executor's standard input, a pipe), -1 (a name not held, above INT_MAX as the u64
   * field), a context or a user namespace of no namespace file are EINVAL, and an O_PATH file is
   * EBADF (fdget()).
   *
   * @return the user namespace of the mapping, 0 when none is asked
   */
  static Result<Integer> userNamespace(MountTableBuilder t, MountSetattr op) {
    boolean asked =
        op.set().contains(MountAttribute.IDMAP) || op.clear().contains(MountAttribute.IDMAP);
    if (!asked) return Result.ok(0);
    if (op.clear().contains(MountAttribute.IDMAP))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "MOUNT_ATTR_IDMAP cannot be cleared");
    DescriptorHandle d = op.userns() == null ? null : t.shell().names().get(op.userns());
    if (d != null && d.pathOnly())
      return Result.err(ErrorSite.PATH_DESCRIPTOR, op.userns() + ": an O_PATH descriptor");
    if (!(d instanceof UserNamespaceDescriptor u))
      return Result.err(ErrorSite.NOT_USER_NAMESPACE, "userns_fd names no user namespace's file");
    // the initial user namespace (EPERM) and one the caller does not control (EPERM) cannot be
    // named here: every user namespace a scenario names is the caller's or a child of it
    return Result.ok(u.userNamespace());
  }

  /**
   * can_idmap_mount() for one mount of the target: not with the superblock's own user namespace
   * (EINVAL), not twice (EPERM), only a filesystem with FS_ALLOW_IDMAP (tmpfs from 6.3,
   * 7a80e5b8c6fa; EINVAL), the caller must have CAP_SYS_ADMIN over the superblock's owner (EPERM),
   * and only a mount of an anonymous namespace, never shown in a table yet (EINVAL).
   */
  static Result<Void> check(Transition tx, Mount m, int userNs, String target) {
    MountTableBuilder t = tx.table();
    Superblock sb = t.superblock(m.superblock());
    if (sb.userNamespace() == userNs)
      return Result.err(
          ErrorSite.IDMAP_FILESYSTEM_OWNER, target + ": the filesystem's own user namespace");
    if (m.attributes().idmapped())
      return Result.err(ErrorSite.IDMAP_SET, target + ": idmapped already");
    if (!sb.fsType().equals("tmpfs") || tx.rules().has(KernelRule.TMPFS_WITHOUT_IDMAP))
      return Result.err(ErrorSite.IDMAP_UNSUPPORTED, target + ": no FS_ALLOW_IDMAP");
    if (!t.capable(sb.userNamespace()))
      return Result.err(ErrorSite.IDMAP_NOT_OWNER, target + ": the superblock's owner is above");
    if (!t.namespace(m.namespace()).anonymous())
      return Result.err(ErrorSite.IDMAP_ATTACHED, target + ": attached already");
    return Result.ok(null);
  }
}
