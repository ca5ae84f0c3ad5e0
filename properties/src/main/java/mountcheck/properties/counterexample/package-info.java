/**
 * Counterexample files: runnable scenario scripts with a {@code # key: value} header (property,
 * algorithm or variant, seed, commands before and after shrinking, message, expected, actual,
 * status, and the {@code # run:} line that replays the file on a kernel), a blank line, then the
 * scenario's command lines only.
 */
package mountcheck.properties.counterexample;
