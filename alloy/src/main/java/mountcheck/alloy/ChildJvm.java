package mountcheck.alloy;

import edu.mit.csail.sdg.ast.Command;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mountcheck.process.ProcessRun;

/**
 * Runs one command in a child JVM and kills it after the time limit. The child is {@link
 * ChildMain}; it prints one {@link CommandReport#toLine()} line prefixed by {@code REPORT}.
 */
final class ChildJvm {
  static final String PREFIX = "REPORT\t";

  private ChildJvm() {}

  static CommandReport run(Spec spec, int index, Command cmd, RunOptions o) {
    // the child gets a temporary directory of its own, removed when it ends: Alloy's solver probe
    // leaves an empty alloy-plingeling*.cnf, and the bundled specs are copied into it
    Path childTmp;
    try {
      childTmp = Files.createTempDirectory("mountcheck-alloy-child");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      return run(spec, index, cmd, o, childTmp);
    } finally {
      deleteTree(childTmp);
    }
  }

  private static void deleteTree(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort: a file still open is left for the operating system's tmp cleaner
    }
  }

  private static CommandReport run(Spec spec, int index, Command cmd, RunOptions o, Path childTmp) {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> argv = new ArrayList<>();
    argv.add(java.toString());
    argv.add("-Xss16m");
    argv.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    argv.add("-Djava.io.tmpdir=" + childTmp);
    argv.add("-cp");
    argv.add(System.getProperty("java.class.path"));
    argv.add(ChildMain.class.getName());
    try {
      argv.add(loadableOrigin(spec).toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    argv.add(Integer.toString(index));
    argv.add(o.solver());
    argv.add(o.scope().isPresent() ? Integer.toString(o.scope().getAsInt()) : "-");
    argv.add(o.steps().isPresent() ? Integer.toString(o.steps().getAsInt()) : "-");
    argv.add(o.outDir().map(Path::toString).orElse("-"));
    long start = System.nanoTime();
    try {
      Process p = new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Thread pump = new Thread(() -> copy(p.getInputStream(), out), "alloy-child-stdout");
      pump.start();
      if (!p.waitFor(o.timeoutSeconds(), TimeUnit.SECONDS)) {
        ProcessRun.killTree(p);
        p.waitFor();
        pump.join();
        long ms = (System.nanoTime() - start) / 1_000_000;
        return new CommandReport(
            spec.name(),
            cmd.label,
            cmd.check,
            "(" + o.timeoutSeconds() + " s limit)",
            Outcome.TIMEOUT,
            cmd.expects,
            -1,
            -1,
            -1,
            ms,
            List.of(),
            "killed after " + o.timeoutSeconds() + " s");
      }
      pump.join();
      String text = out.toString(StandardCharsets.UTF_8);
      for (String line : text.split("\n")) {
        if (line.startsWith(PREFIX)) {
          return CommandReport.fromLine(line.substring(PREFIX.length()));
        }
      }
      long ms = (System.nanoTime() - start) / 1_000_000;
      return new CommandReport(
          spec.name(),
          cmd.label,
          cmd.check,
          "?",
          Outcome.ERROR,
          cmd.expects,
          -1,
          -1,
          -1,
          ms,
          List.of(),
          "child JVM exited with " + p.exitValue() + " and no report");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the Alloy child JVM", e);
    }
  }

  /** The spec's origin if a child can load it from there, else a temporary copy of its text. */
  private static Object loadableOrigin(Spec spec) throws IOException {
    if (Spec.BUNDLED.contains(spec.origin()) || Files.isRegularFile(Path.of(spec.origin()))) {
      return spec.origin();
    }
    Path copy = Files.createTempFile(spec.name() + "-", ".als");
    copy.toFile().deleteOnExit(); // the child reads it; this JVM removes it when it exits
    Files.writeString(copy, spec.text());
    return copy;
  }

  private static void copy(InputStream in, ByteArrayOutputStream out) {
    try {
      in.transferTo(out);
    } catch (IOException e) {
      // the child was killed; what was read so far is kept
    }
  }
}
