package mountcheck.model.ops;

import mountcheck.model.ops.Unshare.NamespacePropagation;

/**
 * {@code unshare -m [--propagation P] --mount=FILE true} (or {@code -Urm}): util-linux makes a new
 * mount namespace, applies its propagation step there, and binds the namespace's file ({@code
 * /proc/PID/ns/mnt}, an nsfs mount) onto FILE in the shell's own namespace, the way {@code ip
 * netns} keeps network namespaces. The shell stays where it is; {@code true} exits at once, so the
 * namespace lives exactly as long as something refers to it (the nsfs mount on FILE).
 */
public record PersistNamespace(
    boolean newUserNamespace, NamespacePropagation propagation, String file) implements Operation {

  @Override
  public String toCommand() {
    String base = newUserNamespace ? "unshare -Urm" : "unshare -m";
    if (propagation != NamespacePropagation.PRIVATE) base += " --propagation " + propagation.word();
    return base + " --mount=" + file + " true";
  }
}
