package mountcheck.model.semantics;

import java.util.List;

/**
 * Every place where the model fails a command, with a stable tag: the coverage targets {@code
 * COMMAND/ERRNO/TAG} (for example {@code move/EINVAL/locked}) are these sites crossed with the
 * scenario commands that can reach them.
 */
public enum ErrorSite {
  /** A path component is missing (the path walk, any command that takes a path). */
  NO_DIRECTORY(
      Errno.ENOENT,
      "no-directory",
      "mount",
      "bind",
      "rbind",
      "move",
      "make",
      "umount",
      "rmdir",
      "remount-bind",
      "chroot",
      "pivot_root",
      "mkdirat"),
  /**
   * mkdir, mkdirat, touch or rmdir through a read-only mount or on a read-only superblock
   * (__mnt_is_readonly(): the starting namespace's root, a mount remounted ro).
   */
  READ_ONLY(Errno.EROFS, "read-only", "mkdir", "mkdirat", "touch", "rmdir", "exec"),
  /** do_loopback(): the source mount is unbindable. */
  UNBINDABLE_SOURCE(Errno.EINVAL, "unbindable-source", "bind", "rbind"),
  /** do_loopback() without MS_REC: has_locked_children() at or below the source dentry. */
  LOCKED_CHILDREN(Errno.EINVAL, "locked-children", "bind", "move_mount-set-group"),
  /** copy_tree(): an unbindable mount to prune is locked (pruning would reveal what it hides). */
  PRUNE_LOCKED(Errno.EPERM, "prune-locked-unbindable", "rbind"),
  /** The path is not the root of a mount (move source, make-X target, umount target). */
  NOT_MOUNT_POINT(
      Errno.EINVAL,
      "not-mount-point",
      "move",
      "make",
      "umount",
      "remount-bind",
      "remount",
      "move_mount-set-group",
      "move_mount-beneath",
      "pivot_root"),
  /**
   * The mount has no parent: the namespace root. Scenario paths are at or below /mnt, so no
   * scenario reaches it; it is not a coverage target.
   */
  NAMESPACE_ROOT(Errno.EINVAL, "namespace-root"),
  /** MNT_LOCKED: do_move_mount() and do_umount() refuse to reveal what a locked mount covers. */
  LOCKED(Errno.EINVAL, "locked", "move", "umount", "move_mount-beneath", "pivot_root"),
  /** do_move_mount(): the mount to move resides under a shared mount. */
  PARENT_SHARED(Errno.EINVAL, "parent-shared", "move", "move_mount-beneath"),
  /** do_move_mount(): a shared destination and an unbindable mount in the moved tree. */
  UNBINDABLE_TO_SHARED(Errno.EINVAL, "unbindable-to-shared", "move", "move_mount-beneath"),
  /** do_move_mount(): the destination lies inside the tree being moved. */
  INTO_ITSELF(Errno.ELOOP, "into-itself", "move", "move_mount-beneath"),
  /** do_umount() without MNT_DETACH: the mount has children (the 6.17+ busy rule here). */
  BUSY(Errno.EBUSY, "busy", "umount"),
  /** count_mounts(): a receiving namespace would hold more than fs.mount-max mounts. */
  MOUNT_MAX(Errno.ENOSPC, "mount-max", "mount", "bind", "rbind", "move"),
  /**
   * A path component other than the last is a regular file (the path walk), or graft_tree() is
   * asked to put a directory on a file or a file on a directory.
   */
  NOT_DIRECTORY(Errno.ENOTDIR, "not-directory"),
  /**
   * A directory that rmdir removed (a mount's root keeps it): nothing can be made in it
   * (may_create: IS_DEADDIR) or mounted on it (do_lock_mount: the dentry is unlinked).
   */
  DELETED_DIRECTORY(
      Errno.ENOENT,
      "deleted-directory",
      "mkdir",
      "mkdirat",
      "touch",
      "mount",
      "bind",
      "move",
      "pivot_root",
      "exec"),
  /**
   * bind, rbind or move of a mount whose root directory was removed (seen on 6.18: after every
   * other check of do_loopback() and do_move_mount()).
   */
  DELETED_SOURCE(Errno.ENOENT, "deleted-source", "bind", "rbind", "move"),
  /**
   * vfs_rmdir(): the directory is a mount point in the caller's namespace (is_local_mountpoint).
   */
  LOCAL_MOUNTPOINT(Errno.EBUSY, "local-mountpoint", "rmdir"),
  /** simple_rmdir() (tmpfs): the directory holds entries. */
  NOT_EMPTY(Errno.ENOTEMPTY, "not-empty", "rmdir"),
  /** rmdir of a regular file (may_delete() on a non-directory). */
  RMDIR_FILE(Errno.ENOTDIR, "not-a-directory", "rmdir"),
  /**
   * mkdir -p of a path whose last component is a regular file; mkdirat(2) of a last component that
   * is there already (filename_create(), whatever it is).
   */
  FILE_EXISTS(Errno.EEXIST, "file-exists", "mkdirat"),
  /** do_move_mount(): a file moved onto a directory or a directory onto a file. */
  MOVE_KIND(Errno.EINVAL, "move-file-onto-directory"),
  /**
   * A mount namespace file where it may not go: do_loopback()'s mnt_ns_loop() (the namespace is not
   * newer than the caller's), copy_tree() without CL_COPY_MNT_NS_FILE at the root of a propagated
   * copy, setns() on a file that is not a namespace file.
   */
  NAMESPACE_FILE(Errno.EINVAL, "namespace-file"),
  /**
   * {@code exec N<>PATH} of a directory: bash's O_RDWR | O_CREAT open of a directory (do_open()
   * refuses O_CREAT on one, may_open() write access to one).
   */
  IS_DIRECTORY(Errno.EISDIR, "is-directory", "exec"),
  /**
   * Making a mount or a superblock read-only while a file is open for writing through it
   * (mnt_hold_writers() finds writers): mnt_make_readonly() for a bind remount,
   * sb_prepare_remount_readonly() over every mount of the superblock for a remount,
   * mount_setattr_prepare() over the mounts of the tree, do_umount_root() for {@code umount /}
   * (docs/semantics.md §2.19, C104).
   */
  WRITERS(Errno.EBUSY, "writers", "remount-bind", "remount", "mount_setattr", "umount"),
  /** do_umount(): the mount, or a childless propagated counterpart, is held by a reference. */
  HELD(Errno.EBUSY, "held"),
  /**
   * may_mount(): the caller has no CAP_SYS_ADMIN over the user namespace that owns its mount
   * namespace (a shell that {@code unshare -Ur} started). mount(2) and umount(2) resolve their
   * target first; open_tree(OPEN_TREE_CLONE), move_mount(), mount_setattr(), fsopen() and fsmount()
   * refuse before any lookup; fsconfig(FSCONFIG_CMD_CREATE) asks mount_capable() about the
   * context's user namespace (docs/semantics.md §2.20).
   */
  NOT_PRIVILEGED(
      Errno.EPERM,
      "may-mount",
      "mount",
      "bind",
      "rbind",
      "move",
      "make",
      "umount",
      "remount-bind",
      "remount",
      "open_tree",
      "move_mount",
      "mount_setattr",
      "fsopen",
      "fsconfig",
      "fsmount"),
  /** A {@code mountfd} line names a descriptor the shell does not hold (fdget() fails). */
  BAD_DESCRIPTOR(
      Errno.EBADF,
      "bad-descriptor",
      "open_tree",
      "move_mount",
      "move_mount-set-group",
      "move_mount-beneath",
      "fsmount",
      "chroot",
      "mkdirat"),
  /**
   * fsconfig() checks that its descriptor is not negative before it looks it up: a name not held,
   * passed as -1, is EINVAL there.
   */
  NEGATIVE_DESCRIPTOR(Errno.EINVAL, "negative-descriptor", "fsconfig"),
  /**
   * fsconfig() or fsmount() on an O_PATH descriptor (what open_tree() and fsmount() return):
   * fdget() does not hand out such a file.
   */
  PATH_DESCRIPTOR(Errno.EBADF, "path-only-descriptor", "fsconfig", "fsmount", "mount_setattr"),
  /** fsconfig() or fsmount() on a file that is no filesystem context (a user namespace's). */
  NOT_FS_CONTEXT(Errno.EINVAL, "not-fs-context", "fsconfig", "fsmount"),
  /**
   * build_mount_idmapped(): MOUNT_ATTR_IDMAP with a userns_fd that is no user namespace's file (0,
   * a name not held, a filesystem context).
   */
  NOT_USER_NAMESPACE(Errno.EINVAL, "not-user-namespace", "mount_setattr"),
  /** can_idmap_mount(): the mapping's user namespace is the one that owns the filesystem. */
  IDMAP_FILESYSTEM_OWNER(Errno.EINVAL, "idmap-filesystem-owner", "mount_setattr"),
  /** can_idmap_mount(): the mount is idmapped already (the mapping never changes). */
  IDMAP_SET(Errno.EPERM, "idmap-set", "mount_setattr"),
  /** can_idmap_mount(): the filesystem has no FS_ALLOW_IDMAP (tmpfs before 6.3, nsfs). */
  IDMAP_UNSUPPORTED(Errno.EINVAL, "idmap-unsupported", "mount_setattr"),
  /** can_idmap_mount(): no CAP_SYS_ADMIN over the superblock's owner. */
  IDMAP_NOT_OWNER(Errno.EPERM, "idmap-superblock-not-owned", "mount_setattr"),
  /** can_idmap_mount(): the mount is not in an anonymous namespace (it was shown already). */
  IDMAP_ATTACHED(Errno.EINVAL, "idmap-attached", "mount_setattr"),
  /**
   * fsconfig() on a context that was created already (vfs_fsconfig_locked(), vfs_cmd_create()), or
   * fsmount() of a context that was mounted once (its phase is no longer "awaiting mount").
   */
  CONTEXT_BUSY(Errno.EBUSY, "context-busy", "fsconfig", "fsmount"),
  /** fsconfig() of a second {@code source} (vfs_parse_fs_param_source(): "Multiple sources"). */
  SOURCE_SET(Errno.EINVAL, "source-set", "fsconfig"),
  /** fsmount() of a context without a superblock (no {@code fsconfig create} yet). */
  CONTEXT_NOT_CREATED(Errno.EINVAL, "context-not-created", "fsmount"),
  /** open_tree(): AT_RECURSIVE without OPEN_TREE_CLONE. */
  RECURSIVE_WITHOUT_CLONE(Errno.EINVAL, "recursive-without-clone", "open_tree"),
  /** open_tree(): OPEN_TREE_CLONE and OPEN_TREE_NAMESPACE together (vfs_open_tree()). */
  CLONE_AND_NAMESPACE(Errno.EINVAL, "clone-and-namespace", "open_tree"),
  /** open_tree(OPEN_TREE_NAMESPACE) of a file (create_new_namespace(): d_can_lookup()). */
  NAMESPACE_OF_FILE(Errno.ENOTDIR, "namespace-of-file", "open_tree"),
  /**
   * __do_loopback() from open_tree(OPEN_TREE_CLONE), or do_move_mount(): the mount is in no
   * namespace the caller may copy or move from (not the caller's, not the root of a detached tree).
   */
  NOT_OWN_MOUNT(
      Errno.EINVAL,
      "not-own-mount",
      "open_tree",
      "move_mount",
      "move_mount-set-group",
      "move_mount-beneath"),
  /**
   * do_move_mount(): the target is not in the caller's namespace (may_use_mount()), or is a
   * detached tree made from another namespace (check_anonymous_mnt()); do_mount_setattr(): the
   * mount is neither in the caller's namespace nor a detached tree's root (a descriptor kept across
   * {@code unshare -m}: the selftest wrong_mount_namespace).
   */
  FOREIGN_TARGET(Errno.EINVAL, "foreign-target", "move_mount", "mount_setattr"),
  /**
   * A flag the kernel does not know, refused before any lookup: open_tree()'s OPEN_TREE_NAMESPACE
   * before 7.0, move_mount()'s MOVE_MOUNT_SET_GROUP before 5.15 and MOVE_MOUNT_BENEATH before 6.5.
   */
  UNKNOWN_FLAG(
      Errno.EINVAL, "unknown-flag", "open_tree", "move_mount-set-group", "move_mount-beneath"),
  /**
   * do_set_group() and can_move_mount_beneath(): the target path is not the root of the mount it
   * resolves to (path_mounted()).
   */
  TARGET_NOT_MOUNT_ROOT(
      Errno.EINVAL, "target-not-mount-root", "move_mount-set-group", "move_mount-beneath"),
  /** do_set_group(): source and target are mounts of different superblocks. */
  OTHER_SUPERBLOCK(Errno.EINVAL, "other-superblock", "move_mount-set-group"),
  /** do_set_group(): the target's root is not at or below the source's root (is_subdir()). */
  ROOT_OUTSIDE_SOURCE(Errno.EINVAL, "root-outside-source", "move_mount-set-group"),
  /** do_set_group(): the target is already shared or a slave. */
  TARGET_NOT_PRIVATE(Errno.EINVAL, "target-not-private", "move_mount-set-group"),
  /** do_set_group() on 7.2: the target is unbindable (SET_GROUP_REFUSES_UNBINDABLE). */
  TARGET_UNBINDABLE(Errno.EINVAL, "target-unbindable", "move_mount-set-group"),
  /** do_set_group(): the source is neither shared nor a slave: it has no group to give. */
  SOURCE_PRIVATE(Errno.EINVAL, "source-private", "move_mount-set-group"),
  /** can_move_mount_beneath(): the top mount is MNT_LOCKED (before BENEATH_TAKES_OVER_LOCK). */
  TARGET_LOCKED(Errno.EINVAL, "target-locked", "move_mount-beneath"),
  /** can_move_mount_beneath(): something is mounted on the source's root (path_overmounted()). */
  SOURCE_OVERMOUNTED(Errno.EINVAL, "source-overmounted", "move_mount-beneath"),
  /**
   * can_move_mount_beneath(): the top mount's parent is the namespace root
   * (BENEATH_REFUSES_NAMESPACE_ROOT_CHILD).
   */
  TARGET_ON_NAMESPACE_ROOT(Errno.EINVAL, "target-on-namespace-root", "move_mount-beneath"),
  /** can_move_mount_beneath(): the source is the top mount or lies on it. */
  SOURCE_ON_TARGET(Errno.EINVAL, "source-on-target", "move_mount-beneath"),
  /**
   * can_move_mount_beneath(): propagation_would_overmount(): the parent propagates to the top mount
   * (or to an attached source) whose root is the mountpoint itself.
   */
  PROPAGATION_OVERMOUNTS(Errno.EINVAL, "propagation-overmounts", "move_mount-beneath"),
  /**
   * build_mount_kattr(): an invalid combination of attributes (mount_setattr(2)); fsmount(2): an
   * attribute bit it does not take or two atime modes.
   */
  BAD_ATTRIBUTES(Errno.EINVAL, "bad-attributes", "mount_setattr", "fsmount"),
  /**
   * build_mount_kattr(): a bit of attr_set, attr_clr or propagation that names no attribute
   * (outside MOUNT_SETATTR_VALID_FLAGS) or propagation type (mount_setattr(2)).
   */
  UNKNOWN_ATTRIBUTE_BITS(Errno.EINVAL, "unknown-attribute-bits", "mount_setattr"),
  /** The kernel has no such system call (mount_setattr(2) before 5.12). */
  NO_SYSCALL(Errno.ENOSYS, "no-syscall", "mount_setattr"),
  /**
   * can_change_locked_flags(): a remount would clear an attribute lock_mnt_tree() locked, or change
   * a locked atime mode (do_reconfigure_mnt(), do_remount()).
   */
  ATTRIBUTE_LOCKED(Errno.EPERM, "attribute-locked", "remount-bind", "remount"),
  /**
   * do_remount(): the caller has no CAP_SYS_ADMIN in the user namespace that owns the superblock (a
   * filesystem mounted before the shell's user namespace was made).
   */
  SUPERBLOCK_NOT_OWNED(Errno.EPERM, "superblock-not-owned", "remount"),
  /**
   * can_move_mount_beneath() from 6.5 until the 2026 rootfs-beneath series: the top mount at the
   * target is the caller's root mount (without BENEATH_UNDER_CALLER_ROOT).
   */
  TARGET_IS_CALLER_ROOT(Errno.EINVAL, "target-is-caller-root", "move_mount-beneath"),
  /**
   * can_umount()'s check_mnt(): {@code umount /} reaches a root that is in no namespace of the
   * caller (a {@code mountfd chroot} into a detached tree, dissolved or not).
   */
  ROOT_NOT_IN_NAMESPACE(Errno.EINVAL, "root-not-in-namespace", "umount"),
  /**
   * check_mnt() of the mount a mount(2) call puts a mount on or changes: do_add_mount() (a new
   * tmpfs), do_loopback() (bind, rbind), do_reconfigure_mnt() and do_remount(): after a {@code
   * mountfd chroot} into a detached tree every path is in no namespace of the caller (C103).
   */
  NOT_IN_NAMESPACE(
      Errno.EINVAL, "not-in-namespace", "mount", "bind", "rbind", "remount-bind", "remount"),
  /** chroot(2), pivot_root(2): LOOKUP_DIRECTORY on a path that ends on a regular file. */
  FILE_NOT_DIRECTORY(Errno.ENOTDIR, "file-target", "chroot", "pivot_root"),
  /** pivot_root(2): the mount at PUT_OLD is shared (IS_MNT_SHARED(old_mnt)). */
  PUT_OLD_SHARED(Errno.EINVAL, "put-old-shared", "pivot_root"),
  /** pivot_root(2): the parent of the new root's mount is shared (IS_MNT_SHARED(ex_parent)). */
  NEW_ROOT_PARENT_SHARED(Errno.EINVAL, "new-root-parent-shared", "pivot_root"),
  /**
   * pivot_root(2): the parent of the current root's mount is shared (IS_MNT_SHARED(root_parent)).
   */
  ROOT_PARENT_SHARED(Errno.EINVAL, "root-parent-shared", "pivot_root"),
  /** pivot_root(2): the new root or PUT_OLD lies on the current root's mount. */
  ON_ROOT_MOUNT(Errno.EBUSY, "on-root-mount", "pivot_root"),
  /** pivot_root(2): the current root is not the root of its mount (a chroot into a directory). */
  ROOT_NOT_MOUNT_POINT(Errno.EINVAL, "root-not-mount-point", "pivot_root"),
  /**
   * pivot_root(2): the current root's mount has no parent (a guest's root is the initramfs rootfs
   * itself; the host's root is mounted on one).
   */
  ROOT_NOT_ATTACHED(Errno.EINVAL, "root-not-attached", "pivot_root"),
  /** pivot_root(2): PUT_OLD is not at or below the new root (is_path_reachable()). */
  PUT_OLD_OUTSIDE(Errno.EINVAL, "put-old-outside-new-root", "pivot_root"),
  /**
   * {@code mountfd userns NAME}: create_user_ns() refuses a caller whose root is not its mount
   * namespace's (current_chrooted(), since 3.9: a chroot, not a pivot_root).
   */
  CHROOTED_CALLER(Errno.EPERM, "chrooted-caller", "userns"),
  /**
   * {@code mountfd userns}: after a root change /proc is not under the caller's root, and the line
   * opens /proc/self/ns/user (or writes the new namespace's maps under /proc/PID).
   */
  PROC_OUTSIDE_ROOT(Errno.ENOENT, "proc-outside-root", "userns");

  private final Errno errno;
  private final String tag;
  private final List<String> commands;

  ErrorSite(Errno errno, String tag, String... commands) {
    this.errno = errno;
    this.tag = tag;
    this.commands = List.of(commands);
  }

  public Errno errno() {
    return errno;
  }

  public String tag() {
    return tag;
  }

  /** The scenario commands (see {@code CommandKind}) that can fail here. */
  public List<String> commands() {
    return commands;
  }

  /** The coverage target name for a failure of {@code command} here. */
  public String target(String command) {
    return command + "/" + errno.name() + "/" + tag;
  }
}
