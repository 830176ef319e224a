/**
 * The hook through which the runtime hands the heavy parts of large fits, predictions and decodings to a compute
 * device (a GPU): {@link org.okl.linalg.device.ComputeDevice} (the operations, the facet a device plugin's
 * {@link org.okl.api.execution.ExecutionBackEnd} offers) and {@link org.okl.linalg.device.ComputeDevices} (one
 * runtime's devices with its {@code okl.gpu} setting, {@code auto|on|off}, and whether a piece of work is large enough
 * to gain). Components reach their runtime's devices through their context ({@link
 * org.okl.linalg.device.ComputeDevices#of}) and run the CPU route whenever no device is present, the setting is off,
 * the work is small, or the device declines.
 */
package org.okl.linalg.device;
