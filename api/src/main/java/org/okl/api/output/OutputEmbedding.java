package org.okl.api.output;

import org.okl.api.API;
import org.okl.api.component.ComponentContext;

/**
 * Maps outputs into the space where the regression happens: explicit vectors (regression, label codings), the
 * feature space of an output kernel (implicit), or a learned embedding (OEL). Third parties implement this to add
 * a new way of representing structured outputs.
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface OutputEmbedding {

    /** Fits the embedding on the training outputs (and any extra unlabelled outputs). */
    FittedOutputEmbedding fit(OutputData data, ComponentContext context);
}
