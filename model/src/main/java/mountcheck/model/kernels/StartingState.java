package mountcheck.model.kernels;

/** What the scenario's namespace holds before its first line. */
public sealed interface StartingState {
  /**
   * The mounts a guest's namespace holds when a scenario starts: the rootfs, {@code /proc} and
   * {@code /dev} that the guest's init mounts; nothing at or below {@code /mnt}.
   */
  int GUEST_MOUNTS = 3;

  /**
   * The host's mounts, which {@code unshare -Urm} copies in: read from the machine when a scenario
   * runs, those at or below {@code /mnt} as locked opaque mounts.
   */
  record HostMounts() implements StartingState {}

  /** The guest init's mounts. */
  record GuestInit(int mountsBefore) implements StartingState {}
}
