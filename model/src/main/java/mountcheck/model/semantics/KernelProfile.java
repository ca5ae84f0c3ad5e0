package mountcheck.model.semantics;

import java.util.EnumSet;
import java.util.Set;
import mountcheck.model.umount.Generations;

/**
 * The semantics of one kernel series: its propagate_umount generation and the {@link KernelRule}s
 * it follows. The kernels themselves, with their names and these profiles, are registered in {@code
 * mountcheck.model.kernels.Kernels}.
 *
 * @param umountGeneration the propagate_umount generation ({@code --umount} name): 2017 from 4.13
 *     to 6.16, 2025 from 6.17
 * @param rules the rules that are switched on
 * @param tmpfsSuperOptions the per-superblock options mountinfo shows for a tmpfs mounted with no
 *     options: a property of the kernel's build, not of mount semantics ({@code rw} on the host's
 *     6.18 and on Debian's 5.10; {@code rw,inode64} on Debian's 6.1, 6.12 and 7.2, built with
 *     CONFIG_TMPFS_INODE64, see Documentation/filesystems/tmpfs.rst)
 */
public record KernelProfile(
    String umountGeneration, Set<KernelRule> rules, String tmpfsSuperOptions) {
  /**
   * The model's own semantics, with no rule switched on: those of the host's series (6.18), the
   * 2025 propagate_umount (f0d0ba19985d) and a tmpfs shown as {@code rw}.
   */
  public static final KernelProfile BASELINE =
      new KernelProfile(Generations.DEFAULT, Set.of(), "rw");

  public KernelProfile {
    rules = rules.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(rules));
  }

  public boolean has(KernelRule rule) {
    return rules.contains(rule);
  }

  /** The rules as the operations receive them. */
  public RuleSet ruleSet() {
    return RuleSet.of(rules);
  }

  /** This profile with another propagate_umount generation. */
  public KernelProfile withUmount(String generation) {
    return new KernelProfile(generation, rules, tmpfsSuperOptions);
  }

  /** This profile with these rules switched on as well. */
  public KernelProfile withRules(KernelRule... more) {
    Set<KernelRule> all =
        rules.isEmpty() ? EnumSet.noneOf(KernelRule.class) : EnumSet.copyOf(rules);
    all.addAll(Set.of(more));
    return new KernelProfile(umountGeneration, all, tmpfsSuperOptions);
  }

  /** This profile showing a tmpfs superblock with these options. */
  public KernelProfile withTmpfsOptions(String options) {
    return new KernelProfile(umountGeneration, rules, options);
  }
}
