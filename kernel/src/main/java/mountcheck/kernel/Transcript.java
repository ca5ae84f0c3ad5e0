package mountcheck.kernel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.text.ExpectedOutcome;
import mountcheck.model.text.MountInfoFormat;
import mountcheck.model.text.MountInfoRow;
import mountcheck.model.text.ScenarioParser;

/**
 * Reads what a {@link ScenarioScript} printed (on the host or on a guest's console) into a {@link
 * KernelResult}: the markers give each line's exit status and messages, errno values come from the
 * messages through {@link ErrnoTable}, and the final mountinfo (and the table captured after each
 * line) is filtered to the mounts at or below {@code /mnt} whose superblock did not exist before
 * the scenario.
 */
public final class Transcript {
  private static final String MARK = ScenarioScript.MARK;
  private static final Pattern BEGIN = Pattern.compile("@@mc begin ([0-9]+)");
  private static final Pattern END = Pattern.compile("@@mc end ([0-9]+) ([0-9]+)");
  private static final Pattern LIBMOUNT_PREFIX =
      Pattern.compile("^[0-9]+: libmount: +[A-Z]+: (\\[0x[0-9a-f]+\\]: )?");

  private Transcript() {}

  /**
   * The kernel's answer to {@code scenario} from the script's standard output and error and the
   * shell's exit status.
   */
  public static KernelResult parse(Scenario scenario, String stdout, String stderr, int exitStatus)
      throws KernelException {
    List<String> lines = List.of(stdout.split("\n", -1));
    for (String l : lines)
      if (l.startsWith(MARK + "prep-failed"))
        throw new KernelUnavailableException(
            "could not prepare the namespace ("
                + l.substring(MARK.length())
                + "): "
                + stdout
                + stderr);
    List<String> before = between(lines, "before");
    List<String> after = between(lines, "final");
    if (before == null || after == null)
      throw new KernelException(
          "the runner's shell stopped early (exit status "
              + exitStatus
              + ")\nstdout:\n"
              + stdout
              + "stderr:\n"
              + stderr);
    Set<String> devicesBefore = new HashSet<>();
    for (MountInfoRow row : rows(before)) devicesBefore.add(row.major() + ":" + row.minor());
    List<MountInfoRow> rows = scenarioRows(after, devicesBefore);
    // the per-step tables: all of them or none (a transcript without them, or cut short)
    boolean stepsTooLarge = false;
    for (String l : lines) if (l.startsWith(MARK + "steps-too-large ")) stepsTooLarge = true;
    List<List<MountInfoRow>> stepRows = new ArrayList<>();
    List<String> previous = List.of();
    for (int index = 0; index < scenario.steps().size(); index++) {
      List<String> table = stepTable(lines, index, previous);
      if (table == null || stepsTooLarge) {
        stepRows = List.of();
        break;
      }
      stepRows.add(scenarioRows(table, devicesBefore));
      previous = table;
    }

    Map<Integer, String> messages = new HashMap<>();
    Map<Integer, Integer> status = new HashMap<>();
    Integer current = null;
    StringBuilder message = new StringBuilder();
    for (String l : lines) {
      Matcher begin = BEGIN.matcher(l);
      Matcher end = END.matcher(l);
      if (begin.matches()) {
        current = Integer.parseInt(begin.group(1));
        message.setLength(0);
      } else if (end.matches()) {
        int line = Integer.parseInt(end.group(1));
        status.put(line, Integer.parseInt(end.group(2)));
        messages.put(line, message.toString().strip());
        current = null;
      } else if (current != null) {
        message.append(LIBMOUNT_PREFIX.matcher(l).replaceFirst("libmount: ")).append('\n');
      }
    }
    List<LineOutcome> outcomes = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      Step step = scenario.steps().get(index);
      int line = step.line();
      String command = step.operation().toCommand();
      Integer rc = status.get(index);
      if (rc == null)
        throw new KernelException(
            "no outcome reported for line " + line + "\nstdout:\n" + stdout + "stderr:\n" + stderr);
      String text = messages.get(index);
      if (rc == 0 || ErrnoTable.isUserspaceTableFailureOnly(command, rc, text)) {
        outcomes.add(LineOutcome.ok(line, command, text));
      } else {
        int number = ErrnoTable.fromOutput(text);
        String name = number == 0 ? "UNKNOWN" : ErrnoTable.name(number);
        outcomes.add(new LineOutcome(line, command, name, number, text));
      }
    }
    List<ExpectedOutcome.NamespaceTable> namespaces = new ArrayList<>();
    for (String file : scenario.namespaceFiles()) {
      List<String> held = between(lines, "ns", file);
      if (held == null) continue;
      List<MountInfoRow> nsRows = new ArrayList<>();
      for (MountInfoRow row : rows(held)) {
        if (underMnt(row.mountPoint()) && !devicesBefore.contains(row.major() + ":" + row.minor()))
          nsRows.add(row);
      }
      namespaces.add(new ExpectedOutcome.NamespaceTable(file, nsRows));
    }
    List<String> pointsBefore = new ArrayList<>();
    for (MountInfoRow row : rows(before)) {
      if (ScenarioParser.atOrBelowRoot(row.mountPoint())) pointsBefore.add(row.mountPoint());
    }
    List<MountInfoRow> beforeRows = rows(before);
    return new KernelResult(
        outcomes,
        rows,
        beforeRows.size() + hiddenAncestors(beforeRows),
        pointsBefore,
        stderr,
        namespaces,
        stepRows,
        stepsTooLarge);
  }

  /**
   * The mountinfo lines after step {@code index}: the whole table ({@code step-begin}), or the
   * previous step's lines followed by the new ones ({@code step-append}); null when not captured.
   */
  private static List<String> stepTable(List<String> lines, int index, List<String> previous) {
    List<String> whole = between(lines, "step", Integer.toString(index));
    if (whole != null) return whole;
    int from = lines.indexOf(MARK + "step-append " + index);
    int to = lines.indexOf(MARK + "step-end " + index);
    if (from < 0 || to < from) return null;
    List<String> out = new ArrayList<>(previous);
    out.addAll(lines.subList(from + 1, to));
    return out;
  }

  /** The rows at or below /mnt (or at / after a root change) of filesystems the scenario made. */
  private static List<MountInfoRow> scenarioRows(List<String> table, Set<String> devicesBefore) {
    List<MountInfoRow> out = new ArrayList<>();
    for (MountInfoRow row : rows(table)) {
      if (underMnt(row.mountPoint()) && !devicesBefore.contains(row.major() + ":" + row.minor()))
        out.add(row);
    }
    return out;
  }

  /**
   * Mounts of the namespace that /proc/self/mountinfo does not show: show_mountinfo() skips mounts
   * not reachable from the process root, such as the rootfs below a chroot or pivot_root. Each
   * listed parent id that has no row of its own is one of them (at least one; fs.mount-max counts
   * them all, so an exact-limit scenario needs them).
   */
  static int hiddenAncestors(List<MountInfoRow> rows) {
    Set<Integer> ids = new HashSet<>();
    for (MountInfoRow row : rows) ids.add(row.mountId());
    Set<Integer> hidden = new HashSet<>();
    for (MountInfoRow row : rows)
      if (row.parentId() != row.mountId() && !ids.contains(row.parentId()))
        hidden.add(row.parentId());
    return hidden.size();
  }

  private static boolean underMnt(String mountPoint) {
    return ScenarioParser.shownInTable(mountPoint);
  }

  /** The lines between {@code @@mc NAME-begin FILE} and {@code @@mc NAME-end FILE}, or null. */
  private static List<String> between(List<String> lines, String name, String file) {
    int from = lines.indexOf(MARK + name + "-begin " + file);
    int to = lines.indexOf(MARK + name + "-end " + file);
    if (from < 0 || to < from) return null;
    return lines.subList(from + 1, to);
  }

  /** The lines between {@code @@mc NAME-begin} and {@code @@mc NAME-end}, or null. */
  private static List<String> between(List<String> lines, String name) {
    int from = lines.indexOf(MARK + name + "-begin");
    int to = lines.indexOf(MARK + name + "-end");
    if (from < 0 || to < from) return null;
    return lines.subList(from + 1, to);
  }

  private static List<MountInfoRow> rows(List<String> lines) {
    List<MountInfoRow> rows = new ArrayList<>();
    for (String l : lines) if (!l.isEmpty()) rows.add(MountInfoFormat.parseLine(l));
    return rows;
  }
}
