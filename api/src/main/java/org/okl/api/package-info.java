/**
 * The OKL extension points. This module depends on nothing but the JDK: a plugin author compiles against this JAR
 * alone, implements {@link org.okl.api.plugin.OklPlugin} and registers it in
 * {@code META-INF/services/org.okl.api.plugin.OklPlugin}.
 */
package org.okl.api;
