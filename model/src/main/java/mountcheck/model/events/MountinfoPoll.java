package mountcheck.model.events;

import java.util.Locale;

/**
 * When poll() on an open /proc/PID/mountinfo reports a change (EPOLLERR | EPOLLPRI), under two
 * rules. The file remembers a value of its namespace's {@code ns->event}, set when it is opened.
 *
 * <ul>
 *   <li>{@link Rule#SINCE_LAST_POLL}, the kernel's (mounts_poll() in fs/proc_namespace.c): poll
 *       reports a change when {@code ns->event} differs from the remembered value, and remembers
 *       the new value; reading does not touch it.
 *   <li>{@link Rule#SINCE_LAST_READ}, the rule proposed in 2017 for readers of large tables (an
 *       autofs user with 30,000 mounts): poll reports a change when {@code ns->event} differs from
 *       the value remembered at the last read from offset 0; only such a read remembers it.
 * </ul>
 *
 * @param remembered the value of {@code ns->event} the open file remembers
 */
public record MountinfoPoll(Rule rule, long remembered) {
  public enum Rule {
    SINCE_LAST_POLL,
    SINCE_LAST_READ;

    public String word() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** The file just opened: mounts_open_common() remembers the current {@code ns->event}. */
  public static MountinfoPoll open(Rule rule, long nsEvent) {
    return new MountinfoPoll(rule, nsEvent);
  }

  /** What poll() answers now. */
  public boolean reportsChange(long nsEvent) {
    return nsEvent != remembered;
  }

  /** The file after a poll() that saw {@code nsEvent}. */
  public MountinfoPoll afterPoll(long nsEvent) {
    return rule == Rule.SINCE_LAST_POLL ? new MountinfoPoll(rule, nsEvent) : this;
  }

  /** The file after a read from offset 0 that started when the counter was {@code nsEvent}. */
  public MountinfoPoll afterRead(long nsEvent) {
    return rule == Rule.SINCE_LAST_READ ? new MountinfoPoll(rule, nsEvent) : this;
  }
}
