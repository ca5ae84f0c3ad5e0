package mountcheck.properties.scenario;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mountcheck.model.ops.Bind;
import mountcheck.model.ops.ChangeType;
import mountcheck.model.ops.MountTmpfs;
import mountcheck.model.ops.Nsenter;
import mountcheck.model.ops.Operation;
import mountcheck.model.ops.PersistNamespace;
import mountcheck.model.ops.Remount;
import mountcheck.model.ops.Umount;
import mountcheck.model.ops.Unshare;

/**
 * How complex a scenario is, compared in this order: commands; tokens (path components plus flags:
 * {@code --rbind}, {@code -l}, {@code -r} forms, {@code -U}, a {@code --propagation} option);
 * distinct tmpfs source labels; characters of the script; the script text itself. Every rewrite of
 * the scenario shrinker must lower this measure, so shrinking terminates.
 */
record ScenarioSize(int commands, int tokens, int labels, int chars, String text)
    implements Comparable<ScenarioSize> {

  static ScenarioSize of(List<Operation> ops) {
    int tokens = 0;
    int chars = 0;
    Set<String> labels = new HashSet<>();
    StringBuilder text = new StringBuilder();
    for (Operation op : ops) {
      tokens += 1;
      for (String p : ScenarioPaths.paths(op)) tokens += ScenarioPaths.depth(p);
      tokens += flags(op);
      if (op instanceof MountTmpfs t) labels.add(t.source());
      String line = op.toCommand();
      chars += line.length();
      text.append(line).append('\n');
    }
    return new ScenarioSize(ops.size(), tokens, labels.size(), chars, text.toString());
  }

  private static int flags(Operation op) {
    if (op instanceof Bind b) return (b.recursive() ? 1 : 0) + b.options().size();
    if (op instanceof MountTmpfs t) return t.options().size();
    if (op instanceof Remount r) return (r.bind() ? 0 : 1) + r.options().size();
    if (op instanceof Umount u) return u.lazy() ? 1 : 0;
    if (op instanceof ChangeType c) return c.recursive() ? 1 : 0;
    if (op instanceof Unshare u) {
      return (u.newUserNamespace() ? 1 : 0)
          + (u.propagation() == Unshare.NamespacePropagation.PRIVATE ? 0 : 1);
    }
    if (op instanceof PersistNamespace p) {
      return (p.newUserNamespace() ? 1 : 0)
          + (p.propagation() == Unshare.NamespacePropagation.PRIVATE ? 0 : 1);
    }
    if (op instanceof Nsenter n) return 1 + flags(n.command());
    return 0;
  }

  @Override
  public int compareTo(ScenarioSize o) {
    if (commands != o.commands) return Integer.compare(commands, o.commands);
    if (tokens != o.tokens) return Integer.compare(tokens, o.tokens);
    if (labels != o.labels) return Integer.compare(labels, o.labels);
    if (chars != o.chars) return Integer.compare(chars, o.chars);
    return text.compareTo(o.text);
  }
}
