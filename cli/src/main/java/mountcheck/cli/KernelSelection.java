package mountcheck.cli;

import java.util.ArrayList;
import java.util.List;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import picocli.CommandLine.ITypeConverter;

/**
 * The kernels a campaign runs on: one kernel of the registry, or {@code all}: every guest kernel,
 * then the host.
 */
record KernelSelection(List<Kernel> kernels) {
  /** The word that selects every kernel. */
  static final String ALL = "all";

  static KernelSelection of(Kernel kernel) {
    return new KernelSelection(List.of(kernel));
  }

  /** Reads {@code K} or {@code all}. */
  static final class Converter implements ITypeConverter<KernelSelection> {
    @Override
    public KernelSelection convert(String value) {
      if (!value.equals(ALL)) return of(new KernelConverter().convert(value));
      List<Kernel> every = new ArrayList<>(Kernels.guests());
      every.add(Kernels.host());
      return new KernelSelection(List.copyOf(every));
    }
  }

  /** The registry's names and {@code all}, for the help. */
  static final class Names extends ArrayList<String> {
    Names() {
      super(Kernels.names());
      add(ALL);
    }
  }
}
