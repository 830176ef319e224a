import java.util.List;
import org.apache.spark.connect.proto.Command;
import org.apache.spark.connect.proto.DataType;
import org.apache.spark.connect.proto.ExecutePlanResponse;
import org.apache.spark.connect.proto.Expression;
import org.apache.spark.connect.proto.MlCommand;
import org.apache.spark.connect.proto.MlOperator;
import org.apache.spark.connect.proto.MlParams;
import org.apache.spark.connect.proto.MlRelation;
import org.apache.spark.connect.proto.ObjectRef;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connect.Dataset;
import org.apache.spark.sql.connect.SparkSession;

/**
 * SparkConnectIT's client, compiled by the test against the Spark Connect JVM client: that client has no Spark ML API
 * (no org.apache.spark.ml classes), so it sends the messages pyspark.ml sends over Connect, MlCommand.Fit (OKL's
 * estimator by class name, its parameters, the data set's plan) and MlRelation.Transform (the fitted model's
 * reference), through the session's execute(Command) and newDataFrame. Prints FITTED, SCHEMA and one ROW line per
 * row (y, prediction).
 */
public class ConnectClient {
    static Expression.Literal text(String s) {
        return Expression.Literal.newBuilder().setString(s).build();
    }

    public static void main(String[] args) {
        SparkSession spark = (SparkSession) SparkSession.builder().remote("sc://127.0.0.1:" + args[0]).getOrCreate();
        Dataset<Row> data = spark.sql("select id, rand(1) as x0, rand(2) as x1, rand(3) as x2 from range(300)")
                .selectExpr("id", "x0", "x1", "x2", "sin(3 * x0) + x1 * x2 as y");
        Relation input = data.plan().getRoot();
        Expression.Literal columns = Expression.Literal.newBuilder().setArray(Expression.Literal.Array.newBuilder()
                .setElementType(DataType.newBuilder().setString(DataType.String.newBuilder()))
                .addElements(text("x0")).addElements(text("x1")).addElements(text("x2"))).build();
        MlParams params = MlParams.newBuilder().putParams("pipeline", text(args[1])).putParams("labelCol", text("y"))
                .putParams("inputCols", columns).build();
        Command fit = Command.newBuilder().setMlCommand(MlCommand.newBuilder().setFit(MlCommand.Fit.newBuilder()
                .setEstimator(MlOperator.newBuilder().setName("org.okl.spark.OklEstimator").setUid("okl-connect")
                        .setType(MlOperator.OperatorType.OPERATOR_TYPE_ESTIMATOR))
                .setParams(params).setDataset(input))).build();
        String id = null;
        for (ExecutePlanResponse r : scala.jdk.javaapi.CollectionConverters.asJava(spark.execute(fit))) {
            if (r.hasMlCommandResult()) {
                id = r.getMlCommandResult().getOperatorInfo().getObjRef().getId();
            }
        }
        System.out.println("FITTED " + id);
        Relation transform = Relation.newBuilder().setMlRelation(MlRelation.newBuilder().setTransform(
                MlRelation.Transform.newBuilder().setObjRef(ObjectRef.newBuilder().setId(id)).setInput(input)))
                .build();
        Dataset<Row> predicted = spark.newDataFrame(b -> {
            b.mergeFrom(transform);
            return scala.runtime.BoxedUnit.UNIT;
        });
        System.out.println("SCHEMA " + predicted.schema().simpleString());
        List<Row> rows = predicted.select("y", "prediction").collectAsList();
        rows.forEach(r -> System.out.println("ROW " + r.getDouble(0) + " " + r.getDouble(1)));
        System.exit(0);
    }
}
