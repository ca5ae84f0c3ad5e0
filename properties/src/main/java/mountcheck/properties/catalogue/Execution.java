package mountcheck.properties.catalogue;

import mountcheck.model.ops.Operation;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Step;
import mountcheck.model.ops.Umount;
import mountcheck.model.semantics.Model;
import mountcheck.model.semantics.Result;
import mountcheck.model.semantics.ScenarioRunner;
import mountcheck.model.semantics.UmountTree;
import mountcheck.model.state.MountTable;

/**
 * Runs a scenario through a model one step at a time, with a hook that sees the exact input of
 * propagate_umount before every umount that gets that far, and one that sees every state.
 */
final class Execution {
  private Execution() {}

  /** Called with what propagate_umount is given; returns a failure message or null. */
  interface UmountHook {
    String atUmount(Step step, UmountTree.Input input);
  }

  /** Called with each state after a step; returns a failure message or null. */
  interface StateHook {
    String after(Step step, MountTable state);
  }

  /** The first failure message a hook returned, or null. */
  static String run(
      Model model,
      Scenario scenario,
      MountTable initial,
      UmountHook umountHook,
      StateHook stateHook) {
    MountTable state = initial;
    for (Step step : scenario.steps()) {
      for (Operation op : ScenarioRunner.split(step.operation())) {
        if (op instanceof Umount u && umountHook != null) {
          Result<UmountTree.Input> in = model.umountInput(state, u);
          if (in instanceof Result.Ok<UmountTree.Input> ok) {
            String failure = umountHook.atUmount(step, ok.value());
            if (failure != null) return failure;
          }
        }
        Result<MountTable> r = model.apply(state, op);
        if (r instanceof Result.Ok<MountTable> ok) state = ok.value();
        else if (ScenarioRunner.stopsAtFailure(step.operation())) break;
      }
      if (stateHook != null) {
        String failure = stateHook.after(step, state);
        if (failure != null) return failure;
      }
    }
    return null;
  }
}
