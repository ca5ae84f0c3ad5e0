package mountcheck.model.semantics;

import java.util.Set;
import mountcheck.model.events.Touch;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.ops.MountSetattr;
import mountcheck.model.state.Mount;
import mountcheck.model.state.MountAttributes;
import mountcheck.model.state.MountAttributes.Atime;
import mountcheck.model.state.MountTableBuilder;
import mountcheck.model.state.Namespace;

/**
 * mount_setattr(2) (fs/namespace.c, Linux 5.12, 2a1867219c7b; docs/semantics.md §2.15): the
 * attributes to set and clear (build_mount_kattr()), then on the mount or, with AT_RECURSIVE, on
 * every mount of its subtree: the locked attributes must stay (can_change_locked_flags(), EPERM,
 * checked on every mount before any changes, then the idmapping and the writers: a mount being made
 * read-only must have no file open for writing, mnt_hold_writers(), EBUSY), the attributes change,
 * then the propagation type.
 */
final class MountSetattrCall {
  private MountSetattrCall() {}

  static Result<Void> apply(Transition tx, MountSetattr op) {
    MountTableBuilder t = tx.table();
    if (tx.rules().has(KernelRule.NO_MOUNT_SETATTR))
      return Result.err(ErrorSite.NO_SYSCALL, "mount_setattr(2) is not in this kernel (5.12)");
    // wants_mount_setattr(): may_mount() before the attributes are read, even for a nop
    if (!t.mayMount())
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    // "Don't bother walking through the mounts if this is a nop."
    if (op.asksNothing()) return Result.ok(null);
    // build_mount_kattr(): a propagation bit of no type, then an attribute bit outside
    // MOUNT_SETATTR_VALID_FLAGS, before every other check (the selftest invalid_attributes)
    if (!op.unknown().none())
      return Result.err(
          ErrorSite.UNKNOWN_ATTRIBUTE_BITS, "bits that name no attribute or propagation type");
    Result<Void> valid = check(op);
    if (!valid.isOk()) return valid;
    Result<Integer> idmap = IdmappedMounts.userNamespace(t, op);
    if (!(idmap instanceof Result.Ok<Integer> mapping))
      return ((Result.Err<Integer>) idmap).retyped();
    int userNs = mapping.value();
    Result<Location> at = FdMountCalls.locate(t, op.target());
    if (!(at instanceof Result.Ok<Location> ok)) return ((Result.Err<Location>) at).retyped();
    Mount m = t.mount(ok.value().mount());
    // do_mount_setattr(): the root of a mount, mounted, attached in the caller's namespace or the
    // root of a detached tree
    if (m == null || ok.value().dentry() != m.root())
      return Result.err(ErrorSite.NOT_MOUNT_POINT, op.target() + ": not a mount point");
    Namespace ns = t.namespace(m.namespace());
    boolean detachedRoot = ns.anonymous() && !m.hasParent();
    if (m.namespace() != t.currentNamespace() && !detachedRoot)
      return Result.err(ErrorSite.FOREIGN_TARGET, op.target() + ": not in the caller's namespace");
    int[] tree = op.recursive() ? CopyTree.subtree(t, m.id()) : new int[] {m.id()};
    // mount_setattr_prepare(): every mount first, so that a failure changes nothing
    for (int id : tree) {
      Mount each = t.mount(id);
      MountAttributes wanted = recalc(each.attributes(), op.set(), op.clear());
      if (!each.attributeLocks().permits(each.attributes(), wanted))
        return Result.err(
            ErrorSite.ATTRIBUTE_LOCKED, op.target() + ": would clear a locked attribute");
      if (userNs != 0) {
        Result<Void> r = IdmappedMounts.check(tx, each, userNs, op.target());
        if (!r.isOk()) return r;
      }
      // mnt_allow_writers(): setting ro on a writable mount, or an idmapping, holds the writers
      // first (mnt_hold_writers(), EBUSY when a file on the mount is open for writing)
      boolean holdsWriters =
          (op.set().contains(MountAttribute.RO) && !each.attributes().readOnly()) || userNs != 0;
      if (holdsWriters && t.shell().writers(id) > 0)
        return Result.err(ErrorSite.WRITERS, op.target() + ": a file below is open for writing");
    }
    for (int id : tree) {
      Mount each = t.mount(id);
      MountAttributes a = recalc(each.attributes(), op.set(), op.clear());
      t.setAttributes(id, userNs != 0 ? a.withIdmap() : a);
    }
    if (op.propagation() != null) {
      Result<Void> r = ChangePropagation.apply(tx, m.id(), op.propagation(), op.recursive());
      if (!r.isOk()) return r;
    }
    tx.log().touch(new Touch.Increment(m.namespace()));
    return Result.ok(null);
  }

  /**
   * build_mount_kattr(): an atime mode set or cleared needs the whole MOUNT_ATTR__ATIME mask in
   * attr_clr and at most one mode in attr_set; MOUNT_ATTR_IDMAP is checked next ({@link
   * IdmappedMounts#userNamespace}).
   */
  private static Result<Void> check(MountSetattr op) {
    boolean atimeTouched = touchesAtime(op.set()) || touchesAtime(op.clear());
    if (atimeTouched && !op.clear().contains(MountAttribute.ATIME))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "an atime mode needs attr_clr=atime");
    int modes = 0;
    for (MountAttribute a : op.set())
      if (a == MountAttribute.NOATIME || a == MountAttribute.STRICTATIME) modes++;
    if (modes > 1 || op.set().contains(MountAttribute.ATIME))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "more than one atime mode");
    return Result.ok(null);
  }

  private static boolean touchesAtime(Set<MountAttribute> s) {
    return s.contains(MountAttribute.NOATIME)
        || s.contains(MountAttribute.STRICTATIME)
        || s.contains(MountAttribute.ATIME);
  }

  /** recalc_flags(): the mount's attributes less attr_clr, plus attr_set. */
  static MountAttributes recalc(
      MountAttributes current, Set<MountAttribute> set, Set<MountAttribute> clear) {
    MountAttributes a = current;
    if (clear.contains(MountAttribute.RO)) a = a.withReadOnly(false);
    if (clear.contains(MountAttribute.NOSUID)) a = a.withNoSuid(false);
    if (clear.contains(MountAttribute.NODEV)) a = a.withNoDev(false);
    if (clear.contains(MountAttribute.NOEXEC)) a = a.withNoExec(false);
    if (clear.contains(MountAttribute.NODIRATIME)) a = a.withNoDiratime(false);
    if (clear.contains(MountAttribute.NOSYMFOLLOW)) a = a.withNoSymfollow(false);
    if (clear.contains(MountAttribute.ATIME)) {
      Atime mode = Atime.RELATIME; // MOUNT_ATTR_RELATIME is 0
      if (set.contains(MountAttribute.NOATIME)) mode = Atime.NOATIME;
      if (set.contains(MountAttribute.STRICTATIME)) mode = Atime.STRICTATIME;
      a = a.withAtime(mode);
    }
    if (set.contains(MountAttribute.RO)) a = a.withReadOnly(true);
    if (set.contains(MountAttribute.NOSUID)) a = a.withNoSuid(true);
    if (set.contains(MountAttribute.NODEV)) a = a.withNoDev(true);
    if (set.contains(MountAttribute.NOEXEC)) a = a.withNoExec(true);
    if (set.contains(MountAttribute.NODIRATIME)) a = a.withNoDiratime(true);
    if (set.contains(MountAttribute.NOSYMFOLLOW)) a = a.withNoSymfollow(true);
    return a;
  }
}
