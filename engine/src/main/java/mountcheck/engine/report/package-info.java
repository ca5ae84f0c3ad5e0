/** Rendering of property runs for people: the Markdown summary table. */
package mountcheck.engine.report;
