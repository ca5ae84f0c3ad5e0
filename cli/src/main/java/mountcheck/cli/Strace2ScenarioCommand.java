package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import mountcheck.kernel.strace.StraceTranslator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code mountcheck strace2scenario FILE}: a scenario from the mount calls of an strace log. */
@Command(
    name = "strace2scenario",
    mixinStandardHelpOptions = true,
    description = {
      "Translates the mount calls of an 'strace -f -y' log (mount, umount2, pivot_root, chroot,"
          + " mkdir, unshare and clone flags, chdir; open_tree, move_mount, mount_setattr, fsopen,"
          + " fsconfig and fsmount as mountfd lines; descriptors through /proc/self/fd/N) into a"
          + " scenario of the language, printed on stdout. The log must start in the namespace"
          + " 'unshare -Urm' gives. Calls the language cannot say (paths outside /mnt, filesystems"
          + " other than tmpfs) become '# not translated (why): CALL' comments."
          + " scripts/runtime-record makes such a log of runc; docs/runtime.md."
    },
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {"0:the scenario was printed", "2:the log cannot be read"})
public final class Strace2ScenarioCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the strace log")
  Path file;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageError("cannot read " + file + ": " + e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    for (String line : StraceTranslator.translate(file.getFileName().toString(), text))
      out.println(line);
    out.flush();
    return 0;
  }
}
