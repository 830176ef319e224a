package org.okl.api.plugin;

import org.okl.api.API;

/**
 * A named pipeline of a paper (for example {@code iokr} or {@code kde-covariance}), usable as
 * {@code {"preset": "iokr", ...}} in a pipeline file, where the file's own keys override the template's.
 *
 * @param id          the pipeline name
 * @param description one line: method and paper
 * @param json        the pipeline as a JSON object, in the pipeline-file format
 */
@API(status = API.Status.MAINTAINED, since = "0.1")
public record PipelineTemplate(String id, String description, String json) {
}
