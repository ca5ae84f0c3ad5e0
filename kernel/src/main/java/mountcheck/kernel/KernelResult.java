package mountcheck.kernel;

import java.util.List;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoRow;

/**
 * The live kernel's answer to a scenario.
 *
 * @param outcomes one outcome per scenario line, in order
 * @param rows the final (innermost) namespace's mountinfo rows whose mount point is at or below
 *     {@code /mnt} and whose superblock did not exist before the scenario
 * @param mountsBefore how many mounts the runner's namespace had before the first scenario line,
 *     those mountinfo does not show (parents outside the process root) included
 * @param mountPointsBefore the mount points at or below /mnt that existed before the scenario (the
 *     host's, copied in locked), parents first
 * @param stderr what the runner's processes wrote to standard error (for debugging)
 * @param namespaces the final rows, filtered the same way, of each namespace still held by a file
 *     the scenario persisted a namespace on, in the scenario's order
 * @param stepRows after each scenario line (by index), the current namespace's rows filtered as
 *     {@code rows} is; empty when the runner did not capture per-step tables
 * @param stepsTooLarge the namespace grew past {@link ScenarioScript#MAX_STEP_ROWS} rows, so the
 *     runner stopped capturing per-step tables ({@code stepRows} is empty)
 */
public record KernelResult(
    List<LineOutcome> outcomes,
    List<MountInfoRow> rows,
    int mountsBefore,
    List<String> mountPointsBefore,
    String stderr,
    List<ExpectedOutcome.NamespaceTable> namespaces,
    List<List<MountInfoRow>> stepRows,
    boolean stepsTooLarge) {

  public KernelResult {
    stepRows = stepRows.stream().map(List::copyOf).toList();
    outcomes = List.copyOf(outcomes);
    rows = List.copyOf(rows);
    mountPointsBefore = List.copyOf(mountPointsBefore);
    namespaces = List.copyOf(namespaces);
  }

  public KernelResult(
      List<LineOutcome> outcomes,
      List<MountInfoRow> rows,
      int mountsBefore,
      List<String> mountPointsBefore,
      String stderr,
      List<ExpectedOutcome.NamespaceTable> namespaces) {
    this(outcomes, rows, mountsBefore, mountPointsBefore, stderr, namespaces, List.of(), false);
  }

  public KernelResult(
      List<LineOutcome> outcomes,
      List<MountInfoRow> rows,
      int mountsBefore,
      List<String> mountPointsBefore,
      String stderr) {
    this(outcomes, rows, mountsBefore, mountPointsBefore, stderr, List.of(), List.of(), false);
  }

  /** The outcomes of the lines that failed. */
  public List<LineOutcome> failures() {
    return outcomes.stream().filter(o -> !o.ok()).toList();
  }
}
