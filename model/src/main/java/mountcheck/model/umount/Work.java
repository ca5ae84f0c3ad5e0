package mountcheck.model.umount;

/**
 * A machine-independent cost counter for one run of a propagate_umount generation: one unit per
 * hash lookup, per mount reached by a propagation walk, per child examined and per parent step
 * climbed. Local to one {@code plan} call; never shared.
 */
final class Work {
  private long units;

  void add(long n) {
    units += n;
  }

  void tick() {
    units++;
  }

  long units() {
    return units;
  }

  /** {@link MountGraph#lookup}, counted. */
  int lookup(MountGraph g, int parent, int dentry) {
    units++;
    return g.lookup(parent, dentry);
  }
}
