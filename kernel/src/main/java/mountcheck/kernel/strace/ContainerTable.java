package mountcheck.kernel.strace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import mountcheck.model.state.MountTable;
import mountcheck.model.text.CanonicalTable;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;
import mountcheck.model.text.StateMountInfo;

/**
 * A container's own {@code /proc/self/mountinfo} as the scenario language can see it: the rows at
 * or below {@code /mnt} (the language's paths, docs/language.md), canonicalised as the project
 * compares tables ({@link CanonicalTable}).
 *
 * <p>One difference of the recording is taken out: scripts/runtime-record runs the runtime as
 * nobody (so that it cannot make cgroups in the host's tree), and a tmpfs made by an owner other
 * than root shows that owner among its super options ({@code uid=65534,gid=65534}, shmem's
 * show_options()); the model's tmpfs, like the kernel runner's, is root's.
 */
public final class ContainerTable {

  private ContainerTable() {}

  /** The rows of {@code mountinfo} at or below /mnt, the recording's owner options left out. */
  public static List<MountInfoRow> rowsBelowMnt(String mountinfo) {
    List<MountInfoRow> out = new ArrayList<>();
    for (MountInfoRow r : MountInfoFormat.parse(mountinfo)) {
      if (!ScenarioParser.atOrBelowRoot(r.mountPoint())) continue;
      out.add(
          new MountInfoRow(
              r.mountId(),
              r.parentId(),
              r.major(),
              r.minor(),
              r.root(),
              r.mountPoint(),
              r.mountOptions(),
              r.optionalFields(),
              r.fsType(),
              r.source(),
              withoutOwner(r.superOptions())));
    }
    return out;
  }

  /** The canonical table of {@link #rowsBelowMnt(String)}. */
  public static CanonicalTable canonical(String mountinfo) {
    return CanonicalTable.of(rowsBelowMnt(mountinfo));
  }

  /**
   * The model's table of a translated scenario, compared the same way: its rows at or below /mnt.
   * The model lists the container's root at / too (a scenario's table after pivot_root), which the
   * container's table shows read-only through a remount of / that the language cannot say.
   */
  public static CanonicalTable modelTable(MountTable state) {
    return CanonicalTable.of(
        StateMountInfo.rows(state).stream()
            .filter(r -> ScenarioParser.atOrBelowRoot(r.mountPoint()))
            .toList());
  }

  private static String withoutOwner(String superOptions) {
    return Arrays.stream(superOptions.split(","))
        .filter(o -> !o.equals("uid=65534") && !o.equals("gid=65534"))
        .collect(Collectors.joining(","));
  }
}
