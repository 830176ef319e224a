package org.okl.spark.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;
import org.okl.api.error.OklException;
import org.okl.spark.OklKryoRegistrator;

/** Kryo without OKL's registrator is refused before a job, with the setting to add; Java serialization passes. */
class SerializerCheckTest {

    @Test
    void kryoNeedsTheRegistratorAndJavaSerializationDoesNot() {
        assertThatCode(() -> SerializerCheck.require(new SparkConf(false))).doesNotThrowAnyException();
        SparkConf kryo = new SparkConf(false).set("spark.serializer", SerializerCheck.KRYO);
        assertThatThrownBy(() -> SerializerCheck.require(kryo)).isInstanceOf(OklException.class)
                .hasMessageContaining("add --conf spark.kryo.registrator=org.okl.spark.OklKryoRegistrator (");
        SparkConf other = kryo.clone().set("spark.kryo.registrator", "com.acme.Registrator");
        assertThatThrownBy(() -> SerializerCheck.require(other)).isInstanceOf(OklException.class)
                .hasMessageContaining("spark.kryo.registrator=org.okl.spark.OklKryoRegistrator,com.acme.Registrator");
        assertThatCode(() -> SerializerCheck.require(other.clone().set("spark.kryo.registrator",
                "com.acme.Registrator, " + OklKryoRegistrator.class.getName()))).doesNotThrowAnyException();
        assertThat(SerializerCheck.REGISTRATOR).isEqualTo(OklKryoRegistrator.class.getName());
    }
}
