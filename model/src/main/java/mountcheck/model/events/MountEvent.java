package mountcheck.model.events;

import java.util.Locale;

/**
 * One mount notification as a fanotify mount-namespace mark reports it (Linux 6.15+, mnt_notify()
 * in fs/namespace.c): a mount entered, left, or moved within a namespace.
 *
 * @param kind what happened
 * @param namespace the namespace whose mark receives the event
 * @param mount the mount's id
 */
public record MountEvent(Kind kind, int namespace, int mount) {
  /** The three event shapes; a move is one event with both bits, never two events. */
  public enum Kind {
    /** FAN_MNT_ATTACH: the mount joined the namespace (it had none before the syscall). */
    ATTACH,
    /** FAN_MNT_DETACH: the mount left the namespace (it has none after the syscall). */
    DETACH,
    /** FAN_MNT_ATTACH | FAN_MNT_DETACH: same namespace before and after, new place. */
    MOVE;

    /**
     * The event mask fanotify reports: FAN_MNT_ATTACH = 0x01000000, FAN_MNT_DETACH = 0x02000000.
     */
    public long fanotifyMask() {
      return switch (this) {
        case ATTACH -> 0x01000000L;
        case DETACH -> 0x02000000L;
        case MOVE -> 0x03000000L;
      };
    }

    /** The kind an event mask stands for. */
    public static Kind ofFanotifyMask(long mask) {
      long bits = mask & 0x03000000L;
      if (bits == 0x01000000L) return ATTACH;
      if (bits == 0x02000000L) return DETACH;
      if (bits == 0x03000000L) return MOVE;
      throw new IllegalArgumentException("not a mount event mask: 0x" + Long.toHexString(mask));
    }

    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
