package mountcheck.model.semantics;

/**
 * A rule of the mount semantics that differs between kernel series, each switched on or off by a
 * {@link KernelProfile}. Every rule names the release (or commit) where it changed and has a
 * conformance case that shows it on the kernels of the matrix.
 */
public enum KernelRule implements Rule {
  /**
   * copy_mnt_ns(): the copies of unbindable mounts stay unbindable. Kept up to 6.16, where
   * clone_mnt() copied MNT_UNBINDABLE with the other mnt_flags; 6.17 moved the mark to mnt_t_flags,
   * which clone_mnt() does not copy, so 6.18 drops it; 7.2 keeps it again. The rule dates from
   * 9676f0c6389b ("[PATCH] unbindable mounts", 2.6.15); the loss starts with 406fea799925 ("mount:
   * separate the flags accessed only under namespace_sem", 6.17); it is restored by 1ab8904ae61b
   * ("mount: keep a copied mount unbindable", 2026), in Linux 7.2.11. Shown by
   * conformance/C10a-clone-same-userns and probes/a2-namespace-copy-drops-unbindable; written up in
   * docs/findings/namespace-copy-drops-unbindable.md.
   */
  UNBINDABLE_KEPT_ON_NAMESPACE_COPY(
      "a namespace copy keeps the unbindable mark of every unbindable mount",
      "9676f0c6389b (2.6.15) up to 6.16; lost with 406fea799925 (6.17, mnt_t_flags) in"
          + " 6.17/6.18 and 7.2.0-7.2.10; back with 1ab8904ae61b (mainline 2026, 7.2.11)"),

  /**
   * attach_recursive_mnt() tucking (1064f874abc0, v4.11): a propagated copy that slides under a
   * locked mount is locked too, so a plain bind of its parent in the less privileged namespace
   * cannot expose what the locked mount covered; the locked mount keeps its own lock. 5.10, 6.1,
   * 6.12 and the host's 6.18 leave the tucked copy unlocked; Debian's 7.2.13 locks it. Source:
   * d74d66aa708c ("namespace: keep the lock on a mount that a propagated copy is moved beneath",
   * mainline 2026), listed for Linux 7.2.11 in Debian's changelog (no 7.2.10 booted). Shown by
   * conformance/C29-tuck-under-locked (line 32: works on 6.18 and older, EINVAL on 7.2); written up
   * in docs/findings/tucked-copy-left-unlocked.md.
   */
  TUCKED_COPY_TAKES_LOCK(
      "a propagated copy tucked under a locked mount is locked too",
      "not in 5.10, 6.1, 6.12, 6.18; in 7.2.13 (C29 line 32); d74d66aa708c (mainline 2026,"
          + " 7.2.11)"),

  /**
   * attach_recursive_mnt() from 3bd045cc9c4b (v5.0, "separate copying and locking mount tree on
   * cross-userns copies") until ce7df1968653 ("attach_recursive_mnt(): do not lock the covering
   * tree when sliding something under it", 2025, backported to the stable series): when a copy
   * propagated into another user namespace slides under a mount already there, the mount above and
   * everything on it are moved onto the copy first and then locked with it, so a later umount
   * propagation leaves them in place. Debian's 5.10.223 predates the backport; 6.1.176, 6.12 and
   * later have it. Shown by conformance/C31-tuck-locks-covering-tree (its last line).
   */
  COVERING_TREE_LOCKED_ON_TUCK(
      "a mount that a copy propagated into another user namespace slides under is locked, with"
          + " everything on it",
      "3bd045cc9c4b (5.0) until ce7df1968653 (2025, stable backports); in Debian's 5.10.223,"
          + " not in 6.1.176, 6.12, 6.18, 7.2"),

  /**
   * move_mount(2) looks up the source (from_dfd, from_pathname) before the target, so a call with a
   * bad source descriptor and a missing target path is EBADF: 5.10, 6.1 and 6.12. 6.18 and 7.2 look
   * up the target first (ENOENT); the order changed between 6.12 and 6.18 when move_mount() was
   * rewritten to take empty paths with getname_maybe_null() (the exact commit is not identified).
   * Shown by conformance/C46-move-mount-lookup-order (line 7); found by conform --fd-api.
   */
  MOVE_MOUNT_SOURCE_FIRST(
      "move_mount(2) resolves its source before its target",
      "5.10, 6.1, 6.12; target first by 6.18 (commit not identified)"),

  /**
   * The system call mount_setattr(2) does not exist: it came with 2a1867219c7b ("fs: add
   * mount_setattr()", v5.12), so 5.10 answers ENOSYS. Shown by conformance/C45-mount-setattr (every
   * mount_setattr line on 5.10).
   */
  NO_MOUNT_SETATTR("mount_setattr(2) is ENOSYS", "before 2a1867219c7b (v5.12): 5.10"),

  /**
   * fsmount(2) refuses MOUNT_ATTR_NOSYMFOLLOW (EINVAL): nosymfollow came as a mount(2) option
   * (dab741e0e02b, v5.10); the attribute bit and its place in FSMOUNT_VALID_FLAGS came with
   * dd8b477f9a3d ("mount: Support \"nosymfollow\" in new mount api", v5.14), so 5.10 refuses an
   * unknown bit. On for 5.10. Shown by conformance/C53-fsopen-fsmount (its nosymfollow line).
   */
  FSMOUNT_WITHOUT_NOSYMFOLLOW(
      "fsmount(2) refuses MOUNT_ATTR_NOSYMFOLLOW", "before dd8b477f9a3d (v5.14): 5.10"),

  /**
   * tmpfs has no FS_ALLOW_IDMAP: can_idmap_mount() refuses MOUNT_ATTR_IDMAP on a tmpfs mount with
   * EINVAL. tmpfs takes idmapped mounts from 7a80e5b8c6fa ("shmem: support idmapped mounts for
   * tmpfs", v6.3). On for 5.10 (which has no mount_setattr at all) and 6.1. Shown by
   * conformance/C54-idmapped-mounts.
   */
  TMPFS_WITHOUT_IDMAP("a tmpfs mount cannot be idmapped", "before 7a80e5b8c6fa (v6.3): 5.10, 6.1"),

  /**
   * open_tree(2) takes OPEN_TREE_NAMESPACE (Christian Brauner's series, v7.0): a new mount
   * namespace holding a copy of the tree, its descriptor a namespace file. Without it (5.10 to
   * 6.18, the model's baseline) vfs_open_tree() refuses the unknown flag with EINVAL before it
   * looks at the path. A rule that a kernel gains rather than lacks, since the baseline (6.18) has
   * no such flag. On for 7.2. Shown by conformance/C55-open-tree-namespace.
   */
  OPEN_TREE_NAMESPACE_FLAG(
      "open_tree(2) takes OPEN_TREE_NAMESPACE", "v7.0 and later: 7.2 (EINVAL before)"),

  /**
   * lock_mnt_tree(), on a copy into a less privileged user namespace (unshare -Urm), sets
   * MNT_LOCKED on every mount of the copy, its root included, and later copies keep the flag. So on
   * a guest, whose namespace root is the initramfs rootfs itself, {@code pivot_root /mnt /mnt} is
   * EINVAL (a locked new root) before the EBUSY of a new root on the root's own mount. Debian's
   * 7.2.13 leaves the copy's root unlocked (its lock_mnt_tree() skips it; there the copy's root is
   * the immutable nullfs, and the rootfs on it is locked as a child); the exact commit is not
   * identified. On the host the copy's root is the rootfs under /, which no line reaches. On for
   * 5.10, 6.1, 6.12. Shown by conformance/C76-pivot-onto-starting-root.
   */
  COPY_ROOT_LOCKED(
      "the root of a namespace copied into a less privileged user namespace is locked",
      "lock_mnt_tree() locks the copy's root in 5.10, 6.1, 6.12; 7.2.13 skips it (commit not"
          + " identified)"),

  /**
   * IS_MNT_NEW() in fs/pnode.h counts a mount of an anonymous namespace (a detached tree held by an
   * open_tree(OPEN_TREE_CLONE) or fsmount() descriptor) as new, so next_group() and
   * propagation_next() never descend into its slave list: a mount made a slave of a detached peer
   * (make-slave picks a peer with the same root as its master) receives no mount and no umount
   * propagation from the group while that peer stays detached. The anonymous-namespace test came
   * with ee2e3f50629f ("mount: fix mounting of detached mounts onto targets that reside on shared
   * mounts", v5.12) and is gone from IS_MNT_NEW() in 6.18 and 7.2, where propagate_one() alone
   * skips an anonymous namespace's mounts, so those slaves are reached: 3b5260d12b1f ("Don't
   * propagate mounts into detached trees", v6.16 and 6.15 stable), after the 6.15 detached-tree
   * series had dropped the test. On for 5.10, 6.1, 6.12 (their fs/pnode.h). Shown by
   * conformance/C79-slave-of-detached-peer; found by conform --kernel 5.10 --seed 20261205; written
   * up in docs/findings/detached-peer-hides-slaves.md.
   */
  DETACHED_PEER_HIDES_SLAVES(
      "propagation skips the slaves of a peer that is in a detached tree",
      "ee2e3f50629f (v5.12) until 3b5260d12b1f (v6.16, 6.15 stable): 5.10, 6.1, 6.12"),

  /**
   * __do_loopback() from open_tree(OPEN_TREE_CLONE) copies only a mount of the caller's namespace
   * (or a namespace file): a mount of a detached tree is EINVAL. The 6.15 mount series (Christian
   * Brauner, may_copy_tree() with check_anonymous_mnt()) accepts an anonymous namespace made from
   * the caller's. On for 5.10, 6.1, 6.12. Shown by conformance/C40-detached-tree-reused (line 20).
   */
  NO_COPY_OF_DETACHED_TREE(
      "open_tree(OPEN_TREE_CLONE) refuses a mount of a detached tree",
      "before v6.15 (may_copy_tree(), check_anonymous_mnt()): 5.10, 6.1, 6.12"),

  /**
   * do_move_mount() wants its target in the caller's namespace (may_use_mount() was check_mnt()): a
   * detached tree cannot be mounted on another before either is attached. From the same 6.15 series
   * the target may be a mount of another detached tree (check_anonymous_mnt()); an attached source
   * still needs a target in the caller's namespace. On for 5.10, 6.1, 6.12. Shown by
   * conformance/C40-detached-tree-reused (line 21).
   */
  NO_MOUNT_ON_DETACHED_TREE(
      "move_mount() refuses a target in a detached tree",
      "before v6.15 (may_use_mount(), check_anonymous_mnt()): 5.10, 6.1, 6.12"),

  /**
   * move_mount(2) knows no MOVE_MOUNT_SET_GROUP: the flag came with 9ffb14ef61ba ("move_mount:
   * allow to add a mount into an existing group", v5.15), so 5.10 refuses it as an unknown flag
   * (EINVAL) before looking anything up. Shown by conformance/C48-set-group-joins-peers (every
   * SET_GROUP line on 5.10).
   */
  NO_MOVE_MOUNT_SET_GROUP(
      "move_mount(2) refuses MOVE_MOUNT_SET_GROUP as an unknown flag (EINVAL)",
      "before 9ffb14ef61ba (v5.15): 5.10"),

  /**
   * move_mount(2) knows no MOVE_MOUNT_BENEATH: the flag came with 6ac392815628 ("fs: allow to mount
   * beneath top mount", v6.5), so 5.10 and 6.1 refuse it as an unknown flag (EINVAL) before looking
   * anything up. Shown by conformance/C50-beneath-tucks-under-top (every BENEATH line on 5.10 and
   * 6.1).
   */
  NO_MOVE_MOUNT_BENEATH(
      "move_mount(2) refuses MOVE_MOUNT_BENEATH as an unknown flag (EINVAL)",
      "before 6ac392815628 (v6.5): 5.10, 6.1"),

  /**
   * can_move_mount_beneath() (6ac392815628, v6.5) refuses a target whose parent is the root of the
   * caller's mount namespace: mounting beneath such a mount made sense only with pivot_root(".",
   * "."). The 2026 series that allows mounting beneath the rootfs (Christian Brauner, with the
   * move_mount selftests beneath_rootfs_*) dropped the refusal: 7.2 mounts beneath /mnt of the
   * guest, whose parent is the namespace root. On for 6.12; the host's /mnt does not sit on its
   * namespace's root, so 6.18 cannot show it either way. Shown by conformance/C51-beneath-refusals
   * (line 48 on the guests).
   */
  BENEATH_REFUSES_NAMESPACE_ROOT_CHILD(
      "MOVE_MOUNT_BENEATH refuses a target mounted on the namespace root (EINVAL)",
      "6ac392815628 (v6.5) until the 2026 rootfs-beneath series: 6.12 (not in 7.2)"),

  /**
   * MOVE_MOUNT_BENEATH may take the caller's root mount as its top mount: a clone of the root goes
   * beneath it, and a chroot into the clone then lets the old root be detached (the move_mount
   * selftests beneath_rootfs_*). From 6ac392815628 (v6.5) to 6.18 can_move_mount_beneath() refuses
   * a top mount that is the caller's root mount (fs->root.mnt, EINVAL): mounting beneath the root
   * was left to pivot_root(".", "."). The 2026 rootfs-beneath series (Christian Brauner; commit
   * unidentified) drops the refusal, and only a root that is no mount's root is refused
   * (path_mounted() in do_lock_mount(), EINVAL). A rule that a kernel gains: on for 7.2 (5.10 and
   * 6.1 have no MOVE_MOUNT_BENEATH). Shown by conformance/C90-beneath-caller-root.
   */
  BENEATH_UNDER_CALLER_ROOT(
      "MOVE_MOUNT_BENEATH may mount beneath the caller's root mount",
      "the 2026 rootfs-beneath series (commit unidentified): 7.2; 6.5 to 6.18 refuse it (EINVAL,"
          + " 6ac392815628)"),

  /**
   * can_move_mount_beneath() refuses a locked top mount (MNT_LOCKED, EINVAL) up to 6.18. The 2026
   * series (Christian Brauner; selftests beneath_non_rootfs_locked_transfer and _containment)
   * accepts it and moves the lock: the mount put beneath becomes MNT_LOCKED and the former top
   * loses the lock, so it can be unmounted while the new mount cannot. On for 7.2. Shown by
   * conformance/C52-beneath-takes-over-lock.
   */
  BENEATH_TAKES_OVER_LOCK(
      "MOVE_MOUNT_BENEATH under a locked mount moves MNT_LOCKED to the mount put beneath",
      "2026 (mount-beneath lock transfer series): 7.2; 6.12 and 6.18 refuse (EINVAL)"),

  /**
   * do_set_group() on 7.2 refuses an unbindable target (EINVAL); 5.15 to 6.18 accept it and the
   * target, made shared, loses the unbindable mark (set_mnt_shared() clears T_SHARED_MASK). From
   * a2b42babc912 ("mount: refuse MOVE_MOUNT_SET_GROUP on an unbindable mount", mainline 2026, in
   * 7.2.11). Shown by conformance/C49-set-group-refusals (line 30); written up in
   * docs/findings/set-group-clears-unbindable.md.
   */
  SET_GROUP_REFUSES_UNBINDABLE(
      "MOVE_MOUNT_SET_GROUP refuses an unbindable target (EINVAL)",
      "a2b42babc912 (mainline 2026, 7.2.11): 7.2; 6.1, 6.12 and 6.18 accept it");

  private final String statement;
  private final String source;

  KernelRule(String statement, String source) {
    this.statement = statement;
    this.source = source;
  }

  @Override
  public String statement() {
    return statement;
  }

  /** The releases or commits it comes from. */
  public String source() {
    return source;
  }
}
