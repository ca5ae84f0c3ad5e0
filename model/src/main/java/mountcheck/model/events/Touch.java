package mountcheck.model.events;

/**
 * One step of the kernel's namespace change counters (fs/namespace.c): a global {@code event}
 * counter and each namespace's {@code ns->event}, which poll() on /proc/PID/mountinfo compares with
 * the value the open file last saw (mounts_poll() in fs/proc_namespace.c).
 */
public sealed interface Touch {
  /**
   * touch_mnt_namespace(ns): {@code ns->event = ++event} (commit_tree(), one per attached tree).
   */
  record Increment(int namespace) implements Touch {}

  /** A bare {@code event++}: do_umount() once its first checks pass, before the busy check. */
  record Bump() implements Touch {}

  /**
   * __touch_mnt_namespace(ns): {@code ns->event = event} when it differs (umount_tree(), once per
   * victim, for the namespace the victim leaves).
   */
  record CatchUp(int namespace) implements Touch {}
}
