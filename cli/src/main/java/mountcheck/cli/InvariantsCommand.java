package mountcheck.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.Invariants;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.KernelConformance;
import mountcheck.properties.catalogue.Variants;
import mountcheck.properties.engine.Property;
import mountcheck.properties.rcu.RcuProperty;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code mountcheck invariants}: the catalogue as Markdown (the README section comes from it). */
@Command(
    name = "invariants",
    mixinStandardHelpOptions = true,
    description = "Prints every checked property and invariant with its one-line statement, as Markdown.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:printed (or the README section rewritten)",
      "2:bad option, or --readme names a missing file or one without the markers"
    })
public final class InvariantsCommand implements Callable<Integer> {
  static final String BEGIN = "<!-- invariants:begin -->";
  static final String END = "<!-- invariants:end -->";

  @Spec CommandSpec spec;

  @picocli.CommandLine.Option(names = "--readme", paramLabel = "FILE", description = "rewrite the section between the invariants markers of FILE instead of printing (default: print)")
  java.nio.file.Path readme;

  @Override
  public Integer call() throws java.io.IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (readme != null) {
      if (!java.nio.file.Files.isRegularFile(readme)) throw new UsageError(readme + ": no such file");
      String text = java.nio.file.Files.readString(readme);
      int a = text.indexOf(BEGIN);
      int b = text.indexOf(END);
      if (a < 0 || b < a) {
        spec.commandLine().getErr().println("mountcheck invariants: " + readme + " has no " + BEGIN + " ... " + END + " section");
        return 2;
      }
      java.nio.file.Files.writeString(readme, text.substring(0, a + BEGIN.length()) + "\n" + markdown() + text.substring(b));
      out.println("rewrote the invariants section of " + readme);
      return 0;
    }
    out.print(markdown());
    out.flush();
    return 0;
  }

  /** The generated section of a README, or null when the markers are missing. */
  static String section(String readmeText) {
    int a = readmeText.indexOf(BEGIN);
    int b = readmeText.indexOf(END);
    return a < 0 || b < a ? null : readmeText.substring(a + BEGIN.length() + 1, b);
  }

  static String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("### Properties of the catalogue (`mountcheck check`)\n\n");
    b.append("| property | statement | CI budget |\n|---|---|---|\n");
    for (Property<Scenario> p : Catalogue.properties()) {
      b.append("| `").append(p.name()).append("` | ").append(p.statement()).append(" | ")
          .append(p.tries()).append(" examples / ").append(p.timeLimit().toSeconds()).append(" s |\n");
    }
    b.append("| `").append(KernelConformance.NAME).append("` | ")
        .append(KernelConformance.property(null).statement()).append(" (`mountcheck conform`) | ")
        .append(KernelConformance.property(null).tries()).append(" scenarios |\n");
    b.append("\n### State invariants (docs/semantics.md §1.6), checked after every operation\n\n");
    b.append("| invariant | statement |\n|---|---|\n");
    for (Invariants.Rule r : Invariants.Rule.values()) {
      b.append("| `").append(r.name().toLowerCase().replace('_', '-')).append("` | ").append(r.statement).append(" |\n");
    }
    b.append("\n### Lifetime properties (`mountcheck check rcu`)\n\n| property | statement |\n|---|---|\n");
    for (RcuProperty p : RcuProperty.values()) {
      b.append("| `").append(p.id()).append("` | ").append(p.statement()).append(" |\n");
    }
    b.append("\n### Known-bug variants (`mountcheck check --variant NAME`), each must be caught\n\n| variant | property that catches it |\n|---|---|\n");
    for (String v : Variants.names()) {
      b.append("| `").append(v).append("` | ").append(Variants.property(v).orElseThrow().statement()).append(" |\n");
    }
    return b.toString();
  }
}
