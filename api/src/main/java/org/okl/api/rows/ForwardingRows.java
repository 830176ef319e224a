package org.okl.api.rows;

import java.util.List;
import org.okl.api.API;

/**
 * Rows seen through another source: the size, the dimensions, the output names, the description and whether the
 * inputs are sparse are the source's unless a subclass says otherwise; the blocks, samples, the in-memory form and
 * preparation are each subclass's own (a view that filters, transforms or checks the rows decides them).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.3")
public abstract class ForwardingRows implements RowSource {
    /** The rows this view reads. */
    protected final RowSource rows;

    /** A view of the given rows. */
    protected ForwardingRows(RowSource rows) {
        this.rows = rows;
    }

    @Override
    public long size() {
        return rows.size();
    }

    @Override
    public int dimension() {
        return rows.dimension();
    }

    @Override
    public int outputDimension() {
        return rows.outputDimension();
    }

    @Override
    public List<String> outputNames() {
        return rows.outputNames();
    }

    @Override
    public String description() {
        return rows.description();
    }

    @Override
    public boolean sparse() {
        return rows.sparse();
    }
}
