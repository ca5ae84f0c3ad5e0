package mountcheck.model.rcu;

/**
 * The steps of an RCU path walker: rcu_read_lock and read_seqbegin(mount_lock), __lookup_mnt, the
 * walk into the mount, legitimize_mnt (sequence check and increment, barrier, recheck), then
 * rcu_read_unlock and return (fs/namespace.c __legitimize_mnt, legitimize_mnt; docs/semantics.md
 * §4.1; the MNT_SYNC_UMOUNT test under mount_lock is the 6.15-rc fix). When the recheck fails on a
 * mount that is neither MNT_SYNC_UMOUNT nor MNT_DOOMED, legitimize_mnt drops its increment with
 * mntput after rcu_read_unlock, so no grace period waits for that put.
 *
 * <p>A {@code ..} walker (fs/namei.c follow_dotdot_rcu, choose_mountpoint_rcu) starts at the root
 * of its working directory's mount, which it holds: it reads that mount's mnt_parent and, when the
 * mount is connected, the mountpoint dentry in the parent, then checks mount_lock (a change fails
 * the RCU walk with -ECHILD) and legitimizes the parent when it leaves RCU mode; on return it puts
 * what it legitimized and its working directory.
 */
final class ReaderSteps {
  private ReaderSteps() {}

  static Transition step(Setup setup, RcuState s, int r) {
    Reader rd = s.readers().get(r);
    int cwd = setup.dotdotCwd(r);
    int m = rd.target();
    RcuMount x = m >= 0 ? s.mounts().get(m) : null;
    String who = "r" + r + ": ";
    Edit e = new Edit(setup, s);
    String label;
    switch (rd.phase()) {
      case IDLE -> {
        if ((s.seq() & 1) != 0) return null; // read_seqbegin spins while a writer holds it
        e.readers.set(r, new Reader(ReaderPhase.INSIDE, s.seq(), false, false, rd.target(), false));
        label = who + "rcu_read_lock, read_seqbegin(mount_lock) = " + s.seq();
      }
      case INSIDE -> {
        int via = cwd >= 0 ? -1 : setup.initial().mounts().get(m).parent();
        if (cwd >= 0 && m < 0) {
          label = who + dotdot(s, e, r, rd, cwd);
        } else if (cwd >= 0) {
          // the walk starts inside cwd, which it holds, detached or not: __lookup_mnt(cwd's
          // mount, the mountpoint) finds whatever is still hashed there (fs/namei.c
          // __follow_mount_rcu)
          boolean there = x.hashed() && setup.initial().mounts().get(m).parent() == cwd;
          if (there) {
            e.readers.set(r, rd.withPhase(ReaderPhase.FOUND));
            e.events.add(new RcuEvent.Touch("r" + r, m, "__lookup_mnt", x.freed(), false));
            label = who + "from its cwd in m" + cwd + ": __lookup_mnt finds m" + m;
          } else {
            e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
            label = who + "from its cwd in m" + cwd + ": __lookup_mnt misses m" + m + " (unhashed)";
          }
        } else if (via >= 0) {
          RcuMount p = s.mounts().get(via);
          if (p.hashed()) {
            e.readers.set(r, rd.withPhase(ReaderPhase.IN_PARENT));
            e.events.add(new RcuEvent.Touch("r" + r, via, "__lookup_mnt", p.freed(), false));
            label = who + "__lookup_mnt finds m" + via + ", walks into it";
          } else {
            e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
            label = who + "__lookup_mnt misses m" + via + " (unhashed), so never reaches m" + m;
          }
        } else if (x.hashed()) {
          e.readers.set(r, rd.withPhase(ReaderPhase.FOUND));
          e.events.add(new RcuEvent.Touch("r" + r, m, "__lookup_mnt", x.freed(), false));
          label = who + "__lookup_mnt finds m" + m;
        } else {
          e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
          label = who + "__lookup_mnt misses m" + m + " (unhashed)";
        }
      }
      case IN_PARENT -> {
        if (x.hashed()) {
          e.readers.set(r, rd.withPhase(ReaderPhase.FOUND));
          e.events.add(new RcuEvent.Touch("r" + r, m, "__lookup_mnt", x.freed(), false));
          label = who + "__lookup_mnt finds m" + m;
        } else {
          e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
          label = who + "__lookup_mnt misses m" + m + " (unhashed)";
        }
      }
      case FOUND -> {
        e.readers.set(r, rd.withPhase(ReaderPhase.WALKED));
        e.events.add(
            new RcuEvent.Touch(
                "r" + r,
                m,
                "walk into its filesystem",
                x.freed(),
                x.shutDown() || setup.superblockKilled(s.mounts(), m)));
        label = who + "walks into m" + m + " (root dentry, superblock)";
      }
      case WALKED -> {
        if (s.seq() != rd.seq()) {
          e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
          label = who + "legitimize_mnt m" + m + ": sequence changed, fails";
        } else {
          e.readers.set(r, rd.withPhase(ReaderPhase.CHECKED));
          label = who + "legitimize_mnt m" + m + ": sequence unchanged";
        }
      }
      case CHECKED -> {
        e.events.add(new RcuEvent.Touch("r" + r, m, "legitimize_mnt", x.freed(), false));
        e.mounts.set(m, x.withCount(x.count() + 1));
        e.readers.set(r, rd.withPhase(ReaderPhase.INCREMENTED));
        label = who + "legitimize_mnt m" + m + ": count++ (" + (x.count() + 1) + "), smp_mb";
      }
      case INCREMENTED -> {
        e.events.add(new RcuEvent.Touch("r" + r, m, "legitimize_mnt recheck", x.freed(), false));
        if (s.seq() == rd.seq()) {
          e.readers.set(r, new Reader(ReaderPhase.SETTLED, rd.seq(), true, false, m, false));
          label = who + "legitimize_mnt m" + m + ": sequence unchanged, reference held";
        } else {
          if (s.lockOwner() >= 0) return null; // takes mount_lock
          if (x.syncUmount() || x.doomed()) {
            // under lock_mount_hash, which bumps the sequence count
            e.mounts.set(m, x.withCount(x.count() - 1));
            e.seq += 2;
            e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
            label =
                who
                    + "legitimize_mnt m"
                    + m
                    + ": sequence changed, "
                    + (x.syncUmount() ? "MNT_SYNC_UMOUNT" : "MNT_DOOMED")
                    + ": undo the increment without mntput";
          } else {
            // legitimize_mnt's -1 (lock_mount_hash taken and dropped, a bump of the sequence
            // count): rcu_read_unlock, then mntput outside the read-side section
            e.seq += 2;
            e.readerLeft(r);
            e.readers.set(r, rd.withPhase(ReaderPhase.PUT_OWED));
            label =
                who
                    + "legitimize_mnt m"
                    + m
                    + ": sequence changed, not MNT_SYNC_UMOUNT/MNT_DOOMED: returns -1,"
                    + " rcu_read_unlock";
          }
        }
      }
      case PUT_OWED -> {
        // mntput after rcu_read_unlock; the walk then fails (try_to_unlazy, terminate_walk). The
        // rcu_read_lock/rcu_read_unlock pair legitimize_mnt and terminate_walk wrap around nothing
        // that touches the mount, so the model folds it away. mntput_no_expire takes the fast path
        // while mnt_ns is set (a recheck fails on any bump, also one for another mount): two steps
        boolean owes = cwd >= 0;
        if (!rd.fastPut() && x.inNamespace()) {
          e.readers.set(r, rd.withFastPut(true));
          label = who + "mntput m" + m + ": rcu_read_lock, mnt_ns set: fast path";
        } else if (rd.fastPut()) {
          int c = e.fastPut("r" + r, m);
          e.readerLeft(r);
          e.readers.set(
              r,
              new Reader(
                  owes ? ReaderPhase.OUT : ReaderPhase.DONE, rd.seq(), false, false, m, false));
          label =
              who
                  + "mntput fast path on m"
                  + m
                  + ": count-- ("
                  + c
                  + "), rcu_read_unlock"
                  + (owes ? ", lookup fails" : ", lookup fails, return to user space");
        } else {
          if (s.lockOwner() >= 0) return null; // slow path takes mount_lock
          boolean last = e.put(m);
          owes |= last;
          e.readers.set(
              r,
              new Reader(
                  owes ? ReaderPhase.OUT : ReaderPhase.DONE, rd.seq(), false, last, m, false));
          label =
              who
                  + "mntput m"
                  + m
                  + " (count "
                  + e.mounts.get(m).count()
                  + ")"
                  + (last
                      ? ", final: cleanup_mnt queued to r" + r + "'s task_work"
                      : owes ? ", lookup fails" : ", lookup fails, return to user space");
        }
      }
      case SETTLED -> {
        e.readerLeft(r);
        boolean owes = rd.holdsRef() || rd.pendingCleanup() || cwd >= 0;
        e.readers.set(r, rd.withPhase(owes ? ReaderPhase.OUT : ReaderPhase.DONE));
        label = who + "rcu_read_unlock";
      }
      case OUT -> {
        label = out(s, e, r, rd, cwd);
        if (label == null) return null;
      }
      default -> {
        return null;
      }
    }
    return new Transition(label, e.build(), e.events);
  }

  /**
   * Return to user space after the walk: path_put of the reference it holds and of its working
   * directory, each mntput_no_expire with the fast path in two steps while mnt_ns is set (the first
   * step takes rcu_read_lock and returns; the step after it decrements and goes on), then task_work
   * runs cleanup_mnt for a final put. Null while a slow path waits for mount_lock.
   */
  private static String out(RcuState s, Edit e, int r, Reader rd, int cwd) {
    int m = rd.target();
    String who = "r" + r + ": ";
    StringBuilder sb = new StringBuilder(who);
    boolean cleanup = rd.pendingCleanup();
    if (rd.holdsRef()) {
      if (rd.fastPut()) {
        int c = e.fastPut("r" + r, m);
        e.readerLeft(r);
        e.readers.set(r, rd.withFastPut(false)); // out of its section before any cleanup_mnt
        sb.append("path_put m").append(m).append(": mntput fast path: count-- (").append(c);
        sb.append("), rcu_read_unlock, ");
      } else if (e.fastPathApplies(m)) {
        e.readers.set(r, rd.withFastPut(true));
        return who + "path_put m" + m + ": mntput: rcu_read_lock, mnt_ns set: fast path";
      } else {
        if (s.lockOwner() >= 0) return null; // slow path takes mount_lock
        cleanup |= e.put(m);
        sb.append("path_put m").append(m).append(" (count ").append(e.mounts.get(m).count());
        sb.append("), ");
      }
    }
    boolean cwdLast = false;
    if (cwd >= 0) {
      if (rd.fastPut() && !rd.holdsRef()) {
        int c = e.fastPut("r" + r, cwd);
        e.readerLeft(r);
        e.readers.set(r, rd.withFastPut(false));
        sb.append("path_put of its cwd m").append(cwd).append(": mntput fast path: count-- (");
        sb.append(c).append("), rcu_read_unlock, ");
      } else if (e.fastPathApplies(cwd)) {
        e.readers.set(r, new Reader(ReaderPhase.OUT, rd.seq(), false, cleanup, m, true));
        return sb
            + "path_put of its cwd m"
            + cwd
            + ": mntput: rcu_read_lock, mnt_ns set: fast path";
      } else {
        if (s.lockOwner() >= 0) return null; // slow path takes mount_lock
        cwdLast = e.put(cwd);
        sb.append("path_put of its cwd m").append(cwd).append(" (count ");
        sb.append(e.mounts.get(cwd).count()).append("), ");
      }
    }
    sb.append("return to user space");
    if (cleanup)
      sb.append(", task_work: cleanup_mnt m").append(m).append(e.cleanup(m, Context.READER));
    if (cwdLast)
      sb.append(", task_work: cleanup_mnt m").append(cwd).append(e.cleanup(cwd, Context.READER));
    if (cleanup || cwdLast) sb.append(" (superblock shut down)");
    e.readers.set(r, new Reader(ReaderPhase.DONE, rd.seq(), false, false, m, false));
    return sb.toString();
  }

  /**
   * follow_dotdot_rcu at the root of {@code cwd}: mnt_parent, and for a connected mount the
   * mountpoint dentry in the parent and the mount_lock check.
   */
  private static String dotdot(RcuState s, Edit e, int r, Reader rd, int cwd) {
    RcuMount here = s.mounts().get(cwd);
    e.events.add(new RcuEvent.Touch("r" + r, cwd, "mnt_parent", here.freed(), false));
    int p = here.parent();
    String prefix = "follow_dotdot_rcu at m" + cwd + "'s root: mnt_parent = m";
    if (p < 0) {
      e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
      return prefix + cwd + " (itself): '..' stays at its root";
    }
    RcuMount up = s.mounts().get(p);
    e.events.add(new RcuEvent.Touch("r" + r, p, "choose_mountpoint_rcu", up.freed(), false));
    if (s.seq() != rd.seq()) {
      e.readers.set(r, rd.withPhase(ReaderPhase.SETTLED));
      return prefix + p + ", read_seqretry(mount_lock) fails: -ECHILD";
    }
    e.readers.set(r, rd.withPhase(ReaderPhase.WALKED).withTarget(p));
    return prefix + p + ", its mountpoint dentry, mount_lock unchanged";
  }
}
