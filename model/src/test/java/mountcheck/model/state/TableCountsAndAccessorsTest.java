package mountcheck.model.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the builder and the frozen table report: counters, namespaces and user namespaces, peer
 * groups, and the host's mounts below /mnt in the starting state.
 */
class TableCountsAndAccessorsTest {
  private final MountTableBuilder b = MountTable.initial(500, 3).toBuilder();

  private int tmpfs() {
    int sb = b.newSuperblock("tmpfs", "t");
    return b.newMount(sb, b.superblockRoot.get(sb));
  }

  @Test
  void theStartingStateHasOneMountNamespaceAndUserNamespace() {
    assertEquals(1, b.mountCount());
    assertEquals(2, b.mountIdLimit());
    assertEquals(2, b.namespaceLimit());
    assertEquals(1, b.currentNamespace());
    assertEquals(1, b.currentUserNamespace());
    assertEquals(500, b.mountMax());
    MountTable t = b.build();
    assertEquals(500, t.mountMax());
    assertEquals(1, t.currentUserNamespace());
    assertEquals(0, t.userNamespaceParent(1));
    assertTrue(t.exists(1));
    assertFalse(t.exists(2));
    assertFalse(t.exists(0));
  }

  @Test
  void userNamespacesAreNumberedFromTwoAndRememberTheirParents() {
    assertEquals(2, b.newUserNamespace(1));
    assertEquals(3, b.newUserNamespace(2));
    b.enter(1, 3);
    assertEquals(3, b.currentUserNamespace());
    MountTable t = b.build();
    assertEquals(3, t.currentUserNamespace());
    assertEquals(2, t.userNamespaceParent(3));
    assertEquals(1, t.userNamespaceParent(2));
  }

  @Test
  void mountsAreCountedAsTheyAreMadeAndFreed() {
    int a = tmpfs();
    int c = tmpfs();
    assertEquals(3, b.mountCount());
    b.freeAll(new int[] {a});
    assertEquals(2, b.mountCount());
    MountTable t = b.build();
    assertFalse(t.exists(a));
    assertTrue(t.exists(c));
    assertEquals(List.of(1, c), t.mountIds());
  }

  @Test
  void peerGroupsReportTheirSizeAndRing() {
    int sb = b.newSuperblock("tmpfs", "t");
    int root = b.superblockRoot.get(sb);
    int g = b.newGroupId();
    int p1 = b.newMount(sb, root, g, 0, false);
    int p2 = b.newMount(sb, root, g, 0, false);
    int alone = b.newMount(sb, root);
    assertEquals(2, b.groupSize(g));
    assertEquals(0, b.groupSize(0));
    assertArrayEquals(new int[0], b.groupMembers(0));
    MountTable t = b.build();
    assertEquals(2, t.groupSize(g));
    assertEquals(0, t.groupSize(0));
    assertArrayEquals(new int[] {p1, p2}, t.groupMembers(g));
    assertEquals(List.of(g), t.groups());
    assertEquals(p2, t.nextPeer(p1));
    assertEquals(p1, t.nextPeer(p2));
    assertEquals(alone, t.nextPeer(alone));

    MountTableBuilder emptied = t.toBuilder();
    emptied.setGroup(p1, 0);
    emptied.setGroup(p2, 0);
    assertEquals(List.of(), emptied.build().groups());
  }

  @Test
  void slavesAreListedUnderTheirMaster() {
    int sb = b.newSuperblock("tmpfs", "t");
    int root = b.superblockRoot.get(sb);
    int g = b.newGroupId();
    int master = b.newMount(sb, root, g, 0, false);
    int s1 = b.newMount(sb, root, 0, master, false);
    int s2 = b.newMount(sb, root, 0, master, false);
    MountTable t = b.build();
    assertEquals(2, t.slaveCount(master));
    assertEquals(0, t.slaveCount(s1));
    assertArrayEquals(new int[] {s1, s2}, t.slaves(master));
    assertEquals(s1, t.firstSlave(master));
    assertEquals(s2, t.lastSlave(master));
    assertEquals(s2, t.nextSlave(s1));
    assertEquals(0, t.nextSlave(s2));
  }

  @Test
  void freedMountsKeepNoChildrenOrSlaves() {
    int sb = b.newSuperblock("tmpfs", "t");
    int root = b.superblockRoot.get(sb);
    int d = b.mkdir(root, "d");
    int g = b.newGroupId();
    int parent = b.newMount(sb, root, g, 0, false);
    int child = b.newMount(sb, root);
    b.attach(child, parent, d);
    int slave = b.newMount(sb, root, 0, parent, false);
    b.freeAll(new int[] {parent, child});
    MountTable t = b.build();
    assertEquals(0, t.childCount(parent));
    assertEquals(0, t.slaveCount(parent));
    assertEquals(List.of(1, slave), t.mountIds());
  }

  @Test
  void anotherMountMaxChangesNothingElse() {
    int a = tmpfs();
    MountTable t = b.build();
    MountTable other = t.withMountMax(7);
    assertEquals(7, other.mountMax());
    assertEquals(500, t.mountMax());
    assertEquals(List.of(1, a), other.mountIds());
    assertEquals(t.mount(a), other.mount(a));
  }

  @Test
  void namespaceCountsFollowMountsMovedBetweenNamespaces() {
    // namespace 1 counts 3 mounts (the root and 2 host mounts); only the root is a record
    int a = tmpfs();
    int c = tmpfs();
    b.setNamespace(a, 1);
    assertEquals(2, b.namespaceMembers(1));
    assertEquals(4, b.namespace(1).mountCount());
    int ns = b.newNamespace(1, a, 0);
    assertEquals(2, ns);
    b.setNamespace(a, ns);
    assertEquals(1, b.namespaceMembers(1));
    assertEquals(3, b.namespace(1).mountCount());
    assertEquals(1, b.namespaceMembers(ns));
    assertEquals(1, b.namespace(ns).mountCount());

    b.setNamespace(c, 1);
    b.setNamespace(new int[] {a, c}, 1);
    assertEquals(3, b.namespaceMembers(1));
    assertEquals(5, b.namespace(1).mountCount());
    assertEquals(0, b.namespaceMembers(ns));
    assertEquals(0, b.namespace(ns).mountCount());
    b.setNamespace(new int[] {a, c}, ns);
    assertEquals(1, b.namespaceMembers(1));
    assertEquals(3, b.namespace(1).mountCount());
    assertEquals(2, b.namespaceMembers(ns));
    assertEquals(2, b.namespace(ns).mountCount());
  }

  @Test
  void hostMountsBelowMntAreLockedPrivateMountsOfTheStartingNamespace() {
    // rootfs: dentry 1 "/", 2 "/mnt"; host:/mnt is superblock 2 (root dentry 3) and gets the
    // directory x (dentry 4) for host:/mnt/x, superblock 3 (root dentry 5)
    MountTable t = MountTable.initial(100, 3, List.of("/mnt", "/mnt/x"));
    // read-only (ro,relatime), with ro and the atime mode locked, as unshare -Urm copies them
    MountAttributes ro =
        new MountAttributes(
            true, false, false, false, MountAttributes.Atime.RELATIME, false, false);
    AttributeLocks locks = new AttributeLocks(true, false, false, false, true);
    assertEquals(new Mount(2, 2, 3, 1, 2, 0, 0, false, true, 1, ro, locks), t.mount(2));
    assertEquals(new Mount(3, 3, 5, 2, 4, 0, 0, false, true, 1, ro, locks), t.mount(3));
    assertEquals("host:/mnt/x", t.superblock(3).source());
    assertEquals("/x", t.dentry(4).path());
    assertArrayEquals(new int[] {2}, t.children(1));
    assertArrayEquals(new int[] {3}, t.children(2));
    assertEquals(2, t.lookup(1, 2));
    assertEquals(3, t.lookup(2, 4));
    assertEquals(3, t.namespaceMembers(1));
    assertEquals(3, t.currentNamespace().mountCount());
  }

  @Test
  void withoutHostMountsTheStartingStateIsTheBareOne() {
    MountTable t = MountTable.initial(100, 2, List.of());
    assertEquals(1, t.mountCount());
    assertEquals(2, t.currentNamespace().mountCount());
    assertEquals(List.of(1), t.mountIds());
  }
}
