package org.okl.parquet.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;

/**
 * The pages of one column chunk, kept as they are read, so that {@link BulkColumn} can look at them first and then,
 * when it declines, hand them unchanged to Parquet's column reader ({@link #replay()}): a page is read (and
 * decompressed, its checksum checked) once either way. A failure to read a page is kept and thrown again where the
 * replay reaches it, so the column reader fails at the same page as it would alone.
 */
final class BufferedPages {
    private final PageReader source;
    private final List<DataPage> read = new ArrayList<>();
    private DictionaryPage dictionary;
    private boolean dictionaryRead;
    private RuntimeException failure;
    private RuntimeException dictionaryFailure;
    private boolean ended;

    /** @param source the chunk's page reader, not read yet */
    BufferedPages(PageReader source) {
        this.source = source;
    }

    /** The chunk's dictionary page, or null when it has none. */
    DictionaryPage dictionaryPage() {
        if (!dictionaryRead) {
            dictionaryRead = true;
            try {
                dictionary = source.readDictionaryPage();
            } catch (RuntimeException e) {
                dictionaryFailure = e;
            }
        }
        if (dictionaryFailure != null) {
            throw dictionaryFailure;
        }
        return dictionary;
    }

    /**
     * The chunk's next data page, or null at its end. A version 1 page's bytes are made into one buffer that can
     * be read more than once (the replay reads them again).
     *
     * @throws IOException when the page's bytes cannot be read
     */
    DataPage next() throws IOException {
        if (ended) {
            return null;
        }
        dictionaryPage();
        DataPage page;
        try {
            page = source.readPage();
        } catch (RuntimeException e) {
            failure = e;
            ended = true;
            throw e;
        }
        if (page == null) {
            ended = true;
            return null;
        }
        if (page instanceof DataPageV1 v1) {
            ByteBuffer bytes = v1.getBytes().toByteBuffer();
            page = new DataPageV1(BytesInput.from(bytes), v1.getValueCount(), v1.getUncompressedSize(),
                    v1.getStatistics(), v1.getRlEncoding(), v1.getDlEncoding(), v1.getValueEncoding());
        }
        read.add(page);
        return page;
    }

    /** The bytes of a version 1 page read by {@link #next()} (a view, little-endian, from its first byte). */
    static ByteBuffer bytes(DataPageV1 page) throws IOException {
        return page.getBytes().toByteBuffer().slice().order(java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    /** A page reader that gives the pages read so far again, then the rest of the chunk. */
    PageReader replay() {
        return new PageReader() {
            private int at;

            @Override
            public DictionaryPage readDictionaryPage() {
                return dictionaryPage();
            }

            @Override
            public long getTotalValueCount() {
                return source.getTotalValueCount();
            }

            @Override
            public DataPage readPage() {
                if (at < read.size()) {
                    return read.get(at++);
                }
                if (failure != null) {
                    throw failure;
                }
                if (ended) {
                    return null;
                }
                DataPage page = source.readPage();
                if (page == null) {
                    ended = true;
                }
                return page;
            }
        };
    }
}
