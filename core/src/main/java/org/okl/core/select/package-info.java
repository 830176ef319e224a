/**
 * Model selection pieces: seeded splitters, validation curves, path errors, closed-form Tikhonov leave-one-out and
 * early stopping.
 */
package org.okl.core.select;
