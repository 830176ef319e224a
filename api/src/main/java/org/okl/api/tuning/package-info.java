/**
 * Decoders tuned on held-out predictions for a metric: {@link org.okl.api.tuning.TunableDecoder} joins the decoder
 * and metric extension points, which do not depend on each other.
 */
package org.okl.api.tuning;
