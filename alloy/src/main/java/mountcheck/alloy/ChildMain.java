package mountcheck.alloy;

import java.nio.file.Path;

/**
 * Entry point of the child JVM started by {@link ChildJvm}: {@code SPEC INDEX SOLVER SCOPE STEPS
 * OUTDIR}, where {@code -} means "not given". Prints one report line on stdout.
 */
public final class ChildMain {
  private ChildMain() {}

  public static void main(String[] args) {
    if (args.length != 6) {
      System.err.println("usage: ChildMain SPEC INDEX SOLVER SCOPE|- STEPS|- OUTDIR|-");
      System.exit(2);
    }
    Spec spec = Spec.resolve(args[0]);
    RunOptions o = RunOptions.defaults().withSolver(args[2]);
    if (!args[3].equals("-")) {
      o = o.withScope(Integer.parseInt(args[3]));
    }
    if (!args[4].equals("-")) {
      o = o.withSteps(Integer.parseInt(args[4]));
    }
    if (!args[5].equals("-")) {
      o = o.withOutDir(Path.of(args[5]));
    }
    Solvers.available();
    AlloyRunner runner = new AlloyRunner(o);
    CommandReport r = runner.runCommand(spec, AlloyRunner.parse(spec), Integer.parseInt(args[1]));
    System.out.println(ChildJvm.PREFIX + r.toLine());
    System.out.flush();
  }
}
