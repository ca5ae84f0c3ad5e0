package mountcheck.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The accepted range of a numeric option. A numeric option without it must be positive; options
 * named {@code --seed} take any 64-bit number. {@link NumericFlags} enforces it before a command
 * runs.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Bounds {
  /** The smallest accepted value. */
  double min() default Double.NEGATIVE_INFINITY;

  /** The largest accepted value. */
  double max() default Double.POSITIVE_INFINITY;
}
