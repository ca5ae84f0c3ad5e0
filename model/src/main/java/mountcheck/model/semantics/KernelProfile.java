package mountcheck.model.semantics;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The semantics of one kernel series: its propagate_umount generation and the {@link KernelRule}s
 * it follows. One profile per kernel of the matrix; {@code 6.18} is the host's series and the
 * default.
 *
 * @param name the series, as on the command line ({@code --kernel 6.1})
 * @param umountGeneration the propagate_umount generation ({@code --umount} name): 2017 from 4.13
 *     to 6.16, 2025 from 6.17
 * @param rules the rules that are switched on
 * @param tmpfsSuperOptions the per-superblock options mountinfo shows for a tmpfs mounted with no
 *     options: a property of the kernel's build, not of mount semantics ({@code rw} on the host's
 *     6.18 and on Debian's 5.10; {@code rw,inode64} on Debian's 6.1, 6.12 and 7.2, built with
 *     CONFIG_TMPFS_INODE64, see Documentation/filesystems/tmpfs.rst)
 */
public record KernelProfile(
    String name, String umountGeneration, Set<KernelRule> rules, String tmpfsSuperOptions) {
  /** The host's series, whose semantics the model follows by default. */
  public static final String DEFAULT = "6.18";

  private static final String DEBIAN_TMPFS = "rw,inode64";

  private static final Map<String, KernelProfile> PROFILES = new LinkedHashMap<>();

  static {
    Set<KernelRule> setattrAndKeepsUnbindable =
        EnumSet.of(KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY, KernelRule.MOUNT_SETATTR);
    for (KernelProfile p :
        List.of(
            new KernelProfile(
                "5.10",
                "2017",
                EnumSet.of(
                    KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
                    KernelRule.COVERING_TREE_LOCKED_ON_TUCK),
                "rw"),
            new KernelProfile("6.1", "2017", setattrAndKeepsUnbindable, DEBIAN_TMPFS),
            new KernelProfile("6.12", "2017", setattrAndKeepsUnbindable, DEBIAN_TMPFS),
            new KernelProfile(
                "6.18",
                "2025",
                EnumSet.of(
                    KernelRule.MOUNT_SETATTR,
                    KernelRule.MOVE_MOUNT_TARGET_FIRST,
                    KernelRule.DETACHED_TREE_CLONABLE,
                    KernelRule.DETACHED_TREE_MOUNTABLE),
                "rw"),
            new KernelProfile(
                "7.2",
                "2025",
                EnumSet.of(
                    KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
                    KernelRule.TUCKED_COPY_TAKES_LOCK,
                    KernelRule.MOUNT_SETATTR,
                    KernelRule.MOVE_MOUNT_TARGET_FIRST,
                    KernelRule.DETACHED_TREE_CLONABLE,
                    KernelRule.DETACHED_TREE_MOUNTABLE),
                DEBIAN_TMPFS))) PROFILES.put(p.name(), p);
  }

  public KernelProfile {
    rules = rules.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(rules));
  }

  /** The profile names in release order: 5.10, 6.1, 6.12, 6.18, 7.2. */
  public static List<String> names() {
    return List.copyOf(PROFILES.keySet());
  }

  public static Optional<KernelProfile> byName(String name) {
    return Optional.ofNullable(PROFILES.get(name));
  }

  /** The default profile (the host's series). */
  public static KernelProfile host() {
    return PROFILES.get(DEFAULT);
  }

  public boolean has(KernelRule rule) {
    return rules.contains(rule);
  }

  /**
   * This profile with another propagate_umount generation ({@code --umount} over {@code --kernel}).
   */
  public KernelProfile withUmount(String generation) {
    return new KernelProfile(name, generation, rules, tmpfsSuperOptions);
  }
}
