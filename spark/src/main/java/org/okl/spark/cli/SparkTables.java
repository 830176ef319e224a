package org.okl.spark.cli;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StringType;
import org.okl.api.error.ErrorCode;
import org.okl.api.error.OklException;
import org.okl.core.data.ColumnSelection;
import org.okl.spark.data.ColumnLayout;

/**
 * Data files as Spark data sets for the {@code okl-spark} commands: any format Spark reads ({@code csv}, the default,
 * {@code parquet}, {@code orc}, {@code json}), from any Hadoop path. CSV follows OKL's conventions: the first record
 * is a header when one of its fields is not a number, else the columns are named {@code c0, c1, ...}; values are read
 * as doubles (made-up names are marked {@link ColumnLayout#GENERATED_NAME}, so models record positions only). Columns
 * are chosen as on {@code okl}'s command line ({@link ColumnSelection}: {@code 0:128}, {@code a,b},
 * {@code -1}).
 */
public final class SparkTables {
    private SparkTables() {
    }

    /** Reads a data set. */
    public static Dataset<Row> read(SparkSession spark, String path, String format) {
        if (!format.equals("csv")) {
            return spark.read().format(format).load(path);
        }
        List<Row> head = spark.read().option("header", "false").csv(path).takeAsList(1);
        if (head.isEmpty()) {
            throw new OklException(ErrorCode.INVALID_DATA, path + ": empty file: no header and no data rows");
        }
        Row first = head.get(0);
        boolean header = false;
        for (int j = 0; j < first.size(); j++) {
            header |= !first.isNullAt(j) && notNumber(first.getString(j));
        }
        Dataset<Row> data = spark.read().option("header", Boolean.toString(header)).csv(path);
        if (!header) {
            String[] names = new String[data.columns().length];
            for (int j = 0; j < names.length; j++) {
                names[j] = "c" + j;
            }
            data = data.toDF(names);
            Metadata generated = new MetadataBuilder().putBoolean(ColumnLayout.GENERATED_NAME, true).build();
            for (String name : names) {
                data = data.withMetadata(name, generated);
            }
        }
        return data;
    }

    private static boolean notNumber(String field) {
        try {
            Double.parseDouble(field.trim());
            return false;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    /**
     * The names of the columns a selection chooses.
     *
     * @param option the option, for messages ({@code --inputs})
     */
    public static List<String> select(Dataset<Row> data, String option, String selection) {
        List<String> names = List.of(data.columns());
        try {
            int[] chosen = ColumnSelection.parse(selection).resolve(names);
            List<String> out = new ArrayList<>();
            for (int j : chosen) {
                out.add(names.get(j));
            }
            return out;
        } catch (IllegalArgumentException e) {
            throw new OklException(ErrorCode.INVALID_DATA, option + ": " + e.getMessage());
        }
    }

    /**
     * The data set with its text columns among {@code columns} read as doubles (CSV values); a value that is not a
     * number becomes null, which the readers report with its column.
     */
    public static Dataset<Row> numeric(Dataset<Row> data, List<String> columns) {
        List<Column> out = new ArrayList<>();
        for (String name : data.columns()) {
            Column c = functions.col(name);
            boolean text = data.schema().apply(name).dataType() instanceof StringType;
            out.add(columns.contains(name) && text ? functions.expr("try_cast(`" + name.replace("`", "``")
                    + "` as double)").as(name, data.schema().apply(name).metadata()) : c);
        }
        return data.select(out.toArray(new Column[0]));
    }
}
