package mountcheck.model.rcu;

/**
 * One lockless mount-namespace reader.
 *
 * @param phase where it is
 * @param inside inside an RCU read-side critical section (grace periods wait for it)
 * @param sawNull the mnt_ns it read was NULL (the mount had left its namespace)
 */
public record NsReader(NsReaderPhase phase, boolean inside, boolean sawNull) {
  public static final NsReader IDLE = new NsReader(NsReaderPhase.IDLE, false, false);

  public NsReader at(NsReaderPhase p, boolean in) {
    return new NsReader(p, in, sawNull);
  }

  public NsReader at(NsReaderPhase p, boolean in, boolean isNull) {
    return new NsReader(p, in, isNull);
  }
}
