package mountcheck.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import mountcheck.conform.KernelConformance;
import mountcheck.engine.Property;
import mountcheck.engine.report.MarkdownTable;
import mountcheck.model.ops.Scenario;
import mountcheck.model.state.Invariants;
import mountcheck.model.variants.KnownBugVariant;
import mountcheck.model.variants.KnownBugVariants;
import mountcheck.properties.catalogue.Catalogue;
import mountcheck.properties.catalogue.KnownBugProperties;
import mountcheck.properties.rcu.RcuProperty;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code mountcheck invariants}: the catalogue as Markdown (the section of docs/invariants.md comes
 * from it).
 */
@Command(
    name = "invariants",
    mixinStandardHelpOptions = true,
    description =
        "Prints every checked property and invariant with its one-line statement, as Markdown.",
    exitCodeListHeading = "Exit status:%n",
    exitCodeList = {
      "0:printed (or the document's section rewritten)",
      "2:bad option, or --doc names a missing file or one without the markers"
    })
public final class InvariantsCommand implements Callable<Integer> {
  static final String BEGIN = "<!-- invariants:begin -->";
  static final String END = "<!-- invariants:end -->";

  @Spec CommandSpec spec;

  @Option(
      names = {"--doc", "--readme"},
      paramLabel = "FILE",
      description =
          "rewrite the section between the invariants markers of FILE (docs/invariants.md)"
              + " instead of printing (default: print)")
  Path doc;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (doc != null) {
      if (!Files.isRegularFile(doc)) throw new UsageError(doc + ": no such file");
      String text = Files.readString(doc);
      int a = text.indexOf(BEGIN);
      int b = text.indexOf(END);
      if (a < 0 || b < a) {
        spec.commandLine()
            .getErr()
            .println(
                "mountcheck invariants: " + doc + " has no " + BEGIN + " ... " + END + " section");
        return 2;
      }
      Files.writeString(
          doc, text.substring(0, a + BEGIN.length()) + "\n" + markdown() + text.substring(b));
      out.println("rewrote the invariants section of " + doc);
      return 0;
    }
    out.print(markdown());
    out.flush();
    return 0;
  }

  /** The generated section of a document, or null when the markers are missing. */
  static String section(String text) {
    int a = text.indexOf(BEGIN);
    int b = text.indexOf(END);
    return a < 0 || b < a ? null : text.substring(a + BEGIN.length() + 1, b);
  }

  static String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("### Properties of the catalogue (`mountcheck check`)\n\n");
    MarkdownTable properties = new MarkdownTable("property", "statement", "CI budget");
    for (Property<Scenario> p : Catalogue.properties()) {
      properties.row(
          code(p.name()),
          p.statement(),
          p.tries() + " examples / " + p.timeLimit().toSeconds() + " s");
    }
    Property<Scenario> conform = KernelConformance.property(null);
    properties.row(
        code(KernelConformance.NAME),
        conform.statement() + " (`mountcheck conform`)",
        conform.tries() + " scenarios");
    b.append(properties.render());

    b.append("\n### State invariants (docs/semantics.md §1.6), checked after every operation\n\n");
    MarkdownTable invariants = new MarkdownTable("invariant", "statement");
    for (Invariants.Rule r : Invariants.Rule.values()) {
      invariants.row(code(r.name().toLowerCase().replace('_', '-')), r.statement);
    }
    b.append(invariants.render());

    b.append("\n### Lifetime properties (`mountcheck check rcu`)\n\n");
    MarkdownTable lifetime = new MarkdownTable("property", "statement");
    for (RcuProperty p : RcuProperty.values()) lifetime.row(code(p.id()), p.statement());
    b.append(lifetime.render());

    b.append(
        "\n### Known-bug variants (`mountcheck check --variant NAME`), each must be caught\n\n");
    b.append("From the registry `KnownBugVariants` (docs/contributing.md §3).")
        .append(" Lifetime designs run with `mountcheck check rcu --variant NAME`;")
        .append(" `RcuVerdictsTest` pins which lifetime properties each one fails.\n\n");
    MarkdownTable variants =
        new MarkdownTable("variant", "system under test", "compared with", "caught by", "source");
    for (KnownBugVariant v : KnownBugVariants.all()) {
      String caughtBy =
          KnownBugProperties.property(v.name())
              .map(p -> code(p.name()) + ": " + p.statement())
              .orElse(v.caughtBy());
      variants.row(code(v.name()), v.system().kind(), v.reference(), caughtBy, v.source());
    }
    b.append(variants.render());
    return b.toString();
  }

  private static String code(String name) {
    return "`" + name + "`";
  }
}
