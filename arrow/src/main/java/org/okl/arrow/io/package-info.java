/** Reading and writing Apache Arrow IPC files and streams (Feather v2) through Apache Arrow Java. */
package org.okl.arrow.io;
