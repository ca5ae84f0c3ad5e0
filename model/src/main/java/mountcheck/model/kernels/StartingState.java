package mountcheck.model.kernels;

/** What the scenario's namespace holds before its first line. */
public sealed interface StartingState {
  /**
   * The mounts a guest's namespace holds when a scenario starts: the rootfs, {@code /proc} and
   * {@code /dev} that the guest's init mounts; nothing at or below {@code /mnt}.
   */
  int GUEST_MOUNTS = 3;

  /**
   * The same on a kernel whose init_mount_tree() mounts the rootfs on an immutable nullfs (7.0 and
   * later; Debian's 7.2.13 guest): four mounts, and the rootfs has a parent (docs/semantics.md
   * §8.3).
   */
  int NULLFS_GUEST_MOUNTS = 4;

  /**
   * The host's mounts, which {@code unshare -Urm} copies in: read from the machine when a scenario
   * runs, those at or below {@code /mnt} as locked opaque mounts.
   */
  record HostMounts() implements StartingState {}

  /** The guest init's mounts. */
  record GuestInit(int mountsBefore) implements StartingState {}
}
