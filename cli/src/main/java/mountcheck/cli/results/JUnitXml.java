package mountcheck.cli.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes results as a JUnit XML report (the Ant/Surefire form most CI systems read): one {@code
 * testsuite} per command, one {@code testcase} per result; a failed result has a {@code failure},
 * an error an {@code error}, a skipped one {@code skipped}. The seed, budget and counts go into the
 * suite's and case's {@code properties}, with the shard and what merging shards needs ({@link
 * ResultReader} reads them back).
 */
public final class JUnitXml {
  private JUnitXml() {}

  public static void write(Path file, List<Result> results) {
    Map<String, List<Result>> suites = new LinkedHashMap<>();
    for (Result r : results) suites.computeIfAbsent(r.command(), k -> new ArrayList<>()).add(r);
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) Files.createDirectories(parent);
      try (OutputStream os = Files.newOutputStream(file)) {
        XMLStreamWriter x = XMLOutputFactory.newInstance().createXMLStreamWriter(os, "UTF-8");
        x.writeStartDocument("UTF-8", "1.0");
        x.writeCharacters("\n");
        x.writeStartElement("testsuites");
        x.writeAttribute("name", "mountcheck");
        x.writeAttribute("tests", Integer.toString(results.size()));
        x.writeAttribute(
            "failures", Long.toString(count(results, Verdict.FAILED, Verdict.GAVE_UP)));
        x.writeAttribute("errors", Long.toString(count(results, Verdict.ERROR)));
        x.writeAttribute("skipped", Long.toString(count(results, Verdict.SKIPPED)));
        x.writeAttribute("time", seconds(results.stream().mapToDouble(Result::seconds).sum()));
        for (Map.Entry<String, List<Result>> s : suites.entrySet())
          suite(x, s.getKey(), s.getValue());
        x.writeCharacters("\n");
        x.writeEndElement();
        x.writeCharacters("\n");
        x.writeEndDocument();
        x.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void suite(XMLStreamWriter x, String command, List<Result> rs)
      throws XMLStreamException {
    x.writeCharacters("\n  ");
    x.writeStartElement("testsuite");
    x.writeAttribute("name", "mountcheck " + command);
    x.writeAttribute("tests", Integer.toString(rs.size()));
    x.writeAttribute("failures", Long.toString(count(rs, Verdict.FAILED, Verdict.GAVE_UP)));
    x.writeAttribute("errors", Long.toString(count(rs, Verdict.ERROR)));
    x.writeAttribute("skipped", Long.toString(count(rs, Verdict.SKIPPED)));
    x.writeAttribute("time", seconds(rs.stream().mapToDouble(Result::seconds).sum()));
    for (Result r : rs) testcase(x, r);
    x.writeCharacters("\n  ");
    x.writeEndElement();
  }

  private static void testcase(XMLStreamWriter x, Result r) throws XMLStreamException {
    x.writeCharacters("\n    ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", "mountcheck." + r.command().replace(' ', '.'));
    x.writeAttribute("name", r.name());
    x.writeAttribute("time", seconds(r.seconds()));
    x.writeCharacters("\n      ");
    x.writeStartElement("properties");
    property(x, "verdict", r.verdict().word());
    if (r.seed() != null) property(x, "seed", r.seed().toString());
    if (r.budget().tries() != null) property(x, "budget.tries", r.budget().tries().toString());
    if (r.budget().seconds() != null)
      property(x, "budget.seconds", r.budget().seconds().toString());
    if (r.budget().factor() != null) property(x, "budget.factor", r.budget().factor().toString());
    if (r.shard() != null) {
      ShardRecord sr = r.shard();
      property(x, "shard", sr.shard().toString());
      property(x, "shard.kernel", sr.kernel());
      if (sr.item() != null) {
        property(x, "shard.item", sr.item().toString());
        property(x, "shard.items", sr.items().toString());
      }
      if (sr.failingExample() != null)
        property(x, "shard.failing-example", sr.failingExample().toString());
      if (!sr.discardedExamples().isEmpty()) {
        property(
            x,
            "shard.discarded-examples",
            sr.discardedExamples().stream().map(String::valueOf).collect(Collectors.joining(" ")));
      }
      for (Map.Entry<String, Long> l : sr.labels().entrySet())
        property(x, "shard.label." + l.getKey(), l.getValue().toString());
    }
    for (Map.Entry<String, Long> c : r.counts().entrySet())
      property(x, "counts." + c.getKey(), c.getValue().toString());
    if (r.counterexample() != null) property(x, "counterexample", r.counterexample());
    x.writeEndElement();
    String message = r.message() == null ? r.verdict().word() : r.message();
    switch (r.verdict()) {
      case FAILED, GAVE_UP -> outcome(x, "failure", r.verdict().word(), message);
      case ERROR -> outcome(x, "error", r.verdict().word(), message);
      case SKIPPED -> outcome(x, "skipped", null, message);
      default -> {
        if (r.message() != null) {
          x.writeCharacters("\n      ");
          x.writeStartElement("system-out");
          x.writeCharacters(r.message());
          x.writeEndElement();
        }
      }
    }
    x.writeCharacters("\n    ");
    x.writeEndElement();
  }

  private static void outcome(XMLStreamWriter x, String element, String type, String message)
      throws XMLStreamException {
    x.writeCharacters("\n      ");
    x.writeStartElement(element);
    x.writeAttribute("message", message);
    if (type != null) x.writeAttribute("type", type);
    x.writeEndElement();
  }

  private static void property(XMLStreamWriter x, String name, String value)
      throws XMLStreamException {
    x.writeCharacters("\n        ");
    x.writeEmptyElement("property");
    x.writeAttribute("name", name);
    x.writeAttribute("value", value);
  }

  private static long count(List<Result> rs, Verdict... vs) {
    List<Verdict> l = List.of(vs);
    return rs.stream().filter(r -> l.contains(r.verdict())).count();
  }

  private static String seconds(double s) {
    return String.format(Locale.ROOT, "%.3f", s);
  }
}
