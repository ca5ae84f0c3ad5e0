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
    description = "Prints every checked property and invariant with its one-line statement, as Markdown.")
public final class InvariantsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(markdown());
    out.flush();
    return 0;
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
    b.append("\n### State invariants (kernel-semantics.md §1.6), checked after every operation\n\n");
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
