package mountcheck.model.text;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares the peer and master member lists of two canonical tables in linear time. Within one
 * table every member of a group shares one list instance, so each pair of instances is compared
 * once and remembered; comparing list contents per mount would be quadratic for groups with
 * thousands of members (the overlap family puts 2^N mounts in one group).
 */
final class GroupEquality {
  private final Map<List<String>, Map<List<String>, Boolean>> known = new IdentityHashMap<>();

  boolean sameMembers(List<String> a, List<String> b) {
    if (a == b) return true;
    if (a == null || b == null) return false;
    if (a.size() != b.size()) return false;
    return known.computeIfAbsent(a, k -> new IdentityHashMap<>()).computeIfAbsent(b, a::equals);
  }

  boolean sameMaster(CanonicalMount.Master a, CanonicalMount.Master b) {
    if (a instanceof CanonicalMount.Master.Group ga && b instanceof CanonicalMount.Master.Group gb)
      return sameMembers(ga.members(), gb.members());
    return Objects.equals(a, b);
  }

  /** Equal mounts, comparing member lists through this memo. */
  boolean sameMount(CanonicalMount a, CanonicalMount b) {
    return a.name().equals(b.name())
        && Objects.equals(a.parent(), b.parent())
        && a.root().equals(b.root())
        && a.fsType().equals(b.fsType())
        && a.source().equals(b.source())
        && a.superblock() == b.superblock()
        && a.unbindable() == b.unbindable()
        && a.mountOptions().equals(b.mountOptions())
        && a.superOptions().equals(b.superOptions())
        && sameMembers(a.peers(), b.peers())
        && sameMaster(a.master(), b.master())
        && sameMaster(a.propagateFrom(), b.propagateFrom());
  }
}
