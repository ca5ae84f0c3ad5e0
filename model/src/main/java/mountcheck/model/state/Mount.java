package mountcheck.model.state;

/**
 * One {@code struct mount}, reduced to what propagation and umount observe.
 *
 * <p>Ids are never reused in the model (like {@code mnt_id_unique}), so creation order is id order,
 * which is also the order /proc/self/mountinfo lists mounts in (6.8+ rbtree by unique id).
 *
 * @param id mount id, positive
 * @param superblock id of the superblock (its anonymous device minor)
 * @param root dentry that is this mount's root (a subdirectory for bind mounts)
 * @param parent parent mount id, or 0 for a namespace root
 * @param mountpoint dentry in the parent's superblock where this mount is attached (0 if none)
 * @param group peer group id, 0 when not shared ({@code mnt_group_id}; 6.17+: 0 = not shared)
 * @param master master mount id (a member of the master group), 0 when not a slave
 * @param unbindable T_UNBINDABLE
 * @param locked MNT_LOCKED: hides what it covers from a less privileged namespace
 * @param namespace id of the mount namespace the mount belongs to
 * @param attributes the per-mount attributes (ro, nosuid, nodev, noexec, atime, nosymfollow)
 * @param attributeLocks the MNT_LOCK_* flags that keep attributes from being cleared
 */
public record Mount(
    int id,
    int superblock,
    int root,
    int parent,
    int mountpoint,
    int group,
    int master,
    boolean unbindable,
    boolean locked,
    int namespace,
    MountAttributes attributes,
    AttributeLocks attributeLocks) {

  public Mount {
    if (attributes == null || attributeLocks == null)
      throw new IllegalArgumentException("attributes and locks are required");
  }

  /** A mount with the attributes mount(2) gives by default and no attribute lock. */
  public Mount(
      int id,
      int superblock,
      int root,
      int parent,
      int mountpoint,
      int group,
      int master,
      boolean unbindable,
      boolean locked,
      int namespace) {
    this(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        unbindable,
        locked,
        namespace,
        MountAttributes.DEFAULT,
        AttributeLocks.NONE);
  }

  public boolean shared() {
    return group != 0;
  }

  public boolean slave() {
    return master != 0;
  }

  public boolean hasParent() {
    return parent != 0;
  }

  public Mount withParent(int newParent, int newMountpoint) {
    return new Mount(
        id,
        superblock,
        root,
        newParent,
        newMountpoint,
        group,
        master,
        unbindable,
        locked,
        namespace,
        attributes,
        attributeLocks);
  }

  public Mount withGroup(int newGroup) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        newGroup,
        master,
        unbindable,
        locked,
        namespace,
        attributes,
        attributeLocks);
  }

  public Mount withMaster(int newMaster) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        newMaster,
        unbindable,
        locked,
        namespace,
        attributes,
        attributeLocks);
  }

  public Mount withUnbindable(boolean value) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        value,
        locked,
        namespace,
        attributes,
        attributeLocks);
  }

  public Mount withLocked(boolean value) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        unbindable,
        value,
        namespace,
        attributes,
        attributeLocks);
  }

  public Mount withNamespace(int ns) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        unbindable,
        locked,
        ns,
        attributes,
        attributeLocks);
  }

  public Mount withAttributes(MountAttributes value) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        unbindable,
        locked,
        namespace,
        value,
        attributeLocks);
  }

  public Mount withAttributeLocks(AttributeLocks value) {
    return new Mount(
        id,
        superblock,
        root,
        parent,
        mountpoint,
        group,
        master,
        unbindable,
        locked,
        namespace,
        attributes,
        value);
  }
}
