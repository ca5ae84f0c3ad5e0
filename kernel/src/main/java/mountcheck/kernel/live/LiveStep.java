package mountcheck.kernel.live;

import java.util.List;
import java.util.Map;

/**
 * One observed system-call boundary on the live kernel: a scenario line (index from 0) or a shell's
 * exit at the end (index -1, -2, ... innermost first).
 *
 * @param exitStatus the command's exit status (0 for a teardown)
 * @param events the mount events each marked namespace received, in delivery order
 * @param tables after the step, every live marked namespace (by index): mount id -> statmount()
 * @param pollReports per namespace index, whether poll() on an open /proc/PID/mountinfo of the
 *     namespace's shell reported a change (EPOLLPRI|EPOLLERR) right after the step; the file was
 *     opened when the namespace appeared and polled after every step since
 * @param mountinfo after the step, /proc/PID/mountinfo of the scenario's current shell, line by
 *     line (empty for a teardown)
 */
public record LiveStep(
    int index,
    String command,
    int exitStatus,
    List<LiveEvent> events,
    Map<Integer, Map<Long, StatMount>> tables,
    Map<Integer, Boolean> pollReports,
    List<String> mountinfo) {
  public LiveStep {
    mountinfo = List.copyOf(mountinfo);
    events = List.copyOf(events);
    tables = Map.copyOf(tables);
    pollReports = Map.copyOf(pollReports);
  }
}
