package mountcheck.model.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.CanonicalEvent;
import mountcheck.model.text.ScenarioParser;
import org.junit.jupiter.api.Test;

/**
 * The model's mount events and change counters on small scenarios whose answers follow from
 * fs/namespace.c by hand: commit_tree() attaches each tree and touches its namespace,
 * attach_recursive_mnt() reports a move as one event, umount_tree() detaches every victim in every
 * namespace, reparent() reports a move, tucking reports nothing, do_umount() bumps the global
 * counter even when the mount is busy.
 */
class ChangeStreamTest {
  private static ScenarioRunner.ObservedRun run(String... lines) {
    String text = String.join("\n", lines) + "\n";
    return new ScenarioRunner(Model.linux())
        .observe(ScenarioParser.parse("t.sh", text), MountTable.initial(100_000, 1));
  }

  /** The canonical events of step {@code index}, one line each, sorted. */
  private static List<String> events(ScenarioRunner.ObservedRun run, int index) {
    MountTable before = index == 0 ? run.initial() : run.steps().get(index - 1).after();
    ScenarioRunner.ObservedStep s = run.steps().get(index);
    List<String> out = new ArrayList<>();
    for (CanonicalEvent e : CanonicalEvent.of(before, s.after(), s.events())) out.add(e.line());
    return out;
  }

  @Test
  void aMountToASharedTreeAttachesOneMountPerReceiver() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a /mnt/b",
            "mount --make-shared /mnt",
            "mount --bind /mnt/a /mnt/b",
            "mount -t tmpfs x /mnt/a");
    assertEquals(List.of("attach ns1 /mnt r:/"), events(run, 0));
    assertEquals(List.of(), events(run, 1));
    assertEquals(List.of(), events(run, 2));
    assertEquals(List.of("attach ns1 /mnt/b r:/a"), events(run, 3));
    // /mnt/a is a peer of /mnt and of /mnt/b: the new mount lands on /mnt/a and on /mnt/b
    assertEquals(List.of("attach ns1 /mnt/a x:/", "attach ns1 /mnt/b x:/"), events(run, 4));
    // one tree committed per mount, then two trees (the mount and its copy): two increments
    assertEquals(new ChangeCounters(2, Map.of(1, 2L)), run.steps().get(3).counters());
    assertEquals(new ChangeCounters(4, Map.of(1, 4L)), run.steps().get(4).counters());
  }

  @Test
  void aReparentedOvermountIsOneMoveEventAtTheSamePlace() {
    // conformance/C22, cell 2: peers /mnt/p1 and /mnt/p2, A at p1/x (A' at p2/x), B on A (B' on
    // A'), B' made private, C on B'. umount -l /mnt/p1/x takes B and, by propagation, B'; C
    // survives and reparent() hangs it on A' at the same mount point: one move event whose path
    // does not change, then the two detaches; one touch of the namespace. The second umount takes
    // A and A', and C moves again, onto p2 (LiveEventsTest sees the same on 6.18 for C22).
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/p1 /mnt/p2",
            "mount -t tmpfs P /mnt/p1",
            "mkdir -p /mnt/p1/x",
            "mount --make-shared /mnt/p1",
            "mount --bind /mnt/p1 /mnt/p2",
            "mount -t tmpfs A /mnt/p1/x",
            "mount -t tmpfs B /mnt/p1/x",
            "mount --make-private /mnt/p2/x",
            "mount -t tmpfs C /mnt/p2/x",
            "umount -l /mnt/p1/x",
            "umount -l /mnt/p1/x");
    assertEquals(
        List.of(
            "detach ns1 /mnt/p1/x B:/",
            "detach ns1 /mnt/p2/x B:/",
            "move ns1 /mnt/p2/x C:/ from /mnt/p2/x"),
        events(run, 10));
    assertEquals(
        List.of(
            "detach ns1 /mnt/p1/x A:/",
            "detach ns1 /mnt/p2/x A:/",
            "move ns1 /mnt/p2/x C:/ from /mnt/p2/x"),
        events(run, 11));
    long before = run.steps().get(9).counters().namespaces().get(1);
    assertEquals(before + 1, run.steps().get(10).counters().namespaces().get(1));
  }

  @Test
  void moveIsOneEventForTheMovedRootOnly() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a /mnt/b",
            "mount -t tmpfs x /mnt/a",
            "mkdir -p /mnt/a/c",
            "mount -t tmpfs y /mnt/a/c",
            "mount --move /mnt/a /mnt/b");
    assertEquals(List.of("move ns1 /mnt/b x:/ from /mnt/a"), events(run, 5));
    assertEquals(1, run.steps().get(5).events().size());
    assertEquals(MountEvent.Kind.MOVE, run.steps().get(5).events().get(0).kind());
  }

  @Test
  void umountDetachesEveryPropagatedCopyInEveryNamespace() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount --make-shared /mnt",
            "unshare -m --propagation unchanged",
            "mount -t tmpfs x /mnt/a",
            "umount /mnt/a");
    // step 3 (unshare): copy_mnt_ns() fills a namespace nobody can have marked yet
    assertEquals(List.of(), events(run, 3));
    assertEquals(List.of("attach ns1 /mnt/a x:/", "attach ns2 /mnt/a x:/"), events(run, 4));
    assertEquals(List.of("detach ns1 /mnt/a x:/", "detach ns2 /mnt/a x:/"), events(run, 5));
  }

  @Test
  void lazyUmountDetachesTheWholeSubtree() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount -t tmpfs x /mnt/a",
            "mkdir -p /mnt/a/b",
            "mount -t tmpfs y /mnt/a/b",
            "umount -l /mnt/a");
    assertEquals(List.of("detach ns1 /mnt/a x:/", "detach ns1 /mnt/a/b y:/"), events(run, 5));
  }

  @Test
  void tuckingAMountUnderAPropagatedCopyReportsNoEventForTheTuckedMount() {
    // /mnt/b is a slave of /mnt/a with its own mount y on /mnt/b/c; x on /mnt/a/c propagates a
    // copy to /mnt/b/c, which slides under y: y changes parent without any event
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a /mnt/b",
            "mount -t tmpfs s /mnt/a",
            "mkdir -p /mnt/a/c",
            "mount --make-shared /mnt/a",
            "mount --bind /mnt/a /mnt/b",
            "mount --make-slave /mnt/b",
            "mount -t tmpfs y /mnt/b/c",
            "mount -t tmpfs x /mnt/a/c");
    assertEquals(List.of("attach ns1 /mnt/b/c y:/"), events(run, 7));
    assertEquals(List.of("attach ns1 /mnt/a/c x:/", "attach ns1 /mnt/b/c x:/"), events(run, 8));
    MountTable before = run.steps().get(7).after();
    MountTable after = run.steps().get(8).after();
    int y = run.steps().get(7).events().get(0).mount();
    assertEquals(false, before.mount(y).parent() == after.mount(y).parent(), "y was re-hung");
  }

  @Test
  void busyUmountBumpsOnlyTheGlobalCounter() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount -t tmpfs x /mnt/a",
            "mkdir -p /mnt/a/b",
            "mount -t tmpfs y /mnt/a/b",
            "umount /mnt/a",
            "umount /mnt/a/b");
    assertEquals(new ChangeCounters(3, Map.of(1, 3L)), run.steps().get(4).counters());
    ScenarioRunner.ObservedStep busy = run.steps().get(5);
    assertEquals("EBUSY", busy.failure().errno().name());
    assertEquals(List.of(), busy.events());
    assertEquals(new ChangeCounters(4, Map.of(1, 3L)), busy.counters());
    // the next umount bumps the global counter to 5 and catches the namespace up to it
    assertEquals(new ChangeCounters(5, Map.of(1, 5L)), run.steps().get(6).counters());
  }

  @Test
  void teardownDetachesEveryMountOfTheInnermostNamespaceOnly() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/a",
            "mount --make-shared /mnt",
            "unshare -m --propagation unchanged",
            "mount -t tmpfs x /mnt/a");
    MountTable end = run.state();
    Model.Observed o = Model.linux().teardown(end);
    // ns2 holds the root copy, r's copy and x's copy; ns1 keeps its three mounts
    assertEquals(3, o.changes().events().size());
    for (MountEvent e : o.changes().events()) {
      assertEquals(MountEvent.Kind.DETACH, e.kind());
      assertEquals(2, e.namespace());
    }
    MountTable after = ((Result.Ok<MountTable>) o.result()).value();
    assertEquals(1, after.currentNamespace().id());
    assertEquals(3, after.mountIds().size());
    assertEquals(3, Model.linux().lastTeardown(after).events().size());
  }

  /**
   * When the last shell exits, put_mnt_ns() tears its namespace down, and the final mntput() of
   * each namespace file among the victims (or the last fput() of a held one) puts the namespace
   * that file names: a namespace kept only by the first shell is torn down with it, all of its
   * mounts detached (seen live on 6.18: LiveEventsTest). ns2 is kept by the file c1 in ns1, ns3
   * only by descriptor 3 after its file was lazily unmounted.
   */
  @Test
  void theLastShellsExitTearsDownTheNamespacesOnlyItKeptAlive() {
    var run =
        run(
            "mount -t tmpfs r /mnt",
            "mkdir -p /mnt/ns /mnt/a",
            "mount --bind /mnt/ns /mnt/ns",
            "mount --make-private /mnt/ns",
            "touch /mnt/ns/c1 /mnt/ns/c2",
            "unshare -m --mount=/mnt/ns/c1 true",
            "nsenter --mount=/mnt/ns/c1 mount -t tmpfs x /mnt/a",
            "unshare -m --mount=/mnt/ns/c2 true",
            "exec 3</mnt/ns/c2",
            "umount -l /mnt/ns/c2");
    assertEquals(List.of(), run.failures());
    MountTable end = run.state();
    List<MountEvent> events = Model.linux().lastTeardown(end).events();
    List<String> lines = new ArrayList<>();
    for (CanonicalEvent e : CanonicalEvent.of(end, end, events))
      if (e.path().startsWith("/mnt")) lines.add(e.line());
    assertEquals(
        List.of(
            "detach ns1 /mnt r:/",
            "detach ns1 /mnt/ns r:/ns",
            "detach ns1 /mnt/ns/c1 nsfs:mnt:[ns2]",
            "detach ns2 /mnt r:/",
            "detach ns2 /mnt/a x:/",
            "detach ns2 /mnt/ns r:/ns",
            "detach ns3 /mnt r:/",
            "detach ns3 /mnt/ns r:/ns"),
        lines);
    // with the namespaces' roots: 4 mounts in ns1, 4 in ns2, 3 in ns3, each detached once
    assertEquals(11, events.size());
    assertEquals(11, new HashSet<>(events).size());
  }

  @Test
  void aWatcherFlagsDuplicatesAndLosses() {
    Watcher w = Watcher.fromSnapshot(1, Map.of(1, 0, 2, 1));
    Watcher ok =
        w.apply(
            List.of(
                new MountEvent(MountEvent.Kind.ATTACH, 1, 3),
                new MountEvent(MountEvent.Kind.DETACH, 1, 2),
                new MountEvent(MountEvent.Kind.MOVE, 2, 9)),
            id -> 1);
    assertEquals(Set.of(1, 3), ok.mounts());
    assertEquals(List.of(), ok.problems());
    Watcher bad =
        w.apply(
            List.of(
                new MountEvent(MountEvent.Kind.ATTACH, 1, 2),
                new MountEvent(MountEvent.Kind.DETACH, 1, 7)),
            id -> 1);
    assertEquals(2, bad.problems().size());
    assertEquals(List.of(2), w.staleParents(Map.of(1, 0, 2, 5)));
  }

  @Test
  void countersFollowTheKernelsRules() {
    ChangeCounters c =
        ChangeCounters.ZERO.apply(
            List.of(
                new Touch.Increment(1),
                new Touch.Increment(2),
                new Touch.Bump(),
                new Touch.CatchUp(1),
                new Touch.CatchUp(1)));
    assertEquals(3, c.global());
    assertEquals(3, c.event(1));
    assertEquals(2, c.event(2));
    assertEquals(0, c.event(7));
  }
}
