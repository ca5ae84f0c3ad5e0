package mountcheck.cli.rcu;

import java.util.stream.Collectors;
import mountcheck.model.rcu.Variant;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts a --variant NAME to the variant, naming the valid ones on error. */
public final class VariantOption implements ITypeConverter<Variant> {
  @Override
  public Variant convert(String value) {
    return Variant.byName(value)
        .orElseThrow(
            () ->
                new TypeConversionException(
                    "unknown variant '"
                        + value
                        + "'; one of: "
                        + Variant.ALL.stream()
                            .map(Variant::name)
                            .collect(Collectors.joining(", "))));
  }
}
