package mountcheck.kernel;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.Scenario;

/**
 * A kernel that answers scenarios: the host's own kernel through {@code unshare -Urm} ({@link
 * KernelRunner}), or a kernel image booted under QEMU ({@link VmBackend}). Both run the same {@link
 * ScenarioScript} and read it back with the same {@link Transcript}, so their answers are
 * comparable with each other and with the model's.
 */
public sealed interface KernelBackend permits KernelRunner, VmBackend {
  /** What the backend is called on the command line: {@code host}, {@code 6.1}, an image path. */
  String name();

  /** Null when scenarios can run, else why not. */
  String unavailableReason();

  /** The answer to one scenario. */
  KernelResult run(Scenario scenario) throws KernelException;

  /**
   * The answers to many scenarios, in order. One scenario that fails (time limit, a broken guest)
   * does not stop the others; its {@link ScenarioRun#error()} says what happened.
   */
  default List<ScenarioRun> runAll(List<Scenario> scenarios) throws KernelUnavailableException {
    String reason = unavailableReason();
    if (reason != null) throw new KernelUnavailableException(reason);
    List<ScenarioRun> out = new ArrayList<>();
    for (Scenario s : scenarios) {
      try {
        out.add(new ScenarioRun(s, run(s), null));
      } catch (KernelException e) {
        out.add(new ScenarioRun(s, null, e));
      }
    }
    return out;
  }

  /** The kernel release ({@code uname -r}) the answers come from; known after the first run. */
  String release();

  /** One scenario's answer, or the error that stopped it. */
  record ScenarioRun(Scenario scenario, KernelResult result, KernelException error) {
    public boolean ok() {
      return error == null;
    }
  }
}
