/**
 * Reproductions of Baldassarre, Rosasco, Barla and Verri, "Multi-output learning via spectral filtering" (Machine
 * Learning 2012): the related-tasks toy problem and its model-selection timings, the divergence-free / curl-free
 * vector fields, and the school data, plus the small shared helpers (summaries, charts) of these experiments.
 */
package org.okl.experiments.baldassarre;
