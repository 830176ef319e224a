/** Memory planning: large allocations checked against the heap before they are made, out of memory as a user error. */
package org.okl.linalg.memory;
