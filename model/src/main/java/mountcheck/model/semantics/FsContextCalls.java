package mountcheck.model.semantics;

import java.util.EnumSet;
import java.util.Set;
import mountcheck.model.ops.FsConfig;
import mountcheck.model.ops.FsMount;
import mountcheck.model.ops.FsOpen;
import mountcheck.model.ops.MountAttribute;
import mountcheck.model.state.DescriptorHandle;
import mountcheck.model.state.FsContext;
import mountcheck.model.state.MountAttributes;
import mountcheck.model.state.MountTableBuilder;

/**
 * fsopen(2), fsconfig(2) and fsmount(2) for tmpfs (fs/fsopen.c, fs/namespace.c; Linux 5.2, David
 * Howells' mount API; docs/semantics.md §2.17): a filesystem context held by a named descriptor
 * takes its {@code source}, {@code create} makes the superblock, and fsmount() makes one detached
 * mount of it with the given attributes, in an anonymous namespace of its own that the new
 * descriptor dissolves when it closes.
 */
final class FsContextCalls {
  private FsContextCalls() {}

  /** fsopen(): a new context, nothing else; the name's old descriptor closes. */
  static Result<Void> open(Transition tx, FsOpen op) {
    MountTableBuilder t = tx.table();
    // fsopen(): CAP_SYS_ADMIN over the owner of the caller's mount namespace, before anything
    if (!t.mayMount())
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    t.setShell(t.shell().openHandle(op.name(), FsContext.open(op.fsType(), t.credentials())));
    return Result.ok(null);
  }

  /**
   * fsconfig(): the context must still take parameters (EBUSY once created, vfs_fsconfig_locked()
   * and vfs_cmd_create()); a second {@code source} is EINVAL (vfs_parse_fs_param_source()); {@code
   * create} makes the superblock, owned by the caller's user namespace (fc->user_ns).
   */
  static Result<Void> config(Transition tx, FsConfig op) {
    MountTableBuilder t = tx.table();
    // fsconfig() refuses a negative descriptor before fdget(); a name not held is passed as -1
    if (!t.shell().names().containsKey(op.name()))
      return Result.err(ErrorSite.NEGATIVE_DESCRIPTOR, op.name() + ": no such descriptor");
    Result<FsContext> held = context(t, op.name());
    if (!(held instanceof Result.Ok<FsContext> ok)) return ((Result.Err<FsContext>) held).retyped();
    FsContext c = ok.value();
    if (!c.takesParameters())
      return Result.err(ErrorSite.CONTEXT_BUSY, op.name() + ": the context was created already");
    if (!op.create()) {
      if (c.source() != null)
        return Result.err(ErrorSite.SOURCE_SET, op.name() + ": the source is set already");
      t.setShell(t.shell().withContext(op.name(), c.withSource(op.source())));
      return Result.ok(null);
    }
    // vfs_cmd_create(): mount_capable(), CAP_SYS_ADMIN over fc->user_ns (tmpfs is
    // FS_USERNS_MOUNT), which a shell that unshare -Ur started after fsopen() lacks
    if (!t.capable(c.userNamespace()))
      return Result.err(
          ErrorSite.NOT_PRIVILEGED, op.name() + ": no CAP_SYS_ADMIN over fc->user_ns");
    // a tmpfs without a source shows "none" (vfs_get_tree() keeps fc->source as the device name)
    int sb = t.newSuperblock(c.fsType(), c.source() == null ? "none" : c.source());
    t.setShell(t.shell().withContext(op.name(), c.created(sb)));
    return Result.ok(null);
  }

  /**
   * fsmount(): the attribute bits first (EINVAL: MOUNT_ATTR_IDMAP, the whole atime mask or two
   * atime modes, and before 5.12 MOUNT_ATTR_NOSYMFOLLOW), then the descriptor, then the context:
   * not created is EINVAL, mounted once already EBUSY. The new mount is private, at the
   * superblock's root, in a new anonymous namespace of the caller's namespace's owner.
   */
  static Result<Void> mount(Transition tx, FsMount op) {
    MountTableBuilder t = tx.table();
    // may_mount() comes before the attribute bits (fsmount(), 7.2 and 5.10 alike)
    if (!t.mayMount())
      return Result.err(ErrorSite.NOT_PRIVILEGED, "no CAP_SYS_ADMIN over the mount namespace");
    Result<Void> valid = checkAttributes(tx, op.attributes());
    if (!valid.isOk()) return valid;
    Result<FsContext> held = context(t, op.context());
    if (!(held instanceof Result.Ok<FsContext> ok)) return ((Result.Err<FsContext>) held).retyped();
    FsContext c = ok.value();
    if (c.superblock() == 0)
      return Result.err(ErrorSite.CONTEXT_NOT_CREATED, op.context() + ": no superblock yet");
    if (c.mounted())
      return Result.err(ErrorSite.CONTEXT_BUSY, op.context() + ": mounted once already");
    int root = t.dentryAt(c.superblock(), "/");
    int m = t.newMount(c.superblock(), root);
    t.setAttributes(
        m,
        MountSetattrCall.recalc(
            MountAttributes.DEFAULT, op.attributes(), EnumSet.of(MountAttribute.ATIME)));
    int tree = t.newAnonymousNamespace(t.currentUserNamespace(), m, 0);
    t.setNamespace(new int[] {m}, tree);
    t.setShell(
        t.shell().withContext(op.context(), c.withMount()).openNamed(op.name(), m, root, tree));
    return Result.ok(null);
  }

  /** fsmount()'s attr_flags: the valid bits and one atime mode at most. */
  private static Result<Void> checkAttributes(Transition tx, Set<MountAttribute> a) {
    if (a.contains(MountAttribute.IDMAP) || a.contains(MountAttribute.ATIME))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "fsmount(2) takes neither idmap nor the mask");
    if (a.contains(MountAttribute.NOATIME) && a.contains(MountAttribute.STRICTATIME))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "more than one atime mode");
    // FSMOUNT_VALID_FLAGS gained MOUNT_ATTR_NOSYMFOLLOW with dd8b477f9a3d (v5.14)
    if (a.contains(MountAttribute.NOSYMFOLLOW)
        && tx.rules().has(KernelRule.FSMOUNT_WITHOUT_NOSYMFOLLOW))
      return Result.err(ErrorSite.BAD_ATTRIBUTES, "fsmount(2) of this kernel lacks nosymfollow");
    return Result.ok(null);
  }

  /**
   * The context a name holds: fdget() refuses a name not held and an O_PATH file (EBADF), and a
   * file that is no filesystem context is EINVAL (its f_op is not fscontext_fops).
   */
  private static Result<FsContext> context(MountTableBuilder t, String name) {
    DescriptorHandle d = t.shell().names().get(name);
    if (d == null) return Result.err(ErrorSite.BAD_DESCRIPTOR, name + ": no such descriptor");
    if (d.pathOnly()) return Result.err(ErrorSite.PATH_DESCRIPTOR, name + ": an O_PATH descriptor");
    if (!(d instanceof FsContext c))
      return Result.err(ErrorSite.NOT_FS_CONTEXT, name + ": not a filesystem context");
    return Result.ok(c);
  }
}
