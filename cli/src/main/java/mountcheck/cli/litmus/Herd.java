package mountcheck.cli.litmus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs herd7 with the Linux kernel memory model (tools/memory-model: linux-kernel.cfg, .bell, .cat,
 * used as they are) on one litmus text.
 *
 * @param command herd7 and any loader arguments in front of it
 * @param memoryModel the kernel's tools/memory-model directory
 * @param describe what was found (herd version, kernel package), for reports
 */
public record Herd(List<String> command, Path memoryModel, String describe) {
  private static final Pattern OBSERVATION =
      Pattern.compile("(?m)^Observation (\\S+) (Never|Sometimes|Always) (\\d+) (\\d+)");

  /** herd7's Flag lines, such as {@code Flag unmatched-rcu-unlock}: the model's own warnings. */
  private static final Pattern FLAG = Pattern.compile("(?m)^Flag (\\S+)");

  /**
   * herd7's verdict on the test's exists clause, with positive and negative witness counts, and the
   * flags it raised (an unmatched RCU unlock, a data race): a flagged run tests something else than
   * it claims, whatever its verdict.
   */
  public record Outcome(
      String observation, long positive, long negative, List<String> flags, String output) {
    public Outcome {
      flags = List.copyOf(flags);
    }

    /** The exists clause can be satisfied. */
    public boolean allowed() {
      return !observation.equals("Never");
    }
  }

  /** herd7 with the kernel's memory model, as linux-kernel.cfg names it. */
  public Outcome run(String name, String text, Path scratch) throws IOException {
    return run(name, text, scratch, null);
  }

  /**
   * herd7 with another cat model in place of linux-kernel.cat (herd7's {@code -model}), such as
   * litmus/sc.cat; linux-kernel.cfg still gives the bell file and the macros. Null: the kernel's.
   */
  public Outcome run(String name, String text, Path scratch, Path model) throws IOException {
    Files.createDirectories(scratch);
    Path file = scratch.resolve(name + ".litmus");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    List<String> cmd = new ArrayList<>(command);
    cmd.addAll(List.of("-conf", "linux-kernel.cfg"));
    if (model != null) cmd.addAll(List.of("-model", model.toAbsolutePath().toString()));
    cmd.add(file.toAbsolutePath().toString());
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(memoryModel.toFile());
    pb.redirectErrorStream(true);
    Process p = pb.start();
    String out;
    try {
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("herd7 timed out on " + name);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    Matcher m = OBSERVATION.matcher(out);
    if (!m.find()) throw new IOException("herd7 gave no observation for " + name + ":\n" + out);
    List<String> flags = new ArrayList<>();
    Matcher f = FLAG.matcher(out);
    while (f.find()) flags.add(f.group(1));
    return new Outcome(
        m.group(2), Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), flags, out);
  }
}
