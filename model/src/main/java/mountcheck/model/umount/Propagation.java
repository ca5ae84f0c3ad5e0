package mountcheck.model.umount;

import static mountcheck.model.umount.MountGraph.NONE;

/**
 * Walks of the propagation graph that propagate_umount uses (fs/pnode.c: propagation_next,
 * __propagation_next and both forms of skip_propagation_subtree). A walk from origin p visits
 * Receivers(p): every peer of p except p and everything downstream, depth first, masters before
 * their slaves. Every mount a walk reaches costs one unit of work. All graphs here hold attached
 * mounts only, so the kernel's "new mount" exception never applies.
 */
final class Propagation {
  private Propagation() {}

  /** The first receiver of origin, or NONE: {@code propagation_next(p, p)}. */
  static int first(MountGraph g, int origin, Work work) {
    return next(g, origin, origin, work);
  }

  /** One pre-order step: into m's slave list if it has one, otherwise forward and up. */
  static int next(MountGraph g, int m, int origin, Work work) {
    int slave = g.firstSlave(m);
    if (slave != NONE) {
      work.tick();
      return slave;
    }
    return forwardAndUp(g, m, origin, work);
  }

  /**
   * The "forward and up" half of propagation_next (2025: {@code __propagation_next}): the next peer
   * at the top level, else the next entry of the master's slave list, climbing to the master at the
   * end of each list.
   */
  static int forwardAndUp(MountGraph g, int m, int origin, Work work) {
    int topMaster = g.master(origin);
    while (true) {
      int master = g.master(m);
      if (master == topMaster) {
        int peer = g.nextPeer(m);
        if (peer == origin) {
          return NONE;
        }
        work.tick();
        return peer;
      }
      int sibling = g.nextSlave(m);
      if (sibling != NONE) {
        work.tick();
        return sibling;
      }
      work.tick();
      m = master;
    }
  }

  /**
   * 2025 skip_propagation_subtree (f0d0ba19985d): the first mount after m's peer group and
   * everything downstream of it, or NONE. The caller uses the result as the next receiver.
   */
  static int skipGroup(MountGraph g, int m, int origin, Work work) {
    int p = forwardAndUp(g, m, origin, work);
    while (p != NONE && g.arePeers(m, p)) {
      p = forwardAndUp(g, p, origin, work);
    }
    return p;
  }

  /**
   * 2017 skip_propagation_subtree (296990deb389): jump to m's last slave so that the caller's next
   * {@link #next} step leaves m's slave list. Peers of m are not skipped, and a last slave with
   * slaves of its own is descended into (the corner case noted in Al Viro's 2025 bug report).
   */
  static int skipToLastSlave(MountGraph g, int m, Work work) {
    int last = g.lastSlave(m);
    if (last == NONE) {
      return m;
    }
    work.tick();
    return last;
  }
}
