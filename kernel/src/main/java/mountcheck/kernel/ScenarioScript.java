package mountcheck.kernel;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.ops.ChangeDirectory;
import mountcheck.model.ops.HoldFile;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.ReleaseFile;
import mountcheck.model.ops.Scenario;
import mountcheck.model.ops.Unshare;
import mountcheck.model.ops.UnshareUser;
import mountcheck.process.ProcessRun;

/**
 * The bash script that runs a scenario inside a fresh {@code unshare -Urm}, the same on the host
 * and in a guest, so that both answers are read by one {@link Transcript} parser.
 *
 * <p>The script first makes the inherited root read-only ({@code mount -o remount,bind,ro /}, so a
 * {@code mkdir} outside the scenario's own tmpfs mounts fails with EROFS and nothing reaches a
 * disk), records the namespace's mountinfo, then runs each scenario line and reports its exit
 * status and messages between markers. An {@code unshare} line starts a nested bash that goes on
 * reading the same standard input, so the rest of the script runs in the new namespace while the
 * earlier shells wait, which keeps the earlier namespaces alive. After every line the shell that
 * runs the next one (the new one after an {@code unshare}) prints its mountinfo: the per-step
 * tables that {@link StepComparison} compares with the model. The last shell prints the final
 * mountinfo, then, for each file the scenario persisted a namespace on, that namespace's mountinfo
 * through {@code nsenter --mount=FILE} when FILE still holds one.
 *
 * <p>{@code exec N<PATH}, {@code exec N<&-} and {@code cd PATH} change the shell itself, so they
 * run in the main shell, not in a command substitution: the same command runs in a subshell first
 * to capture its message and status (the scenario runs one line at a time, so both see the same
 * state), then, if it worked, in the shell. The runner keeps its own copy of standard error on
 * descriptor {@value #SAVED_STDERR}, above the descriptors 3-9 that scenarios use.
 *
 * <p>With the resident executor ({@link Executor#SYSCALLS}, the default) the mount, umount, mkdir,
 * touch and rmdir lines of the shell's own namespace go to the shell's perl coprocess instead of a
 * tool each, consecutive ones in one request; the executor prints their markers and every line's
 * table (also after the lines the shell runs itself), makes the root read-only and prints the
 * tables of the namespaces kept on files. There is one executor for all the shells: the shell an
 * {@code unshare} line starts inherits its pipes and asks it to follow into the new namespaces, so
 * that the {@code mountfd} names follow the shell (docs/language.md). With {@link Executor#TOOLS}
 * the script is the one described above.
 */
public final class ScenarioScript {
  /** The prefix of every marker line the script prints. */
  static final String MARK = "@@mc ";

  static final String BASH = ProcessRun.BASH;

  /** The descriptor the runner saves standard error on (scenarios use 3 to 9). */
  static final int SAVED_STDERR = 19;

  /** Defined again in every new shell: prints a command's messages without libmount's noise. */
  private static final String SHOW_FUNCTION =
      "__mc_show() { local IFS=$'\\n' __mc_l; set -f; for __mc_l in $1; do case $__mc_l in"
          + " *'failed [errno='*) printf '%s\\n' \"$__mc_l\" ;; *libmount:*) ;;"
          + " *) printf '%s\\n' \"$__mc_l\" ;; esac; done; set +f; }\n";

  /**
   * Prints the shell's own /proc/self/mountinfo with builtins only: under QEMU's TCG an exec of
   * {@code cat} costs as much as a mount line, and the table is printed twice per scenario.
   */
  static final String PRINT_MOUNTINFO =
      "mapfile -t __mc_mi < /proc/self/mountinfo; printf '%s\\n' \"${__mc_mi[@]}\"";

  /**
   * Above this many mountinfo rows the script stops capturing per-step tables (and says so with
   * {@code @@mc steps-too-large I}): a scenario that builds tens of thousands of mounts (C28's
   * doubling binds) would print and re-read megabytes per line. Such scenarios are compared on
   * their final tables only.
   */
  public static final int MAX_STEP_ROWS = 1000;

  /**
   * Prints the shell's /proc/self/mountinfo after line {@code index}, with builtins only (no
   * process per step): between {@code @@mc step-begin I} and {@code @@mc step-end I} the whole
   * table, or, when the table only grew at its end since the last step of the same shell (new
   * mounts are listed last), between {@code @@mc step-append I} and {@code @@mc step-end I} only
   * the new rows, which keeps long scenarios' console output small. {@link Transcript} rebuilds
   * each step's table and keeps the rows at or below /mnt whose filesystem is new.
   */
  static String stepTable(int index) {
    return "; if [[ -z $__MC_NO_STEPS ]]; then mapfile -t __mc_mi < /proc/self/mountinfo;"
        + " if ((${#__mc_mi[@]} > "
        + MAX_STEP_ROWS
        + ")); then export __MC_NO_STEPS=1; echo '"
        + MARK
        + "steps-too-large "
        + index
        + "'; else printf -v __mc_cur '%s\\n' \"${__mc_mi[@]}\";"
        + " if [[ -n $__mc_prev && ${__mc_cur:0:${#__mc_prev}} == \"$__mc_prev\" ]]; then echo '"
        + MARK
        + "step-append "
        + index
        + "'; printf '%s' \"${__mc_cur:${#__mc_prev}}\"; else echo '"
        + MARK
        + "step-begin "
        + index
        + "'; printf '%s' \"$__mc_cur\"; fi; __mc_prev=$__mc_cur; echo '"
        + MARK
        + "step-end "
        + index
        + "'; fi; fi";
  }

  /**
   * The descriptor the resident executor prints markers and tables on: the shell's standard output,
   * saved before the coprocess's pipes replace it.
   */
  static final int SAVED_STDOUT = 18;

  /** Makes the inherited root read-only and moves to it. */
  private static final String PREPARE =
      "mount -o remount,bind,ro / || { echo '"
          + MARK
          + "prep-failed remount'; exit 97; }\n"
          + "cd / || { echo '"
          + MARK
          + "prep-failed cd'; exit 97; }\n";

  private static final String FINAL =
      "echo '" + MARK + "final-begin'; " + PRINT_MOUNTINFO + "; echo '" + MARK + "final-end'\n";

  private static final String BEFORE =
      "echo '" + MARK + "before-begin'; " + PRINT_MOUNTINFO + "; echo '" + MARK + "before-end'\n";

  /**
   * The descriptors the shell reads the executor's answers on and writes its requests to: opened
   * without close-on-exec, so that the shell an {@code unshare} line starts inherits them and the
   * one executor follows the shells (its descriptors with it, docs/language.md).
   */
  static final int EXECUTOR_ANSWERS = 50;

  static final int EXECUTOR_REQUESTS = 51;

  /**
   * Defined again in every new shell: {@code __mc_start} starts the resident executor ({@link
   * Executor#SYSCALLS}) as the coprocess {@code __MC_X}, reopens its pipes on {@value
   * #EXECUTOR_ANSWERS} and {@value #EXECUTOR_REQUESTS} through /proc/self/fd (bash's coproc
   * descriptors, and their dups, are close-on-exec) and checks that it answers; {@code __mc_x
   * REQUEST...} sends requests and waits until the executor has printed everything they print. Once
   * the executor reports that the tables grew past {@link #MAX_STEP_ROWS}, {@code __MC_NO_STEPS}
   * tells the shells after it.
   */
  static final String EXECUTOR_FUNCTIONS =
      "__mc_start() { coproc __MC_X { exec perl -e \"$__MC_PL\" "
          + MAX_STEP_ROWS
          + " \"$__MC_NO_STEPS\"; }; exec "
          + EXECUTOR_ANSWERS
          + "</proc/self/fd/${__MC_X[0]} "
          + EXECUTOR_REQUESTS
          + ">/proc/self/fd/${__MC_X[1]}; __mc_x; [ -n \"$__mc_ack\" ]; }\n"
          + "__mc_x() { printf '%s\\n' \"$@\" sync >&"
          + EXECUTOR_REQUESTS
          + "; __mc_ack=; read -r __mc_ack <&"
          + EXECUTOR_ANSWERS
          + "; if [ \"$__mc_ack\" = nosteps ]; then export __MC_NO_STEPS=1; fi; }\n";

  /**
   * After an {@code unshare} line, in whichever shell goes on (the new one, or this one when
   * unshare failed): the executor enters that shell's user and mount namespaces ({@code follow
   * PID}), so the descriptors of the {@code mountfd} names follow the shell as they would follow a
   * process that calls unshare(2). The answer is "nosteps" instead of "ok" once the tables grew
   * past the step limit (conformance/C28), "failed" when the follow failed.
   */
  private static final String FOLLOW =
      "__mc_x \"follow $$\"; [ \"$__mc_ack\" = ok ] || [ \"$__mc_ack\" = nosteps ] || { echo '"
          + MARK
          + "prep-failed follow'; exit 97; }";

  /**
   * The first shell's executor: the one the guest's starter already runs for it (its pipes in
   * {@code __MC_X_FDS}, see {@link GuestImage}), else a new coprocess.
   */
  private static final String FIRST_EXECUTOR =
      "if [ -n \"$__MC_X_FDS\" ]; then __mc_fds=($__MC_X_FDS); exec "
          + EXECUTOR_ANSWERS
          + "<&${__mc_fds[0]} "
          + EXECUTOR_REQUESTS
          + ">&${__mc_fds[1]}; unset __MC_X_FDS; __mc_x; [ -n \"$__mc_ack\" ]; else __mc_start; fi"
          + " || { echo '"
          + MARK
          + "prep-failed executor'; exit 97; }\n";

  private ScenarioScript() {}

  /**
   * The script for {@code scenario} with the configured {@link Executor}, to be fed on standard
   * input to {@code unshare -Urm bash}.
   */
  public static String of(Scenario scenario) {
    return of(scenario, Executor.configured());
  }

  /** The script for {@code scenario} run by {@code executor}. */
  public static String of(Scenario scenario, Executor executor) {
    return executor == Executor.SYSCALLS ? withExecutor(scenario) : withTools(scenario);
  }

  /**
   * Defines the shell function {@code mountfd} as {@code perl syscalls.pl shell} exports it
   * (README, "The fd-based mount API"), for the {@code mountfd} lines of {@link Executor#TOOLS}.
   */
  private static final String MOUNTFD_FUNCTION =
      "eval \"mountfd $(perl -e \"$__MC_PL\" function)\"\n";

  /** Every line through the tools, the tables printed by the shell. */
  private static String withTools(Scenario scenario) {
    if (changesRoot(scenario))
      throw new IllegalArgumentException(
          scenario.name()
              + ": the tools cannot go on after chroot or pivot_root; run it with the resident"
              + " executor");
    StringBuilder s = new StringBuilder();
    s.append("exec " + SAVED_STDERR + ">&2\n");
    s.append("export __MC_PL='" + Executor.program().replace("'", "'\\''") + "'\n");
    s.append(MOUNTFD_FUNCTION);
    s.append(SHOW_FUNCTION);
    s.append(PREPARE);
    s.append(BEFORE);
    // Markers number the steps from 0, as generated scenarios may repeat line numbers.
    for (int index = 0; index < scenario.steps().size(); index++) {
      Operation op = scenario.steps().get(index).operation();
      if (op instanceof Unshare || op instanceof UnshareUser) {
        s.append(unshare(op, index)).append(stepTable(index)).append('\n');
        s.append(SHOW_FUNCTION).append(MOUNTFD_FUNCTION);
      } else if (Executor.isMountfd(op)) {
        // in this shell, not a command substitution: the function keeps its coprocess
        s.append(beginMark(index) + "; " + op.toCommand() + " 2>&1; __mc_rc=$?; " + endMark(index))
            .append(stepTable(index))
            .append('\n');
      } else if (changesShell(op)) {
        s.append(inShell(op, index)).append(stepTable(index)).append('\n');
      } else {
        s.append(tool(op, index)).append(stepTable(index)).append('\n');
      }
    }
    appendEnd(s, scenario);
    return s.toString();
  }

  /**
   * The mount, umount, mkdir, touch and rmdir lines of the shell's own namespace through the
   * resident executor (consecutive ones in one request), the others through the shell and the
   * tools; the executor prints every line's table.
   */
  private static String withExecutor(Scenario scenario) {
    StringBuilder s = new StringBuilder();
    s.append("exec " + SAVED_STDERR + ">&2 " + SAVED_STDOUT + ">&1\n");
    s.append("export __MC_PL='" + Executor.program().replace("'", "'\\''") + "'\n");
    s.append(SHOW_FUNCTION).append(EXECUTOR_FUNCTIONS);
    s.append(FIRST_EXECUTOR);
    s.append(
        "__mc_x prepare; [ \"$__mc_ack\" = ok ] || { echo '"
            + MARK
            + "prep-failed remount'; exit 97; }\n");
    s.append("cd / || { echo '" + MARK + "prep-failed cd'; exit 97; }\n");
    s.append(BEFORE);
    List<String> pending = new ArrayList<>();
    for (int index = 0; index < scenario.steps().size(); index++) {
      Operation op = scenario.steps().get(index).operation();
      if (Executor.runsInExecutor(op)) {
        pending.add("'" + index + " " + op.toCommand() + "'");
        continue;
      }
      flush(s, pending);
      String step = "; __mc_x 'step " + index + "'\n";
      if (op instanceof Unshare || op instanceof UnshareUser) {
        s.append(unshare(op, index)).append('\n');
        s.append(SHOW_FUNCTION).append(EXECUTOR_FUNCTIONS);
        s.append(FOLLOW).append(step);
      } else if (changesShell(op)) {
        s.append(inShell(op, index)).append(step);
      } else {
        s.append(tool(op, index)).append(step);
      }
    }
    flush(s, pending);
    // after a root change only the executor sees the scenario's root
    if (changesRoot(scenario)) pending.add("final");
    else s.append(FINAL);
    for (String file : scenario.namespaceFiles()) pending.add("'ns " + file + "'");
    flush(s, pending);
    return s.toString();
  }

  /** One request to the executor for the lines waiting in {@code pending}. */
  private static void flush(StringBuilder s, List<String> pending) {
    if (pending.isEmpty()) return;
    s.append("__mc_x ").append(String.join(" ", pending)).append('\n');
    pending.clear();
  }

  /** Whether a line of {@code scenario} changes the root (chroot, pivot_root). */
  public static boolean changesRoot(Scenario scenario) {
    return scenario.steps().stream().anyMatch(step -> Executor.changesRoot(step.operation()));
  }

  private static boolean changesShell(Operation op) {
    return op instanceof HoldFile || op instanceof ReleaseFile || op instanceof ChangeDirectory;
  }

  /**
   * An {@code unshare} line: a nested bash goes on reading the script in the new namespace; the
   * line after it runs in that shell (or, when unshare failed, in this one).
   */
  private static String unshare(Operation op, int index) {
    return beginMark(index)
        + "; export __MC_SHELL=$$\n"
        + op.toCommand()
        + ' '
        + BASH
        + " --norc --noprofile 2>&1\n"
        + "__mc_rc=$?; exec 2>&"
        + SAVED_STDERR
        + "; if [ \"$$\" != \"$__MC_SHELL\" ]; then __mc_rc=0; fi; "
        + endMark(index);
  }

  /** The line's begin mark, which the reader of the output splits the lines by. */
  private static String beginMark(int index) {
    return "echo '" + MARK + "begin " + index + "'";
  }

  /** The line's end mark with its exit status ({@code $__mc_rc}). */
  private static String endMark(int index) {
    return "echo '" + MARK + "end " + index + " '$__mc_rc";
  }

  /**
   * {@code exec N<PATH}, {@code exec N<&-} and {@code cd PATH} change the shell itself: the command
   * runs in a subshell first to capture its message and status, then, if it worked, in the shell.
   */
  private static String inShell(Operation op, int index) {
    String command = op.toCommand();
    return beginMark(index)
        + "; __mc_out=$( ("
        + command
        + ") </dev/null 2>&1); __mc_rc=$?; if [ $__mc_rc = 0 ]; then "
        + command
        + "; fi; __mc_show \"$__mc_out\"; "
        + endMark(index);
  }

  /** A line run by its tool, with libmount's debug output for mount and umount. */
  private static String tool(Operation op, int index) {
    String command = op.toCommand();
    String debug =
        command.startsWith("mkdir") || command.startsWith("rmdir") ? "" : "LIBMOUNT_DEBUG=cxt ";
    return beginMark(index)
        + "; __mc_out=$("
        + debug
        + command
        + " </dev/null 2>&1); __mc_rc=$?; __mc_show \"$__mc_out\"; "
        + endMark(index);
  }

  /** The final table and the tables of the namespaces kept on files. */
  private static void appendEnd(StringBuilder s, Scenario scenario) {
    s.append(FINAL);
    for (String file : scenario.namespaceFiles()) {
      s.append(
          "if __mc_ns=$(nsenter --mount="
              + file
              + " cat /proc/self/mountinfo 2>/dev/null); then echo '"
              + MARK
              + "ns-begin "
              + file
              + "'; printf '%s\\n' \"$__mc_ns\"; echo '"
              + MARK
              + "ns-end "
              + file
              + "'; fi\n");
    }
  }
}
