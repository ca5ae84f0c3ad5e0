package mountcheck.cli;

import mountcheck.engine.Shard;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code --shard I/N}; a bad value is a one-line usage error naming the option. */
final class ShardConverter implements ITypeConverter<Shard> {
  /** The option's help text, shared by every sharded command. */
  static final String HELP =
      "run only shard I of N (0 <= I < N) of the campaign: the examples whose index is I modulo N;"
          + " the N shards with one seed do exactly the unsharded run's work ('mountcheck merge'"
          + " combines their results) (default: 0/1, the whole campaign)";

  @Override
  public Shard convert(String value) {
    try {
      return Shard.parse(value);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
