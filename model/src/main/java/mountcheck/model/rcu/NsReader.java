package mountcheck.model.rcu;

/**
 * One lockless mount-namespace reader.
 *
 * @param phase where it is
 * @param inside inside an RCU read-side critical section (grace periods wait for it)
 * @param sawNull the mnt_ns it read was NULL (the mount had left its namespace)
 * @param seen the namespace the mnt_ns it read names, -1 for none read or NULL (a mount that
 *     move_mount took out of an anonymous namespace names its new one)
 */
public record NsReader(NsReaderPhase phase, boolean inside, boolean sawNull, int seen) {
  public static final NsReader IDLE = new NsReader(NsReaderPhase.IDLE, false, false, -1);

  public NsReader at(NsReaderPhase p, boolean in) {
    return new NsReader(p, in, sawNull, seen);
  }

  public NsReader at(NsReaderPhase p, boolean in, boolean isNull) {
    return new NsReader(p, in, isNull, seen);
  }

  /** At phase {@code p} having read mnt_ns: namespace {@code ns}, or NULL when it is -1. */
  public NsReader read(NsReaderPhase p, boolean in, int ns) {
    return new NsReader(p, in, ns < 0, ns);
  }
}
