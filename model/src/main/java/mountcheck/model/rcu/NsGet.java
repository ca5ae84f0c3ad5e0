package mountcheck.model.rcu;

/**
 * How the nsfs-handle and listns readers get and drop a namespace reference (Linux 7.2:
 * ns_get_unless_inactive in include/linux/ns_common.h, called by fs/nsfs.c nsfs_fh_to_dentry and
 * kernel/nstree.c legitimize_ns), and the ways of getting it wrong that the planted designs model.
 */
public enum NsGet {
  /**
   * No such readers: kernels before nsfs file handles (5222470b2fbb, 6.18) and listns(2) (6.19),
   * such as 6.12; the ns-get scenario does not apply to the design.
   */
  NONE,
  /**
   * 7.2: the tree lookup and ns_get_unless_inactive under rcu_read_lock (the tree's reference is
   * dropped after a grace period); the active-user count checked, then refcount_inc_not_zero; the
   * put after rcu_read_unlock.
   */
  UNLESS_INACTIVE_UNDER_RCU,
  /** The lookup and the get without rcu_read_lock: the namespace may be freed in between. */
  WITHOUT_RCU,
  /**
   * The active-user check then an unconditional increment (refcount_inc, not _not_zero): a
   * namespace whose last reference went between the two is taken again from 0.
   */
  UNCONDITIONAL_INC,
  /**
   * listns dropping its reference with ns_put before rcu_read_unlock: the last put runs put_mnt_ns,
   * which takes namespace_sem (down_write sleeps) inside the read-side section.
   */
  PUT_UNDER_RCU;

  /** The lookup and the get run inside a read-side section. */
  public boolean underRcu() {
    return this != WITHOUT_RCU;
  }
}
