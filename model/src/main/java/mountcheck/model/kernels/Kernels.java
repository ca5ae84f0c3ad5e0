package mountcheck.model.kernels;

import java.util.List;
import java.util.Optional;
import mountcheck.model.kernels.ImageSource.DebianPackage;
import mountcheck.model.kernels.ImageSource.HostKernel;
import mountcheck.model.kernels.StartingState.GuestInit;
import mountcheck.model.kernels.StartingState.HostMounts;
import mountcheck.model.rcu.LifetimeDesign;
import mountcheck.model.semantics.KernelProfile;
import mountcheck.model.semantics.KernelRule;

/**
 * The registry of kernels: the one place that names them. The CLI's {@code --kernel}, the backends,
 * the recorded answers (under {@code conformance/kernels/}, a folder per kernel) and the tests read
 * it. Adding a kernel or a rule: docs/contributing.md §4.
 */
public final class Kernels {
  /** The per-superblock options of a tmpfs on Debian's kernels built with CONFIG_TMPFS_INODE64. */
  private static final String DEBIAN_TMPFS = "rw,inode64";

  private static final GuestInit GUEST = new GuestInit(StartingState.GUEST_MOUNTS);

  private static final GuestInit NULLFS_GUEST = new GuestInit(StartingState.NULLFS_GUEST_MOUNTS);

  /** The profile of the 2017 propagate_umount series (4.13 to 6.16) on Debian's builds. */
  private static final KernelProfile DEBIAN_2017 =
      KernelProfile.BASELINE
          .withUmount("2017")
          .withTmpfsOptions(DEBIAN_TMPFS)
          .withRules(
              KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
              KernelRule.MOVE_MOUNT_SOURCE_FIRST,
              KernelRule.NO_COPY_OF_DETACHED_TREE,
              KernelRule.NO_MOUNT_ON_DETACHED_TREE,
              KernelRule.COPY_ROOT_LOCKED,
              KernelRule.DETACHED_PEER_HIDES_SLAVES);

  /** The machine's own kernel; the model follows the host's series, 6.18, by default. */
  public static final Kernel HOST =
      new Kernel(
          "host",
          "6.18",
          KernelProfile.BASELINE,
          new HostKernel(),
          new HostMounts(),
          LifetimeDesign.MAINLINE);

  /** Every kernel of the matrix, in release order of their series. */
  private static final List<Kernel> ALL =
      List.of(
          new Kernel(
              "5.10",
              "5.10",
              DEBIAN_2017
                  .withTmpfsOptions("rw")
                  .withRules(
                      KernelRule.COVERING_TREE_LOCKED_ON_TUCK,
                      KernelRule.NO_MOUNT_SETATTR,
                      KernelRule.NO_MOVE_MOUNT_SET_GROUP,
                      KernelRule.NO_MOVE_MOUNT_BENEATH,
                      KernelRule.FSMOUNT_WITHOUT_NOSYMFOLLOW,
                      KernelRule.TMPFS_WITHOUT_IDMAP),
              new DebianPackage("bullseye", "linux-image-5\\.10\\.[0-9]+-[0-9]+-amd64-unsigned"),
              GUEST,
              LifetimeDesign.IPC_SERIAL_FREE),
          new Kernel(
              "6.1",
              "6.1",
              DEBIAN_2017.withRules(
                  KernelRule.NO_MOVE_MOUNT_BENEATH, KernelRule.TMPFS_WITHOUT_IDMAP),
              new DebianPackage("bookworm", "linux-image-6\\.1\\.[0-9]+-[0-9]+-amd64-unsigned"),
              GUEST,
              LifetimeDesign.IPC_SERIAL_FREE),
          new Kernel(
              "6.12",
              "6.12",
              DEBIAN_2017.withRules(KernelRule.BENEATH_REFUSES_NAMESPACE_ROOT_CHILD),
              new DebianPackage("trixie", "linux-image-6\\.12\\.[0-9]+\\+deb[0-9]+-amd64-unsigned"),
              GUEST,
              LifetimeDesign.LINUX_6_12),
          HOST,
          new Kernel(
              "7.2",
              "7.2",
              KernelProfile.BASELINE
                  .withTmpfsOptions(DEBIAN_TMPFS)
                  .withRules(
                      KernelRule.UNBINDABLE_KEPT_ON_NAMESPACE_COPY,
                      KernelRule.TUCKED_COPY_TAKES_LOCK,
                      KernelRule.BENEATH_TAKES_OVER_LOCK,
                      KernelRule.BENEATH_UNDER_CALLER_ROOT,
                      KernelRule.SET_GROUP_REFUSES_UNBINDABLE,
                      KernelRule.OPEN_TREE_NAMESPACE_FLAG),
              new DebianPackage("sid", "linux-binary-7\\.2\\.[0-9]+\\+deb[0-9]+-amd64"),
              NULLFS_GUEST,
              LifetimeDesign.MAINLINE));

  private Kernels() {}

  /** Every kernel, in release order of their series. */
  public static List<Kernel> all() {
    return ALL;
  }

  /** The machine's own kernel. */
  public static Kernel host() {
    return HOST;
  }

  /** The kernels that boot under QEMU, in release order. */
  public static List<Kernel> guests() {
    return ALL.stream().filter(Kernel::isGuest).toList();
  }

  /** The {@code --kernel} names, in release order ({@code host} in its series' place). */
  public static List<String> names() {
    return ALL.stream().map(Kernel::name).toList();
  }

  /**
   * The kernel of that name; the host's series ({@code 6.18}) names the host too, since the host
   * runs the model's own semantics.
   */
  public static Optional<Kernel> byName(String name) {
    if (name == null) return Optional.empty();
    if (name.equals(HOST.series())) return Optional.of(HOST);
    return ALL.stream().filter(k -> k.name().equals(name)).findFirst();
  }
}
