package mountcheck.cli;

import java.util.Iterator;
import mountcheck.model.kernels.Kernel;
import mountcheck.model.kernels.Kernels;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a kernel's name into the registry's {@link Kernel}; its completion candidates (and so the
 * help's list) are the registry's names. An unknown name is a one-line usage error.
 */
final class KernelConverter implements ITypeConverter<Kernel> {
  @Override
  public Kernel convert(String value) {
    return Kernels.byName(value)
        .orElseThrow(
            () ->
                new TypeConversionException(
                    "unknown kernel '" + value + "'; choose one of " + Kernels.names()));
  }

  /** The registry's kernel names, for picocli's completion candidates and help. */
  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Kernels.names().iterator();
    }
  }
}
