/**
 * Results as tables: {@link org.okl.experiments.table.ResultTable}, printed as aligned text and as Markdown, and
 * {@link org.okl.experiments.table.Stats}, the summaries of repeated measurements that fill its cells. A leaf that
 * the experiments, their verdicts and the reports share.
 */
package org.okl.experiments.table;
