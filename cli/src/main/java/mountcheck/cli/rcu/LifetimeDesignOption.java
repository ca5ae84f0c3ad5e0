package mountcheck.cli.rcu;

import java.util.stream.Collectors;
import mountcheck.model.rcu.LifetimeDesign;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converts a --variant NAME to the variant, naming the valid ones on error. */
public final class LifetimeDesignOption implements ITypeConverter<LifetimeDesign> {
  @Override
  public LifetimeDesign convert(String value) {
    return LifetimeDesign.byName(value)
        .orElseThrow(
            () ->
                new TypeConversionException(
                    "unknown variant '"
                        + value
                        + "'; one of: "
                        + LifetimeDesign.ALL.stream()
                            .map(LifetimeDesign::name)
                            .collect(Collectors.joining(", "))));
  }
}
